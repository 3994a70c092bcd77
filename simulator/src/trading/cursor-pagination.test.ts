// spec 4.6: cursor = the minimum id of the previous page; results have ids below it;
// limit at most 100, default 100; startTime/endTime filter.
import { afterEach, describe, expect, it } from 'vitest';
import { call, ok } from '../testing/signed-client';
import { fixture, spotBuy, T0, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => f.sim.close());

type Page = { list: { orderId: string; createdTime: string }[]; cursor: string };

async function pageThrough(path: string, query: Record<string, string>): Promise<string[][]> {
  const pages: string[][] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await ok<Page>(f.sim, 'GET', path, { ...query, ...(cursor ? { cursor } : {}) });
    if (page.list.length === 0) {
      expect(page.cursor).toBe('');
      return pages;
    }
    pages.push(page.list.map((o) => o.orderId));
    expect(page.cursor).toBe(page.list[page.list.length - 1]?.orderId);
    cursor = page.cursor;
  }
}

describe('cursor pagination (spec 4.6)', () => {
  it('pages through 260 unfilled orders with no gaps or duplicates, newest first', async () => {
    f = fixture();
    const placed: string[] = [];
    for (let i = 0; i < 260; i++) {
      f.clock.advance(1);
      placed.push(f.sim.orders.place(1000001, { ...spotBuy('50000', '0.0001'), category: 'spot', orderType: 'limit', side: 'buy' }).orderId);
    }
    const pages = await pageThrough('/api/v3/trade/unfilled-orders', {});
    expect(pages.map((p) => p.length)).toEqual([100, 100, 60]);
    const seen = pages.flat();
    expect(seen).toEqual([...placed].reverse());
    expect(new Set(seen).size).toBe(260);
    // IDs sort the same as numbers and as text.
    expect([...seen].sort().reverse()).toEqual(seen);
  });

  it('honours a smaller limit and a time range', async () => {
    f = fixture();
    for (let i = 0; i < 30; i++) {
      f.clock.advance(1000);
      await f.place(spotBuy('50000', '0.0001'));
    }
    const pages = await pageThrough('/api/v3/trade/unfilled-orders', { limit: '7' });
    expect(pages.map((p) => p.length)).toEqual([7, 7, 7, 7, 2]);
    const ranged = await ok<Page>(f.sim, 'GET', '/api/v3/trade/unfilled-orders', { startTime: String(T0 + 10_000), endTime: String(T0 + 14_000) });
    expect(ranged.list.map((o) => Number(o.createdTime) - T0)).toEqual([14_000, 13_000, 12_000, 11_000, 10_000]);
  });

  it('pages history orders, fills and financial records the same way', async () => {
    f = fixture();
    for (let i = 0; i < 130; i++) await f.place(spotBuy('50000', '0.0001', { timeInForce: 'ioc' }));
    const history = await pageThrough('/api/v3/trade/history-orders', { symbol: 'BTCUSDT' });
    expect(history.map((p) => p.length)).toEqual([100, 30]);
    const records = await ok<{ list: { id: string }[]; cursor: string }>(f.sim, 'GET', '/api/v3/account/financial-records', { limit: '3' });
    expect(records.list.length).toBe(3);
    const next = await ok<{ list: { id: string }[] }>(f.sim, 'GET', '/api/v3/account/financial-records', { cursor: records.cursor });
    expect(next.list.every((r) => BigInt(r.id) < BigInt(records.cursor))).toBe(true);
    expect(next.list.length).toBeGreaterThan(0);
  });

  it('finds an order by clientOid in the pending and the history lists', async () => {
    f = fixture();
    await f.place(spotBuy('50000', '0.0001', { clientOid: 'retry-42' }));
    await f.place(spotBuy('50000', '0.0001', { clientOid: 'done-1', timeInForce: 'ioc' }));
    const open = await ok<Page>(f.sim, 'GET', '/api/v3/trade/unfilled-orders', { clientOid: 'retry-42' });
    expect(open.list).toHaveLength(1);
    const done = await ok<Page>(f.sim, 'GET', '/api/v3/trade/history-orders', { clientOid: 'done-1' });
    expect(done.list).toHaveLength(1);
    const none = await call<Page>(f.sim, 'GET', '/api/v3/trade/history-orders', { clientOid: 'retry-42' });
    expect(none.data.list).toEqual([]);
  });
});
