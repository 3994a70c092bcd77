import { describe, expect, it } from 'vitest';
import { packLevels } from './packed-levels';
import type { BookLevel } from '@contract/book/order-book';
import { buildLadder, levelsForRows } from './book-ladder';

const lvl = (price: string, size: string): BookLevel => ({ price, size, ticks: Math.round(Number(price) * 10), lots: Math.round(Number(size) * 1000) });
const opts = { priceScale: 1, sizeScale: 3, rows: 10 };

describe('buildLadder', () => {
  const bids = packLevels([lvl('100.9', '1.000'), lvl('100.1', '2.000'), lvl('99.5', '0.500')]);
  const asks = packLevels([lvl('101.1', '1.000'), lvl('101.9', '3.000'), lvl('102.0', '1.000')]);

  it('shows every level with cumulative depth at x1', () => {
    const l = buildLadder(bids, asks, { ...opts, multiple: 1 });
    expect(l.bids.map((r) => [r.price, r.cumSize])).toEqual([
      ['100.9', '1.000'],
      ['100.1', '3.000'],
      ['99.5', '3.500'],
    ]);
    expect(l.asks.at(-1)?.depthShare).toBe(1);
    expect(l.bids.at(-1)?.depthShare).toBeCloseTo(3.5 / 5);
  });

  it('groups x10 with bids rounded down and asks rounded up', () => {
    const l = buildLadder(bids, asks, { ...opts, multiple: 10 });
    expect(l.bids.map((r) => [r.price, r.size])).toEqual([
      ['100.0', '3.000'],
      ['99.0', '0.500'],
    ]);
    expect(l.asks.map((r) => [r.price, r.size])).toEqual([
      ['102.0', '5.000'],
    ]);
  });

  it('trims the view to the rows asked for', () => {
    const l = buildLadder(bids, asks, { ...opts, multiple: 1, rows: 2 });
    expect(l.bids).toHaveLength(2);
    expect(l.asks).toHaveLength(2);
  });

  it('marks the user’s own orders at the bucket they fall into', () => {
    const own = [
      { side: 'buy' as const, price: '100.1' },
      { side: 'buy' as const, price: '100.5' },
      { side: 'sell' as const, price: '101.9' },
    ];
    const x1 = buildLadder(bids, asks, { ...opts, multiple: 1, ownOrders: own });
    expect(x1.bids.map((r) => r.ownOrders)).toEqual([0, 1, 0]);
    expect(x1.asks.map((r) => r.ownOrders)).toEqual([0, 1, 0]);
    const x10 = buildLadder(bids, asks, { ...opts, multiple: 10, ownOrders: own });
    expect(x10.bids[0]?.ownOrders).toBe(2);
    expect(x10.asks[0]?.ownOrders).toBe(1);
  });
});

describe('levelsForRows', () => {
  const side = (ticks: number[]) => packLevels(ticks.map((t) => ({ ticks: t, lots: 1 })));

  it('keeps exactly the levels of the first buckets, best first', () => {
    const bids = side([1009, 1001, 995, 990, 989, 980]);
    expect(levelsForRows(bids, 10, 'bid', 2).map((l) => l.ticks)).toEqual([1009, 1001, 995, 990]);
    expect(levelsForRows(bids, 1, 'bid', 2).map((l) => l.ticks)).toEqual([1009, 1001]);
  });

  it('rounds ask buckets up, so an ask on a bucket edge starts its own bucket', () => {
    const asks = side([1001, 1010, 1011, 1020, 1021]);
    expect(levelsForRows(asks, 10, 'ask', 2).map((l) => l.ticks)).toEqual([1001, 1010, 1011, 1020]);
  });

  it('gives the ladder the same rows as grouping the whole side', () => {
    const bids = side(Array.from({ length: 400 }, (_, i) => 100_000 - i * 7));
    const asks = side(Array.from({ length: 400 }, (_, i) => 100_010 + i * 3));
    for (const multiple of [1, 10, 100, 1000]) {
      const full = buildLadder(bids, asks, { ...opts, rows: 1000, multiple });
      const cut = buildLadder(bids, asks, { ...opts, rows: 12, multiple });
      expect(cut.bids.map((r) => [r.price, r.size, r.cumSize])).toEqual(full.bids.slice(0, 12).map((r) => [r.price, r.size, r.cumSize]));
      expect(cut.asks.map((r) => [r.price, r.size, r.cumSize])).toEqual(full.asks.slice(0, 12).map((r) => [r.price, r.size, r.cumSize]));
    }
  });
});
