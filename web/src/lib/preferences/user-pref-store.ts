// A preference kept per signed-in user: saved by the proxy (GET and PUT /desk/settings, in
// its users store, so it follows the user to another browser and another proxy of the
// team) and copied to localStorage under `desk.<name>.<user>` so the page starts with it
// before the proxy answers. Read back through a parser that answers undefined for anything
// malformed (then the default applies), and re-read when another user signs in on the same
// page. The order confirmation and the notification sounds are such preferences.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { sessionStore, type KeyValueStorage } from '@web/lib/session/session-store';
import { deskSettings } from './desk-settings-api';

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
  /** Why the last save did not reach the proxy (kept in this browser only), or null. */
  saveError: string | null;
}

/** Where the proxy keeps a user's preferences (desk-settings-api.ts); absent: this browser only. */
export interface PrefRemote {
  /** The signed-in user's saved value of the preference named, or undefined for none. */
  load(name: string): Promise<unknown>;
  save(name: string, value: unknown): Promise<void>;
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

function writeLocal<T>(spec: UserPref<T>, storage: KeyValueStorage | null, user: string | null, pref: T): void {
  try {
    if (user) storage?.setItem(`desk.${spec.name}.${user}`, JSON.stringify(pref));
  } catch {
    // Private mode or full storage: the proxy's copy (or this page) still holds it.
  }
}

export function createUserPrefStore<T>(spec: UserPref<T>, storage: KeyValueStorage | null, currentUser: () => string | null, remote?: PrefRemote): UserPrefStore<T> {
  return createStore<PrefState<T>>()((set) => ({
    user: currentUser(),
    pref: readUserPref(spec, storage, currentUser()),
    saveError: null,
    set: (pref) => {
      const user = currentUser();
      writeLocal(spec, storage, user, pref);
      set({ user, pref, saveError: null });
      if (user && remote) {
        remote.save(spec.name, pref).catch((e: unknown) => {
          if (currentUser() === user) set({ saveError: e instanceof Error ? e.message : String(e) });
        });
      }
    },
  }));
}

/**
 * Takes the proxy's saved value for the signed-in user, unless the user changed the
 * preference meanwhile (their newer choice wins) or another user signed in.
 */
export async function adoptRemotePref<T>(spec: UserPref<T>, store: UserPrefStore<T>, storage: KeyValueStorage | null, remote: PrefRemote): Promise<void> {
  const { user, pref: before } = store.getState();
  if (!user) return;
  let raw: unknown;
  try {
    raw = await remote.load(spec.name);
  } catch {
    // The proxy did not answer: this browser's copy stands.
    return;
  }
  const saved = raw === undefined ? undefined : spec.parse(raw);
  const now = store.getState();
  if (saved === undefined || now.user !== user || now.pref !== before) return;
  writeLocal(spec, storage, user, saved);
  store.setState({ pref: saved });
}

const browserStorage = typeof localStorage === 'undefined' ? null : localStorage;

/** The page's store of one preference, following the signed-in user and saved by the proxy. */
export function userPrefStore<T>(spec: UserPref<T>): UserPrefStore<T> {
  const store = createUserPrefStore(spec, browserStorage, () => sessionStore.getState().me?.user ?? null, deskSettings);
  if (store.getState().user) void adoptRemotePref(spec, store, browserStorage, deskSettings);
  sessionStore.subscribe((s) => {
    const user = s.me?.user ?? null;
    if (user === store.getState().user) return;
    store.setState({ user, pref: readUserPref(spec, browserStorage, user), saveError: null });
    if (user) void adoptRemotePref(spec, store, browserStorage, deskSettings);
  });
  return store;
}

/** The preference, its setter, and why the last save stayed in this browser (null: the proxy has it). */
export function useUserPref<T>(store: UserPrefStore<T>): [T, (p: T) => void, string | null] {
  return [useStore(store, (s) => s.pref), useStore(store, (s) => s.set), useStore(store, (s) => s.saveError)];
}
