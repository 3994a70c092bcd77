import { describe, expect, it } from 'vitest';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcPerp, btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { checkBatch, chunk, emptyRow, matchBatchResults, rowSizeUnit, type BatchRow } from './batch-rows';

const ctx = { meta: instrumentMeta(btcSpot) as InstrumentMeta, holdMode: 'one_way_mode' as const };
const perp = instrumentMeta(btcPerp) as InstrumentMeta;
const row = (over: Partial<BatchRow>): BatchRow => ({ ...emptyRow(), price: '60000.00', qty: '0.0010', ...over });

describe('checkBatch', () => {
  it('builds one place-order body per row, each with its own clientOid', () => {
    const rows = [row({}), row({ side: 'sell', price: '70000.00' })];
    const r = checkBatch(rows, ctx);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.orders).toHaveLength(2);
    expect(r.orders[1]).toMatchObject({ side: 'sell', price: '70000.00', clientOid: rows[1]!.clientOid });
  });

  it('sends nothing while any row is invalid, and names the row and field', () => {
    const bad = row({ price: '60000.001' });
    const r = checkBatch([row({}), bad], ctx);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.get(bad.key)?.price).toMatch(/multiple of 0\.01/);
    expect(r.message).toBe('1 of 2 rows need fixing; nothing was sent');
  });

  it('sizes a spot market buy row in the quote coin it spends, and every other row in the base coin', () => {
    const buy = row({ orderType: 'market', price: '', qty: '100' });
    const sell = row({ orderType: 'market', side: 'sell', price: '', qty: '0.0010' });
    expect(rowSizeUnit(buy, ctx.meta)).toBe('quote');
    expect(rowSizeUnit(sell, ctx.meta)).toBe('base');
    expect(rowSizeUnit(row({}), ctx.meta)).toBe('base');
    expect(rowSizeUnit(buy, perp)).toBe('base');
    const r = checkBatch([buy, sell], ctx);
    expect(r.ok && r.orders.map((o) => o.qty)).toEqual(['100', '0.0010']);
    // 0.001 of a coin is no amount of USDT: the spot market buy row is refused, naming the amount.
    const tiny = row({ orderType: 'market', price: '', qty: '0.001' });
    const refused = checkBatch([tiny], ctx);
    expect(refused.ok ? undefined : refused.errors.get(tiny.key)?.qty).toMatch(/^Amount/);
  });

  it('rejects a batch of 21 orders with a clear error', () => {
    const rows = Array.from({ length: 21 }, () => row({}));
    expect(checkBatch(rows, ctx)).toMatchObject({ ok: false, message: 'A batch holds at most 20 orders; this one has 21' });
  });

  it('refuses two rows with the same clientOid', () => {
    const a = row({ clientOid: 'same' });
    const b = row({ clientOid: 'same', key: 'other' });
    const r = checkBatch([a, b], ctx);
    expect(r.ok ? null : r.errors.get('other')?.clientOid).toMatch(/another row/);
  });
});

describe('matchBatchResults', () => {
  it('shows partial success row by row with the rejection message', () => {
    const rows = [row({ clientOid: 'a', key: 'a' }), row({ clientOid: 'b', key: 'b' }), row({ clientOid: 'c', key: 'c' })];
    const out = matchBatchResults(rows, [
      { orderId: '1', clientOid: 'a', code: '00000', msg: 'success' },
      { orderId: '', clientOid: 'b', code: '25202', msg: 'Insufficient balance' },
      { orderId: '3', clientOid: 'c', code: '00000', msg: 'success' },
    ]);
    expect(out.get('a')).toEqual({ status: 'accepted', orderId: '1' });
    expect(out.get('b')).toEqual({ status: 'rejected', code: '25202', msg: 'Insufficient balance' });
    expect(out.get('c')).toEqual({ status: 'accepted', orderId: '3' });
  });
});

describe('chunk', () => {
  it('splits 45 orders into 20, 20 and 5', () => {
    expect(chunk(Array.from({ length: 45 }, (_, i) => i)).map((c) => c.length)).toEqual([20, 20, 5]);
    expect(chunk([])).toEqual([]);
  });
});
