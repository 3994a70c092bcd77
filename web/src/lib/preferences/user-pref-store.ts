// A preference kept per signed-in user in this browser (the proxy keeps no per-user
// settings): stored in localStorage under `desk.<name>.<user>`, read back through a parser
// that answers undefined for anything malformed (then the default applies), and re-read
// when another user signs in on the same page. The order confirmation and the
// notification sounds are such preferences.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sessionStore, type KeyValueStorage } from '@web/lib/session/session-store';

export interface UserPref<T> {
  /** Storage key stem: the value lives under `desk.<name>.<user>`. */
  name: string;
  defaults: T;
  /** The stored JSON's value, or undefined when it is not a valid preference. */
  parse(raw: unknown): T | undefined;
}

interface PrefState<T> {
  user: string | null;
  pref: T;
  set(pref: T): void;
}

export type UserPrefStore<T> = StoreApi<PrefState<T>>;

/** The stored preference, or the default when none or a malformed one is stored. */
export function readUserPref<T>(spec: UserPref<T>, storage: KeyValueStorage | null, user: string | null): T {
  if (!storage || !user) return spec.defaults;
  try {
    return spec.parse(JSON.parse(storage.getItem(`desk.${spec.name}.${user}`) ?? 'null')) ?? spec.defaults;
  } catch {
    // Unreadable storage or JSON: the default.
    return spec.defaults;
  }
}

export function createUserPrefStore<T>(spec: UserPref<T>, storage: KeyValueStorage | null, currentUser: () => string | null): UserPrefStore<T> {
  return createStore<PrefState<T>>()((set) => ({
    user: currentUser(),
    pref: readUserPref(spec, storage, currentUser()),
    set: (pref) => {
      const user = currentUser();
      try {
        if (user) storage?.setItem(`desk.${spec.name}.${user}`, JSON.stringify(pref));
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
      }
      set({ user, pref });
    },
  }));
}

const browserStorage = typeof localStorage === 'undefined' ? null : localStorage;

/** The page's store of one preference, following the signed-in user. */
export function userPrefStore<T>(spec: UserPref<T>): UserPrefStore<T> {
  const store = createUserPrefStore(spec, browserStorage, () => sessionStore.getState().me?.user ?? null);
  sessionStore.subscribe((s) => {
    const user = s.me?.user ?? null;
    if (user !== store.getState().user) store.setState({ user, pref: readUserPref(spec, browserStorage, user) });
  });
  return store;
}

export function useUserPref<T>(store: UserPrefStore<T>): [T, (p: T) => void] {
  return [useStore(store, (s) => s.pref), useStore(store, (s) => s.set)];
}
