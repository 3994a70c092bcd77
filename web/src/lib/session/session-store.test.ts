import { describe, expect, it } from 'vitest';
import type { Me } from '@contract/schemas/session';
import { createSessionStore, pickAccount, type KeyValueStorage } from './session-store';

const me: Me = {
  user: 'admin',
  role: 'admin',
  permissions: ['trade.read'],
  accounts: [
    { name: 'main', uid: '1000001' },
    { name: 'sub', uid: '1000002' },
  ],
  defaultAccount: 'sub',
  csrfToken: 't',
};

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (k) => data[k] ?? null, setItem: (k, v) => void (data[k] = v) };
}

describe('pickAccount', () => {
  it('keeps the remembered account while the user may still use it', () => {
    expect(pickAccount(me, 'main')).toBe('main');
  });
  it('falls back to the default when the remembered account is no longer allowed', () => {
    expect(pickAccount(me, 'broker')).toBe('sub');
  });
  it('falls back to the first account when there is no default', () => {
    expect(pickAccount({ ...me, defaultAccount: null }, null)).toBe('main');
  });
  it('gives null when the user has no account', () => {
    expect(pickAccount({ ...me, accounts: [], defaultAccount: null }, null)).toBeNull();
  });
});

describe('session store', () => {
  it('chooses an account when the user signs in, and none when signed out', () => {
    const store = createSessionStore(memoryStorage());
    store.getState().setMe(me);
    expect(store.getState().account).toBe('sub');
    store.getState().setMe(null);
    expect(store.getState().account).toBeNull();
  });

  it('remembers the chosen account across page loads', () => {
    const storage = memoryStorage();
    const first = createSessionStore(storage);
    first.getState().setMe(me);
    first.getState().setAccount('main');
    const second = createSessionStore(storage);
    second.getState().setMe(me);
    expect(second.getState().account).toBe('main');
  });

  it('refuses to switch to an account the user may not use', () => {
    const store = createSessionStore(memoryStorage());
    store.getState().setMe(me);
    store.getState().setAccount('broker');
    expect(store.getState().account).toBe('sub');
  });
});
