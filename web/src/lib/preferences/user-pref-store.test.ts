import { describe, expect, it } from 'vitest';
import { confirmationPref, defaultConfirmationPref } from './order-confirmation';
import { adoptRemotePref, createUserPrefStore, readUserPref, type PrefRemote } from './user-pref-store';

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

/** The proxy's copy, by user: what was saved, and whether it answers. */
function fakeRemote(user: () => string, saved: Record<string, Record<string, unknown>> = {}) {
  const state = { down: false, saves: 0 };
  const remote: PrefRemote = {
    load: async (name) => {
      if (state.down) throw new Error('the desk server did not answer');
      return saved[user()]?.[name];
    },
    save: async (name, value) => {
      if (state.down) throw new Error('the desk server did not answer');
      state.saves++;
      (saved[user()] ??= {})[name] = value;
    },
  };
  return { remote, saved, state };
}

describe('a preference saved by the proxy', () => {
  it('is saved there as well as in this browser, so another browser of the same user gets it', async () => {
    const { remote, saved } = fakeRemote(() => 'alice');
    createUserPrefStore(confirmationPref, memory(), () => 'alice', remote).getState().set({ enabled: true, threshold: '250' });
    await Promise.resolve();
    expect(saved.alice?.['confirm-orders']).toEqual({ enabled: true, threshold: '250' });

    const otherBrowser = memory();
    const store = createUserPrefStore(confirmationPref, otherBrowser, () => 'alice', remote);
    expect(store.getState().pref).toEqual(defaultConfirmationPref);
    await adoptRemotePref(confirmationPref, store, otherBrowser, remote);
    expect(store.getState().pref).toEqual({ enabled: true, threshold: '250' });
    expect(readUserPref(confirmationPref, otherBrowser, 'alice')).toEqual({ enabled: true, threshold: '250' });
  });

  it('keeps a choice made while the proxy’s copy was on its way, and ignores a malformed copy', async () => {
    const { remote } = fakeRemote(() => 'bob', { bob: { 'confirm-orders': { enabled: true, threshold: '900' } } });
    const store = createUserPrefStore(confirmationPref, memory(), () => 'bob', remote);
    const adopting = adoptRemotePref(confirmationPref, store, memory(), remote);
    store.getState().set({ enabled: false, threshold: '5' });
    await adopting;
    expect(store.getState().pref).toEqual({ enabled: false, threshold: '5' });

    const bad = fakeRemote(() => 'carol', { carol: { 'confirm-orders': { enabled: 'yes' } } });
    const other = createUserPrefStore(confirmationPref, memory(), () => 'carol', bad.remote);
    await adoptRemotePref(confirmationPref, other, memory(), bad.remote);
    expect(other.getState().pref).toEqual(defaultConfirmationPref);
  });

  it('says when a save did not reach the proxy, and keeps the choice in this browser', async () => {
    const { remote, state } = fakeRemote(() => 'dan');
    state.down = true;
    const storage = memory();
    const store = createUserPrefStore(confirmationPref, storage, () => 'dan', remote);
    store.getState().set({ enabled: true, threshold: '42' });
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().saveError).toMatch(/did not answer/);
    expect(readUserPref(confirmationPref, storage, 'dan')).toEqual({ enabled: true, threshold: '42' });
    // A proxy that does not answer a read leaves this browser's copy standing.
    await adoptRemotePref(confirmationPref, store, storage, remote);
    expect(store.getState().pref).toEqual({ enabled: true, threshold: '42' });
  });
});
