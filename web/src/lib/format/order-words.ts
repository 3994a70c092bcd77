// An order's state, why it was canceled and what placed it, in words, as every screen shows
// them (toasts, open orders, history). Shared, so no two screens name one order's state or
// origin differently, and no raw snake_case reaches the screen.
import type { OrderState } from '@contract/schemas/common';

const stateWords: Record<OrderState, string> = {
  live: 'Live',
  new: 'New',
  partially_filled: 'Partially filled',
  filled: 'Filled',
  canceled: 'Canceled',
};

/** A state in words ("Partially filled"); a state the desk does not know is shown as sent, de-snaked. */
export function orderStateText(state: string): string {
  return stateWords[state as OrderState] ?? state.replace(/_/g, ' ');
}

const reasons: Record<string, string> = {
  user: 'by you',
  ioc: 'immediate-or-cancel: the rest could not fill at once',
  fok: 'fill-or-kill: it could not fill completely at once',
  post_only: 'post-only: it would have crossed the book and taken liquidity',
  self_trade: 'self-trade prevention: it would have traded with your own order',
  market_no_liquidity: 'no liquidity left for the market order',
  modify_failed: 'the modification failed and auto-cancel was on',
  liquidation: 'liquidation',
  system: 'by the system',
};

/** The words for a cancelSource (spec 2.8); unknown sources are shown as sent, de-snaked. */
export function cancelReasonText(source: string): string {
  if (!source) return 'no reason given';
  return reasons[source] ?? source.replace(/_/g, ' ');
}

/**
 * What placed an order when it was not the trader's own entry, from the exchange's
 * `delegateType` (trade.md lists some ninety kinds): a take profit, a stop loss or a
 * liquidation, the three a trader must tell apart from an order they placed. Undefined for
 * the trader's own orders (`normal`, `market`) and for kinds the desk does not name.
 */
export function orderSourceText(delegateType: string | undefined): 'Take profit' | 'Stop loss' | 'Liquidation' | undefined {
  if (!delegateType) return undefined;
  if (/liquidation/.test(delegateType) && !/take_over/.test(delegateType)) return 'Liquidation';
  if (/(stop_profit|_profit$|_tp_)/.test(delegateType)) return 'Take profit';
  if (/(stop_loss|_loss$|_sl_)/.test(delegateType)) return 'Stop loss';
  return undefined;
}
