// OrderBook against NaiveBook over random message streams: snapshots (sorted, shuffled,
// with repeats), then updates of inserts, size changes and deletes, biased to the top of
// the book, with prices written in varying forms ("100", "100.0"). After every message
// both books must hold the same levels and the same checksum.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '../decimal';
import type { DepthLevel } from '../schemas/ws-depth';
import { NaiveBook } from './naive-book';
import { OrderBook } from './order-book';

const PRICE_SCALE = 1;
const SIZE_SCALE = 3;
const MID = 50_000; // ticks

// Distance from the mid in ticks: mostly within a few ticks of the top, sometimes deep.
const distance = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 8 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 40 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 600 }) },
);

// A size in lots; zero (a delete) about a quarter of the time.
const lots = fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 5_000_000 }) });

// The same value written minimally ("100") or at full precision ("100.0"), as an exchange might send either.
const write = (value: number, scale: number, full: boolean): string => fromScaled(value, scale, { trim: !full });

const level = (side: 'bid' | 'ask') =>
  fc.tuple(distance, lots, fc.boolean(), fc.boolean()).map(([d, l, fullP, fullS]): DepthLevel => {
    const ticks = side === 'bid' ? MID - d : MID + 1 + d;
    return [write(ticks, PRICE_SCALE, fullP), write(l, SIZE_SCALE, fullS)];
  });

const snapshotSide = (side: 'bid' | 'ask') =>
  fc.tuple(fc.array(level(side), { maxLength: 120 }), fc.boolean()).map(([levels, sorted]) => {
    if (!sorted) return levels; // shuffled, repeats possible: the general path
    // Best first with unique prices: the one-pass path.
    const seen = new Map<bigint, DepthLevel>();
    for (const l of levels) if (toScaled(l[1], SIZE_SCALE) !== 0n) seen.set(toScaled(l[0], PRICE_SCALE), l);
    const bestFirst = (x: bigint, y: bigint) => (side === 'bid' ? (x > y ? -1 : 1) : x < y ? -1 : 1);
    return [...seen.entries()].sort(([x], [y]) => bestFirst(x, y)).map(([, l]) => l);
  });

const snapshot = fc.record({ kind: fc.constant('snapshot' as const), b: snapshotSide('bid'), a: snapshotSide('ask') });
const update = fc.record({
  kind: fc.constant('update' as const),
  b: fc.array(level('bid'), { maxLength: 12 }),
  a: fc.array(level('ask'), { maxLength: 12 }),
});
const stream = fc.tuple(snapshot, fc.array(fc.oneof({ weight: 12, arbitrary: update }, { weight: 1, arbitrary: snapshot }), { maxLength: 60 }));

describe('OrderBook property: same levels and checksum as the naive reference', () => {
  it('holds over random streams of snapshots and top-biased updates', () => {
    fc.assert(
      fc.property(stream, ([first, rest]) => {
        const ours = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });
        const ref = new NaiveBook(PRICE_SCALE, SIZE_SCALE);
        let seq = 1000;
        for (const msg of [first, ...rest]) {
          const pseq = seq;
          seq += 1 + (seq % 3);
          if (msg.kind === 'snapshot') ref.snapshot(msg.b, msg.a);
          else ref.update(msg.b, msg.a);
          const data = { b: msg.b, a: msg.a, seq, pseq, checksum: ref.checksum() };
          const result = msg.kind === 'snapshot' ? ours.applySnapshot(data) : ours.applyUpdate(data);
          expect(result).toEqual({ status: 'ok' });
          const view = ours.view();
          expect(view.bids.map((l) => [l.price, l.size])).toEqual(ref.levels('bid'));
          expect(view.asks.map((l) => [l.price, l.size])).toEqual(ref.levels('ask'));
          expect(ours.checksum()).toBe(ref.checksum());
        }
      }),
      { numRuns: 300 },
    );
  });

  it('detects any corrupted checksum in a random stream', () => {
    fc.assert(
      fc.property(stream, fc.nat(), fc.integer({ min: 1, max: 0xffffffff }), ([first, rest], pick, flip) => {
        const msgs = [first, ...rest];
        const bad = pick % msgs.length;
        const ours = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });
        const ref = new NaiveBook(PRICE_SCALE, SIZE_SCALE);
        for (let i = 0; i <= bad; i++) {
          const msg = msgs[i]!;
          if (msg.kind === 'snapshot') ref.snapshot(msg.b, msg.a);
          else ref.update(msg.b, msg.a);
          const checksum = i === bad ? (ref.checksum() ^ flip) | 0 : ref.checksum();
          const data = { b: msg.b, a: msg.a, seq: i + 1, pseq: i, checksum };
          const result = msg.kind === 'snapshot' ? ours.applySnapshot(data) : ours.applyUpdate(data);
          expect(result.status).toBe(i === bad ? 'checksum_mismatch' : 'ok');
        }
        expect(ours.inSync).toBe(false);
      }),
      { numRuns: 100 },
    );
  });
});
