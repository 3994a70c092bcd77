import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupLevels } from './group-levels';
import type { BookLevel } from './order-book';

// priceScale 1, sizeScale 3: ticks 432311 is 43231.1, lots 1500 is 1.500
const lvl = (ticks: number, lots: number): BookLevel => ({ price: '', size: '', ticks, lots });

describe('groupLevels', () => {
  it('rounds asks UP to the bucket and sums their sizes exactly', () => {
    const asks = [lvl(432311, 100), lvl(432315, 200), lvl(432320, 300), lvl(432321, 1)];
    const out = groupLevels(asks, { side: 'ask', multiple: 10, priceScale: 1, sizeScale: 3 });
    expect(out.map((g) => [g.price, g.size, g.cumSize])).toEqual([
      ['43232.0', '0.600', '0.600'],
      ['43233.0', '0.001', '0.601'],
    ]);
  });

  it('rounds bids DOWN to the bucket', () => {
    const bids = [lvl(432319, 100), lvl(432311, 200), lvl(432310, 300), lvl(432309, 1)];
    const out = groupLevels(bids, { side: 'bid', multiple: 10, priceScale: 1, sizeScale: 3 });
    expect(out.map((g) => [g.price, g.size, g.cumLots])).toEqual([
      ['43231.0', '0.600', 600],
      ['43230.0', '0.001', 601],
    ]);
  });

  it('keeps levels as they are at a multiple of 1', () => {
    const bids = [lvl(432311, 100), lvl(432310, 200)];
    const out = groupLevels(bids, { side: 'bid', multiple: 1, priceScale: 1, sizeScale: 3 });
    expect(out.map((g) => [g.price, g.size])).toEqual([
      ['43231.1', '0.100'],
      ['43231.0', '0.200'],
    ]);
  });

  it('adds 0.1 + 0.2 to exactly 0.3, with no float drift', () => {
    const out = groupLevels([lvl(100, 1), lvl(101, 2)], { side: 'ask', multiple: 1000, priceScale: 2, sizeScale: 1 });
    expect(out).toEqual([{ price: '10.00', size: '0.3', ticks: 1000, lots: 3, cumLots: 3, cumSize: '0.3' }]);
  });

  it('rejects a multiple that is not a positive integer', () => {
    expect(() => groupLevels([], { side: 'bid', multiple: 0, priceScale: 1, sizeScale: 1 })).toThrow(/multiple must be a positive integer/);
  });

  it('never shows a bucket better than its levels and preserves the total size', () => {
    const levels = fc.array(fc.record({ ticks: fc.integer({ min: 0, max: 1e9 }), lots: fc.integer({ min: 1, max: 1e6 }) }), { maxLength: 60 });
    fc.assert(
      fc.property(levels, fc.constantFrom(1, 10, 100, 1000), fc.constantFrom('bid' as const, 'ask' as const), (raw, multiple, side) => {
        const out = groupLevels(raw.map((r) => lvl(r.ticks, r.lots)), { side, multiple, priceScale: 2, sizeScale: 4 });
        const total = raw.reduce((s, r) => s + r.lots, 0);
        expect(out.at(-1)?.cumLots ?? 0).toBe(total);
        for (const g of out) expect(g.ticks % multiple).toBe(0);
        for (const r of raw) {
          const bucket = side === 'ask' ? Math.ceil(r.ticks / multiple) * multiple : Math.floor(r.ticks / multiple) * multiple;
          expect(out.some((g) => g.ticks === bucket)).toBe(true);
        }
        // best first: bids descending, asks ascending
        for (let i = 1; i < out.length; i++) expect(side === 'bid' ? out[i]!.ticks < out[i - 1]!.ticks : out[i]!.ticks > out[i - 1]!.ticks).toBe(true);
      }),
    );
  });
});
