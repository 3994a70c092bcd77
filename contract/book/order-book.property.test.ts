// OrderBook against NaiveBook over random message streams: snapshots (sorted, shuffled,
// with repeats), then updates of inserts, size changes and deletes, biased to the top of
// the book, with prices written in varying forms ("100", "100.0"). After every message
// both books must hold the same levels and the same checksum.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from '../core/decimal';
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

  // Level pieces are made when a checksum first reaches their level (book-side.ts): a
  // level checksummed, then changed by pushes without a checksum, must not keep its old piece.
  it('verifies a checksum right whichever pushes before it carried none', () => {
    fc.assert(
      fc.property(stream, fc.array(fc.boolean(), { minLength: 61, maxLength: 61 }), ([first, rest], carries) => {
        const ours = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });
        const ref = new NaiveBook(PRICE_SCALE, SIZE_SCALE);
        [first, ...rest].forEach((msg, i) => {
          if (msg.kind === 'snapshot') ref.snapshot(msg.b, msg.a);
          else ref.update(msg.b, msg.a);
          const data = { b: msg.b, a: msg.a, seq: i + 1, pseq: i, checksum: carries[i] ? ref.checksum() : undefined };
          const result = msg.kind === 'snapshot' ? ours.applySnapshot(data) : ours.applyUpdate(data);
          expect(result).toEqual({ status: 'ok' });
        });
        expect(ours.checksum()).toBe(ref.checksum());
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

// The live dialect: no checksum, sequence numbers beyond 2^53 carried as digits
// (quoteLongSequences), so every rule rests on exact seq/pseq arithmetic.
const bigBase = fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n });
const steps = (n: number) => fc.array(fc.bigInt({ min: 1n, max: 5n }), { minLength: n, maxLength: n });

describe('OrderBook property: checksum-less streams follow seq and pseq exactly', () => {
  it('applies every message of a contiguous stream and matches the naive book', () => {
    fc.assert(
      fc.property(stream, bigBase, ([first, rest], base) => {
        const ours = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });
        const ref = new NaiveBook(PRICE_SCALE, SIZE_SCALE);
        let seq = base;
        for (const msg of [first, ...rest]) {
          const pseq = seq;
          seq += 1n;
          if (msg.kind === 'snapshot') ref.snapshot(msg.b, msg.a);
          else ref.update(msg.b, msg.a);
          const data = { b: msg.b, a: msg.a, seq: seq.toString(), pseq: msg.kind === 'snapshot' ? 0 : pseq.toString() };
          expect(msg.kind === 'snapshot' ? ours.applySnapshot(data) : ours.applyUpdate(data)).toEqual({ status: 'ok' });
          expect(ours.view().bids.map((l) => [l.price, l.size])).toEqual(ref.levels('bid'));
          expect(ours.seqExact).toBe(seq);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('reports a gap exactly at the first update after a lost one, however close the numbers', () => {
    fc.assert(
      fc.property(bigBase, steps(12), fc.nat({ max: 10 }), (base, gaps, lost) => {
        const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
        expect(book.applySnapshot({ b: [['10', '1']], a: [], seq: base.toString(), pseq: 0 })).toEqual({ status: 'ok' });
        let prev = base;
        for (let i = 0; i < gaps.length; i++) {
          const seq = prev + gaps[i]!;
          const msg = { b: [['9', String(i + 1)]] as DepthLevel[], a: [], seq: seq.toString(), pseq: prev.toString() };
          prev = seq;
          if (i === lost) continue; // never arrives
          const result = book.applyUpdate(msg);
          expect(result.status).toBe(i < lost ? 'ok' : i === lost + 1 ? 'gap' : 'no_snapshot');
        }
      }),
      { numRuns: 200 },
    );
  });

  it('takes the first update after a snapshot exactly when pseq <= snapshot seq <= seq', () => {
    fc.assert(
      fc.property(bigBase, fc.bigInt({ min: -20n, max: 20n }), fc.bigInt({ min: 0n, max: 20n }), (snapSeq, offset, width) => {
        const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
        book.applySnapshot({ b: [['10', '1']], a: [], seq: snapSeq.toString(), pseq: 0 });
        const pseq = snapSeq + offset;
        const seq = pseq + width;
        const expected = seq < snapSeq ? 'stale' : pseq > snapSeq ? 'gap' : 'ok';
        expect(book.applyUpdate({ b: [], a: [], seq: seq.toString(), pseq: pseq.toString() }).status).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('after any number of upstream restarts (pseq 0) asks for one snapshot per restart and no more', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(bigBase, fc.integer({ min: 1, max: 6 })), { minLength: 1, maxLength: 5 }), (eras) => {
        const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
        let resyncs = 0;
        let needSnapshot = true;
        let snapshotSeq = -1n;
        let firstAfterSnapshot = false;
        // needSnapshot: the book is waiting for the snapshot a resubscription brings.
        for (const [start, length] of eras) {
          // Each era: upstream's numbering restarts; the first message we see is pseq 0.
          let prev = start;
          for (let i = 0; i < length; i++) {
            const seq = prev + 1n;
            const pseq = i === 0 ? 0n : prev;
            prev = seq;
            if (needSnapshot) {
              // The caller resubscribed: upstream's next message is a snapshot.
              expect(book.applySnapshot({ b: [['10', '1']], a: [], seq: seq.toString(), pseq: 0 }).status).toBe('ok');
              needSnapshot = false;
              snapshotSeq = seq;
              firstAfterSnapshot = true;
              continue;
            }
            const r = book.applyUpdate({ b: [['9', '1']], a: [], seq: seq.toString(), pseq: pseq.toString() });
            // Only the restart's own message (pseq 0) may break continuity; after the
            // snapshot it brings, the new numbering is followed without another resync.
            // Right after a snapshot, a pseq 0 whose seq is not below the snapshot's is
            // within websocket.md's [pseq, seq] rule and continues the book.
            const coversSnapshot = firstAfterSnapshot && seq >= snapshotSeq;
            firstAfterSnapshot = false;
            expect(r.status).toBe(i === 0 && !coversSnapshot ? 'gap' : 'ok');
            if (r.status === 'gap') {
              resyncs++;
              needSnapshot = true;
            }
          }
        }
        expect(resyncs).toBeLessThan(eras.length);
      }),
      { numRuns: 200 },
    );
  });
});
