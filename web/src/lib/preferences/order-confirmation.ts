// The order-confirmation preference (issue 19, Protection): on by default, asked above a
// notional the user sets in Settings, remembered per user (user-pref-store.ts: saved by the
// proxy, copied in this browser). Shared by the settings screen, which edits it, and the
// order form, which obeys it, so it lives here in lib.
import { compareDecimal, isDecimalString } from '@contract/core/decimal';
import { confirmOrdersSetting } from '@contract/schemas/user-settings';
import { userPrefStore, useUserPref, type UserPref } from './user-pref-store';

export interface ConfirmationPref {
  /** Ask before sending an order whose notional is above `threshold`. */
  enabled: boolean;
  /** In the quote coin of the order (USDT on every market the desk trades); "0" asks for every order. */
  threshold: string;
}

export const defaultConfirmationPref: ConfirmationPref = { enabled: true, threshold: '1000' };

export const confirmationPref: UserPref<ConfirmationPref> = {
  name: 'confirm-orders',
  defaults: defaultConfirmationPref,
  // The contract's shape, the one the proxy checks a save against.
  parse: (raw) => {
    const p = confirmOrdersSetting.safeParse(raw);
    return p.success ? p.data : undefined;
  },
};

/**
 * Does an order of this notional need the confirmation step? An unknown notional (a market
 * order before the book has arrived) is confirmed: the protection errs towards asking.
 */
export function needsConfirmation(pref: ConfirmationPref, notional: string | undefined): boolean {
  if (!pref.enabled) return false;
  if (notional === undefined || !isDecimalString(notional)) return true;
  return compareDecimal(notional, pref.threshold) > 0 || !/[1-9]/.test(pref.threshold);
}

const confirmationStore = userPrefStore(confirmationPref);

export function useConfirmationPref(): [ConfirmationPref, (p: ConfirmationPref) => void, string | null] {
  return useUserPref(confirmationStore);
}
