import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled } from '../core/decimal';
import type { DepthLevel } from '../schemas/ws-depth';
import { depthChecksum } from './depth-checksum';
import { depthDiff, isEmptyDelta, type LevelMap } from './depth-diff';
import { OrderBook } from './order-book';

const PRICE_SCALE = 2;
const SIZE_SCALE = 4;

function bestFirst(map: LevelMap, side: 'bid' | 'ask'): DepthLevel[] {
  return [...map.entries()]
    .sort(([x], [y]) => (side === 'bid' ? y - x : x - y))
    .map(([ticks, size]): DepthLevel => [fromScaled(ticks, PRICE_SCALE), size]);
}

describe('depthDiff', () => {
  it('lists changed and new levels with their size and vanished levels with "0"', () => {
    const prev = { bids: new Map([[100, '1'], [99, '2']]), asks: new Map([[101, '1']]) };
    const next = { bids: new Map([[100, '1.5'], [98, '3']]), asks: new Map([[101, '1']]) };
    expect(depthDiff(prev, next, PRICE_SCALE)).toEqual({ b: [['1.00', '1.5'], ['0.99', '0'], ['0.98', '3']], a: [] });
  });

  it('treats a zero size as no level: a delete in the new book, nothing in the old one', () => {
    const prev = { bids: new Map([[100, '1'], [99, '0']]), asks: new Map<number, string>() };
    const next = { bids: new Map([[100, '0.000'], [98, '0']]), asks: new Map<number, string>() };
    expect(depthDiff(prev, next, PRICE_SCALE)).toEqual({ b: [['1.00', '0']], a: [] });
  });

  it('is empty when nothing changed, so no push is due', () => {
    const book = { bids: new Map([[100, '1']]), asks: new Map([[101, '1']]) };
    expect(isEmptyDelta(depthDiff(book, book, PRICE_SCALE))).toBe(true);
  });

  it('reproduces the target book when applied as an update, checksum included', () => {
    const side = fc.uniqueArray(fc.tuple(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 99_999 })), { selector: ([t]) => t, maxLength: 80 });
    const book = fc.record({ bids: side, asks: side });
    const toMaps = (b: { bids: [number, number][]; asks: [number, number][] }) => ({
      bids: new Map(b.bids.map(([t, l]): [number, string] => [t, fromScaled(l, SIZE_SCALE, { trim: l % 2 === 0 })])),
      asks: new Map(b.asks.map(([t, l]): [number, string] => [t + 1000, fromScaled(l, SIZE_SCALE)])),
    });
    fc.assert(
      fc.property(book, fc.array(book, { minLength: 1, maxLength: 5 }), (first, rest) => {
        let prev = toMaps(first);
        const ours = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });
        const b0 = bestFirst(prev.bids, 'bid');
        const a0 = bestFirst(prev.asks, 'ask');
        expect(ours.applySnapshot({ b: b0, a: a0, seq: 1, pseq: 0, checksum: depthChecksum(b0, a0) }).status).toBe('ok');
        let seq = 1;
        for (const target of rest.map(toMaps)) {
          const delta = depthDiff(prev, target, PRICE_SCALE);
          const bids = bestFirst(target.bids, 'bid');
          const asks = bestFirst(target.asks, 'ask');
          const result = ours.applyUpdate({ ...delta, seq: seq + 1, pseq: seq, checksum: depthChecksum(bids, asks) });
          seq++;
          expect(result).toEqual({ status: 'ok' });
          expect(ours.view().bids.map((l) => [l.price, l.size])).toEqual(bids);
          expect(ours.view().asks.map((l) => [l.price, l.size])).toEqual(asks);
          prev = target;
        }
      }),
      { numRuns: 200 },
    );
  });
});
