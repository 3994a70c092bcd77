// The batch grid's logic: up to 20 rows (spec 8), each checked with the same
// tick-and-lot schema as the order form before anything is sent, then the exchange's
// per-order answer (spec 4.7 rule 4: a batch may succeed in part) matched back to its row.
import { MAX_BATCH, type BatchItemResult, type PlaceOrderRequest } from '@contract/schemas/orders';
import { newClientOid } from '@web/lib/instruments/client-oid';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { isQuoteSized, validateOrderForm, type OrderFormContext, type OrderFormErrors, type OrderFormValues } from '@web/lib/instruments/order-form-schema';

export interface BatchRow {
  key: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market';
  price: string;
  qty: string;
  timeInForce: OrderFormValues['timeInForce'];
  clientOid: string;
}

export type RowOutcome = { status: 'accepted'; orderId: string } | { status: 'rejected'; code: string; msg: string };

export { MAX_BATCH };

export function emptyRow(): BatchRow {
  const clientOid = newClientOid();
  return { key: clientOid, side: 'buy', orderType: 'limit', price: '', qty: '', timeInForce: 'gtc', clientOid };
}

/**
 * The coin a row's size is typed in: a spot or margin market buy spends an amount of the
 * quote coin (trade.md place-order `qty`), as the order form's does; every other row is a
 * quantity of the base coin. The grid names the unit on each row.
 */
export function rowSizeUnit(row: Pick<BatchRow, 'side' | 'orderType'>, meta: Pick<InstrumentMeta, 'category'>): 'base' | 'quote' {
  return isQuoteSized({ ...row, sizeUnit: 'quote' }, meta) ? 'quote' : 'base';
}

export type BatchCheck = { ok: true; orders: PlaceOrderRequest[] } | { ok: false; errors: Map<string, OrderFormErrors>; message: string };

/** Every row checked; the batch is sent only when all rows pass. */
export function checkBatch(rows: readonly BatchRow[], ctx: OrderFormContext): BatchCheck {
  if (rows.length === 0) return { ok: false, errors: new Map(), message: 'Add at least one order' };
  if (rows.length > MAX_BATCH) return { ok: false, errors: new Map(), message: `A batch holds at most ${MAX_BATCH} orders; this one has ${rows.length}` };
  const errors = new Map<string, OrderFormErrors>();
  const orders: PlaceOrderRequest[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const r = validateOrderForm({ ...row, sizeUnit: rowSizeUnit(row, ctx.meta), reduceOnly: false, posSide: '', stpMode: '' }, ctx);
    if (!r.ok) errors.set(row.key, r.errors);
    else if (seen.has(row.clientOid)) errors.set(row.key, { clientOid: 'Client order ID is used by another row' });
    else orders.push(r.order);
    seen.add(row.clientOid);
  }
  if (errors.size > 0) return { ok: false, errors, message: `${errors.size} of ${rows.length} rows need fixing; nothing was sent` };
  return { ok: true, orders };
}

/** Matches each per-order result to its row, by clientOid, else by position. */
export function matchBatchResults(rows: readonly BatchRow[], results: readonly BatchItemResult[]): Map<string, RowOutcome> {
  const out = new Map<string, RowOutcome>();
  const byOid = new Map(results.map((r) => [r.clientOid, r]));
  rows.forEach((row, i) => {
    const r = byOid.get(row.clientOid) ?? results[i];
    if (!r) return;
    out.set(row.key, r.code === '00000' || r.code === '0' ? { status: 'accepted', orderId: r.orderId } : { status: 'rejected', code: r.code, msg: r.msg });
  });
  return out;
}

/** Splits into chunks of at most `size` (cancel-batch takes 20 at a time). */
export function chunk<T>(items: readonly T[], size: number = MAX_BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
