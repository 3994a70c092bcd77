// What a toast says about an order push (spec 3.1 states; spec 2.8 cancelSource).
// Pure, so every wording is tested.
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { formatDecimal } from '@web/lib/format/format-decimal';

export type ToastTone = 'success' | 'info' | 'warning' | 'error';

export interface ToastText {
  tone: ToastTone;
  title: string;
  body: string;
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

/** The words for a cancelSource; unknown sources are shown as sent. */
export function cancelReasonText(source: string): string {
  if (!source) return 'no reason given';
  return reasons[source] ?? source.replace(/_/g, ' ');
}

export function orderToastText(o: OrderPushItem): ToastText | null {
  const what = `${o.side === 'buy' ? 'Buy' : 'Sell'} ${formatDecimal(o.qty, { group: false })} ${o.symbol}`;
  const at = o.orderType === 'limit' ? ` at ${formatDecimal(o.price)}` : ' at market';
  switch (o.state) {
    case 'filled':
      return { tone: 'success', title: 'Order filled', body: `${what} filled${o.avgPrice && /[1-9]/.test(o.avgPrice) ? ` at an average of ${formatDecimal(o.avgPrice)}` : at}.` };
    case 'partially_filled':
      return {
        tone: 'info',
        title: 'Order partially filled',
        body: `${what}${at}: ${formatDecimal(o.cumExecQty, { group: false })} of ${formatDecimal(o.qty, { group: false })} filled${o.execPrice ? `, last at ${formatDecimal(o.execPrice)}` : ''}.`,
      };
    case 'canceled': {
      const filled = /[1-9]/.test(o.cumExecQty) ? ` after ${formatDecimal(o.cumExecQty, { group: false })} filled` : '';
      return { tone: o.cancelSource === 'user' ? 'info' : 'warning', title: 'Order canceled', body: `${what}${at} canceled${filled}: ${cancelReasonText(o.cancelSource)}.` };
    }
    default:
      return null;
  }
}
