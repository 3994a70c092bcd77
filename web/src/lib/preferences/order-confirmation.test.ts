import { describe, expect, it } from 'vitest';
import { confirmationPref, defaultConfirmationPref, needsConfirmation } from './order-confirmation';
import { createUserPrefStore, readUserPref } from './user-pref-store';

const readConfirmationPref = (storage: ReturnType<typeof memory>, user: string) => readUserPref(confirmationPref, storage, user);
const createConfirmationStore = (storage: ReturnType<typeof memory>, user: () => string) => createUserPrefStore(confirmationPref, storage, user);

function memory() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('order confirmation preference', () => {
  it('is on by default, above 1000 of the quote coin', () => {
    expect(readConfirmationPref(memory(), 'alice')).toEqual(defaultConfirmationPref);
    expect(defaultConfirmationPref).toEqual({ enabled: true, threshold: '1000' });
  });

  it('asks above the threshold, not at or below it, and always when the notional is unknown', () => {
    const pref = { enabled: true, threshold: '1000' };
    expect(needsConfirmation(pref, '1000.01')).toBe(true);
    expect(needsConfirmation(pref, '1000')).toBe(false);
    expect(needsConfirmation(pref, '65.43')).toBe(false);
    expect(needsConfirmation(pref, undefined)).toBe(true);
    expect(needsConfirmation({ enabled: true, threshold: '0' }, '0.5')).toBe(true);
    expect(needsConfirmation({ enabled: false, threshold: '0' }, undefined)).toBe(false);
  });

  it('is remembered per user: alice’s choice is not bob’s', () => {
    const storage = memory();
    let user = 'alice';
    const store = createConfirmationStore(storage, () => user);
    store.getState().set({ enabled: true, threshold: '250' });
    expect(readConfirmationPref(storage, 'alice')).toEqual({ enabled: true, threshold: '250' });
    user = 'bob';
    expect(readConfirmationPref(storage, 'bob')).toEqual(defaultConfirmationPref);
    expect(createConfirmationStore(storage, () => 'alice').getState().pref.threshold).toBe('250');
  });

  it('falls back to the default on a malformed stored value', () => {
    const storage = memory();
    storage.setItem('desk.confirm-orders.alice', '{"enabled":true,"threshold":"lots"}');
    expect(readConfirmationPref(storage, 'alice')).toEqual(defaultConfirmationPref);
  });
});
