// Who is signed in and which exchange account the desk acts on. Lives outside React
// (zustand vanilla) because the API client and the private socket read it too.
import { createStore } from 'zustand/vanilla';
import type { Me } from '@contract/schemas/session';

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface SessionState {
  me: Me | null;
  /** The exchange account in use (sent as `x-desk-account`, and `?account=` on the private socket). */
  account: string | null;
  setMe(me: Me | null): void;
  setAccount(account: string): void;
}

const ACCOUNT_KEY = 'desk.account';

/** The account to use: the remembered one if the user may still use it, else the default, else the first. */
export function pickAccount(me: Me, remembered: string | null): string | null {
  const names = me.accounts.map((a) => a.name);
  if (remembered && names.includes(remembered)) return remembered;
  if (me.defaultAccount && names.includes(me.defaultAccount)) return me.defaultAccount;
  return names[0] ?? null;
}

export function createSessionStore(storage: KeyValueStorage | null) {
  const remembered = () => {
    try {
      return storage?.getItem(ACCOUNT_KEY) ?? null;
    } catch {
      return null;
    }
  };
  return createStore<SessionState>()((set, get) => ({
    me: null,
    account: null,
    setMe: (me) => set({ me, account: me ? pickAccount(me, get().account ?? remembered()) : null }),
    setAccount: (account) => {
      const me = get().me;
      if (me && !me.accounts.some((a) => a.name === account)) return;
      try {
        storage?.setItem(ACCOUNT_KEY, account);
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
      }
      set({ account });
    },
  }));
}

export const sessionStore = createSessionStore(typeof localStorage === 'undefined' ? null : localStorage);
