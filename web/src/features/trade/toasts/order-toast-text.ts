// What a toast says about an order push (spec 3.1 states; spec 2.8 cancelSource).
// Pure, so every wording is tested.
import type { OrderPushItem } from '@contract/schemas/ws-private';
import type { MarketFormat } from '@web/lib/format/market-format';
import { filledText, isQuoteSizedOrder, orderSizeText } from '@web/lib/format/order-size-text';
import { cancelReasonText, orderSourceText } from '@web/lib/format/order-words';
import type { NotificationEvent } from '@web/lib/preferences/notification-sounds';
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';

export type ToastTone = 'success' | 'info' | 'warning' | 'error';

export interface ToastText {
  tone: ToastTone;
  title: string;
  body: string;
  /** Toasts with one key are one toast (the order's id: its events update it in place). */
  key?: string;
  /** The kind of event, for its optional sound (Settings). */
  event?: NotificationEvent;
}

/** `fmt` puts prices on the instrument's tick and sizes on its lot. */
export function orderToastText(o: OrderPushItem, fmt: MarketFormat): ToastText | null {
  const text = orderEventText(o, fmt);
  return text && { ...text, key: `order:${o.orderId}`, event: o.state as NotificationEvent };
}

function orderEventText(o: OrderPushItem, fmt: MarketFormat): ToastText | null {
  const text = plainOrderEventText(o, fmt);
  // A closing order sent by a TP/SL or a liquidation says so: the trader did not place it.
  const source = orderSourceText(o.delegateType);
  return text && source ? { ...text, title: `${source}: ${text.title.toLowerCase()}` } : text;
}

function plainOrderEventText(o: OrderPushItem, fmt: MarketFormat): ToastText | null {
  const size = orderSizeText(o, fmt);
  const filled = filledText(o, fmt);
  const price = (v: string) => fmt.price(v, o);
  const what = `${o.side === 'buy' ? 'Buy' : 'Sell'} ${size} on ${o.symbol}`;
  const at = o.orderType === 'limit' ? ` at ${price(o.price)}` : ' at market';
  // A quote-sized buy's fills are in the base coin, so "x of y filled" would mix units.
  const progress = isQuoteSizedOrder(o) ? `${filled} bought` : `${filled} of ${size} filled`;
  switch (o.state) {
    case 'filled':
      return {
        tone: 'success',
        title: 'Order filled',
        body: `${what} filled${isQuoteSizedOrder(o) ? ` (${filled})` : ''}${o.avgPrice && /[1-9]/.test(o.avgPrice) ? ` at an average of ${price(o.avgPrice)}` : at}.`,
      };
    case 'partially_filled':
      return {
        tone: 'info',
        title: 'Order partially filled',
        body: `${what}${at}: ${progress}${o.execPrice ? `, last at ${price(o.execPrice)}` : ''}.`,
      };
    case 'canceled': {
      const after = /[1-9]/.test(o.cumExecQty) ? ` after ${filled} filled` : '';
      return { tone: o.cancelSource === 'user' ? 'info' : 'warning', title: 'Order canceled', body: `${what}${at} canceled${after}: ${cancelReasonText(o.cancelSource)}.` };
    }
    default:
      return null;
  }
}

/** What a toast says when a TP/SL fires or fails (strategy-order push); nothing for other statuses. */
export function strategyToastText(o: StrategyOrderRecord, fmt: MarketFormat): ToastText | null {
  const which = o.triggerType === 'stopLoss' ? 'Stop loss' : o.triggerType === 'takeProfit' ? 'Take profit' : 'TP/SL';
  const at = o.triggerType === 'stopLoss' ? o.stopLoss : o.triggerType === 'takeProfit' ? o.takeProfit : '';
  const by = (o.triggerType === 'stopLoss' ? o.slTriggerBy : o.tpTriggerBy) === 'mark' ? 'mark' : 'last';
  const what = `${o.symbol} ${o.posSide}${at ? ` at ${fmt.price(at, o)} (${by} price)` : ''}`;
  if (o.status === 'success') return { tone: o.triggerType === 'stopLoss' ? 'warning' : 'success', title: `${which} triggered`, body: `${which} on ${what}: a closing order was sent.`, key: `strategy:${o.orderId}`, event: 'tpsl' };
  if (o.status === 'failed') return { tone: 'error', title: `${which} failed`, body: `${which} on ${what} could not close the position.`, key: `strategy:${o.orderId}`, event: 'tpsl' };
  return null;
}
