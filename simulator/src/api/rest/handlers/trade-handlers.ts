// Trading endpoints of spec 4.5: place, modify and cancel (singly and in batches of up to
// 20 with a code and msg per order, spec 4.7 rule 4), and the order and fill lists with
// cursor pagination (spec 4.6), which also find an order by clientOid.
import { SUCCESS_CODE, type Locale } from '@contract/core/errors';
import type { BatchItemResult } from '@contract/schemas/orders';
import type { Dialect } from '../../../core/dialect';
import { SimError } from '../../../core/sim-error';
import { cursorPage, reversed } from '../../../trading/cursor-page';
import type { OrderService } from '../../../trading/order-service';
import { isPending, orderRecord, type SimOrder } from '../../../trading/sim-order';
import { accountOf, type Handler, type HandlerRegistry } from '../handler-registry';

/**
 * One order of a batch. The seed gives every item a code and msg (spec 4.7 rule 4); the
 * live docs' examples leave both out of the items that went through.
 */
function batchItem(locale: Locale, dialect: Dialect, clientOid: string | undefined, run: () => { orderId: string; clientOid: string }): BatchItemResult {
  try {
    const done = run();
    return dialect === 'live' ? (done as BatchItemResult) : { ...done, code: SUCCESS_CODE, msg: 'success' };
  } catch (error) {
    if (!(error instanceof SimError)) throw error;
    return { orderId: '', clientOid: clientOid ?? '', code: error.code, msg: error.messageIn(locale) };
  }
}

export function registerTradeHandlers(handlers: HandlerRegistry, orders: OrderService, dialect: Dialect = 'seed'): void {
  handlers.set('placeOrder', (req, ctx) => orders.place(accountOf(ctx).uid, req));
  handlers.set('modifyOrder', (req, ctx) => orders.modify(accountOf(ctx).uid, req));
  handlers.set('cancelOrder', (req, ctx) => orders.cancel(accountOf(ctx).uid, req));

  handlers.set('placeBatch', (items, ctx) => {
    const uid = accountOf(ctx).uid;
    return items.map((item) => batchItem(ctx.locale, dialect, item.clientOid, () => orders.place(uid, item)));
  });
  handlers.set('batchModifyOrder', (items, ctx) => {
    const uid = accountOf(ctx).uid;
    return items.map((item) => batchItem(ctx.locale, dialect, item.clientOid, () => orders.modify(uid, item)));
  });
  handlers.set('cancelBatch', (items, ctx) => {
    const uid = accountOf(ctx).uid;
    return items.map((item) => batchItem(ctx.locale, dialect, item.clientOid, () => orders.cancel(uid, item)));
  });

  const listOrders =
    (pending: boolean): Handler<'unfilledOrders'> =>
    (q, ctx) => {
      const uid = accountOf(ctx).uid;
      const keep = (o: SimOrder) =>
        isPending(o) === pending &&
        (q.category === undefined || o.inst.category === q.category) &&
        (q.symbol === undefined || o.inst.symbol === q.symbol) &&
        (q.orderId === undefined || o.orderId === q.orderId) &&
        (q.clientOid === undefined || o.clientOid === q.clientOid);
      const page = cursorPage(orders.newestFirst(uid), (o) => o.orderId, (o) => o.createdTime, q, keep);
      return { list: page.list.map((o) => orderRecord(o, dialect)), cursor: page.cursor };
    };
  handlers.set('unfilledOrders', listOrders(true));
  handlers.set('historyOrders', listOrders(false));

  handlers.set('fills', (q, ctx) => {
    const uid = accountOf(ctx).uid;
    const category = q.category?.toUpperCase();
    return cursorPage(
      reversed(orders.fills.get(uid) ?? []),
      (f) => f.execId,
      (f) => Number(f.createdTime),
      q,
      (f) => (category === undefined || f.category === category) && (q.symbol === undefined || f.symbol === q.symbol) && (q.orderId === undefined || f.orderId === q.orderId),
    );
  });
}
