// The order-confirmation preference (issue 19, Protection): on by default, asked above a
// notional the user sets in Settings. The proxy keeps no per-user settings, so it is
// remembered in this browser's localStorage under the signed-in user's name: another user
// on the same browser gets their own (or the default). Shared by the settings screen,
// which edits it, and the order form, which obeys it, so it lives here in lib.
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { compareDecimal, isDecimalString } from '@contract/decimal';
import type { KeyValueStorage } from '@web/lib/session/session-store';
import { sessionStore } from '@web/lib/session/session-store';

export interface ConfirmationPref {
  /** Ask before sending an order whose notional is above `threshold`. */
  enabled: boolean;
  /** In the quote coin of the order (USDT on every market the desk trades); "0" asks for every order. */
  threshold: string;
}

export const defaultConfirmationPref: ConfirmationPref = { enabled: true, threshold: '1000' };

const keyOf = (user: string) => `desk.confirm-orders.${user}`;

/** The stored preference, or the default when none or a malformed one is stored. */
export function readConfirmationPref(storage: KeyValueStorage | null, user: string | null): ConfirmationPref {
  if (!storage || !user) return defaultConfirmationPref;
  try {
    const raw = JSON.parse(storage.getItem(keyOf(user)) ?? 'null') as Partial<ConfirmationPref> | null;
    if (raw && typeof raw.enabled === 'boolean' && typeof raw.threshold === 'string' && isDecimalString(raw.threshold)) return { enabled: raw.enabled, threshold: raw.threshold };
  } catch {
    // Unreadable storage or JSON: the default protects.
  }
  return defaultConfirmationPref;
}

/**
 * Does an order of this notional need the confirmation step? An unknown notional (a market
 * order before the book has arrived) is confirmed: the protection errs towards asking.
 */
export function needsConfirmation(pref: ConfirmationPref, notional: string | undefined): boolean {
  if (!pref.enabled) return false;
  if (notional === undefined || !isDecimalString(notional)) return true;
  return compareDecimal(notional, pref.threshold) > 0 || !/[1-9]/.test(pref.threshold);
}

interface PrefState {
  user: string | null;
  pref: ConfirmationPref;
  set(pref: ConfirmationPref): void;
}

export function createConfirmationStore(storage: KeyValueStorage | null, currentUser: () => string | null) {
  return createStore<PrefState>()((set) => ({
    user: currentUser(),
    pref: readConfirmationPref(storage, currentUser()),
    set: (pref) => {
      const user = currentUser();
      try {
        if (user) storage?.setItem(keyOf(user), JSON.stringify(pref));
      } catch {
        // Private mode or full storage: the choice lasts for this page only.
      }
      set({ user, pref });
    },
  }));
}

const storage = typeof localStorage === 'undefined' ? null : localStorage;
export const confirmationStore = createConfirmationStore(storage, () => sessionStore.getState().me?.user ?? null);
// Another user signing in on this page reads their own preference.
sessionStore.subscribe((s) => {
  const user = s.me?.user ?? null;
  if (user !== confirmationStore.getState().user) confirmationStore.setState({ user, pref: readConfirmationPref(storage, user) });
});

export function useConfirmationPref(): [ConfirmationPref, (p: ConfirmationPref) => void] {
  return [useStore(confirmationStore, (s) => s.pref), useStore(confirmationStore, (s) => s.set)];
}
