import { describe, expect, it } from 'vitest';
import { DecimalError } from '../core/decimal';
import type { DepthLevel } from '../schemas/ws-depth';
import { depthChecksum } from './depth-checksum';
import { OrderBook, type BookMessage } from './order-book';
import type { SequenceValue } from './sequence';

type Levels = DepthLevel[];

// A message whose checksum is computed from the intended resulting book.
function message(b: Levels, a: Levels, seq: number, pseq: number, resultBids: Levels, resultAsks: Levels): BookMessage & { checksum: number } {
  return { b, a, seq, pseq, checksum: depthChecksum(resultBids, resultAsks) };
}

const snapBids: Levels = [['43231.1', '4'], ['43231', '6'], ['43230.5', '1.5']];
const snapAsks: Levels = [['43232.8', '9'], ['43232.9', '8'], ['43233', '2']];

function syncedBook(): OrderBook {
  const book = new OrderBook({ priceScale: 1, sizeScale: 2 });
  expect(book.applySnapshot(message(snapBids, snapAsks, 100, 0, snapBids, snapAsks))).toEqual({ status: 'ok' });
  return book;
}

const pairs = (levels: { price: string; size: string }[]) => levels.map((l) => [l.price, l.size]);

describe('OrderBook snapshot and update', () => {
  it('applies a snapshot and keeps the original price and size strings', () => {
    const book = syncedBook();
    const view = book.view();
    expect(pairs(view.bids)).toEqual(snapBids);
    expect(pairs(view.asks)).toEqual(snapAsks);
    expect(view.bids[0]).toEqual({ price: '43231.1', size: '4', ticks: 432311, lots: 400 });
    expect(book.inSync).toBe(true);
    expect(book.seq).toBe(100);
  });

  it('packs the same levels as view() into ticks/lots pairs, best first, trimmed to the depth asked', () => {
    const book = syncedBook();
    const packed = book.packedView();
    const view = book.view();
    expect([...packed.bids]).toEqual(view.bids.flatMap((l) => [l.ticks, l.lots]));
    expect([...packed.asks]).toEqual(view.asks.flatMap((l) => [l.ticks, l.lots]));
    expect([...book.packedView(1).bids]).toEqual([432311, 400]);
    expect(book.packedView(0).asks).toHaveLength(0);
  });

  it('verifies the snapshot checksum against the upstream vector', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 0 });
    const b: Levels = [['43231.1', '4'], ['43231', '6']];
    const a: Levels = [['43232.8', '9'], ['43232.9', '8']];
    expect(book.applySnapshot({ b, a, seq: 1, pseq: 0, checksum: -1504501796 })).toEqual({ status: 'ok' });
  });

  it('inserts, changes and deletes levels from an update; a size of "0" deletes', () => {
    const book = syncedBook();
    const bids: Levels = [['43231.2', '3'], ['43231.1', '4'], ['43230.5', '1.5']];
    const asks: Levels = [['43232.8', '1.25'], ['43232.9', '8'], ['43233', '2']];
    const result = book.applyUpdate(message([['43231.2', '3'], ['43231', '0']], [['43232.8', '1.25']], 101, 100, bids, asks));
    expect(result).toEqual({ status: 'ok' });
    expect(pairs(book.view().bids)).toEqual(bids);
    expect(pairs(book.view().asks)).toEqual(asks);
    expect(book.seq).toBe(101);
  });

  it('ignores the delete of a level that is not in the book', () => {
    const book = syncedBook();
    expect(book.applyUpdate(message([['43000', '0']], [], 101, 100, snapBids, snapAsks))).toEqual({ status: 'ok' });
    expect(pairs(book.view().bids)).toEqual(snapBids);
  });

  it('treats a size such as "0.00" as a delete too', () => {
    const book = syncedBook();
    const bids = snapBids.slice(1);
    expect(book.applyUpdate(message([['43231.1', '0.00']], [], 101, 100, bids, snapAsks))).toEqual({ status: 'ok' });
    expect(book.bidCount).toBe(2);
  });

  it('accepts an unsorted snapshot and one with repeated prices (the last one wins)', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 2 });
    const b: Levels = [['43230.5', '1.5'], ['43231.1', '4'], ['43231', '6'], ['43231.1', '5']];
    const bids: Levels = [['43231.1', '5'], ['43231', '6'], ['43230.5', '1.5']];
    expect(book.applySnapshot(message(b, snapAsks, 5, 0, bids, snapAsks))).toEqual({ status: 'ok' });
    expect(pairs(book.view().bids)).toEqual(bids);
  });

  it('refuses updates before the first snapshot', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 2 });
    expect(book.applyUpdate(message([], [], 2, 1, [], []))).toEqual({ status: 'no_snapshot' });
  });

  it('reports best bid, best ask, spread and an exact mid', () => {
    const book = syncedBook();
    expect(book.bestBid()).toBe('43231.1');
    expect(book.bestAsk()).toBe('43232.8');
    expect(book.bestBidTicks()).toBe(432311);
    expect(book.spreadTicks()).toBe(17);
    expect(book.spread()).toBe('1.7');
    expect(book.mid()).toBe('43231.95');
    const even = new OrderBook({ priceScale: 1, sizeScale: 0 });
    even.applySnapshot({ b: [['10.1', '1']], a: [['10.5', '1']], seq: 1, pseq: 0, checksum: depthChecksum([['10.1', '1']], [['10.5', '1']]) });
    expect(even.mid()).toBe('10.3');
  });

  it('has no best prices, spread or mid while a side is empty', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 0 });
    book.applySnapshot({ b: [['10', '1']], a: [], seq: 1, pseq: 0, checksum: depthChecksum([['10', '1']], []) });
    expect(book.bestAsk()).toBeUndefined();
    expect(book.spread()).toBeUndefined();
    expect(book.mid()).toBeUndefined();
  });
});

describe('OrderBook sequence gaps (upstream-facts WS v3: update.pseq == previous seq)', () => {
  it('reports a gap when pseq skips ahead, and refuses updates until the next snapshot', () => {
    const book = syncedBook();
    expect(book.applyUpdate(message([['43231.2', '3']], [], 103, 102, snapBids, snapAsks))).toMatchObject({ status: 'gap', expectedPseq: 100, pseq: 102 });
    expect(book.inSync).toBe(false);
    // Even the message that would have fitted is refused now.
    expect(book.applyUpdate(message([], [], 101, 100, snapBids, snapAsks))).toEqual({ status: 'no_snapshot' });
    expect(pairs(book.view().bids)).toEqual(snapBids);
    expect(book.applySnapshot(message(snapBids, snapAsks, 200, 0, snapBids, snapAsks))).toEqual({ status: 'ok' });
    expect(book.applyUpdate(message([], [], 201, 200, snapBids, snapAsks))).toEqual({ status: 'ok' });
  });

  it('ignores a duplicate of an applied message and stays in sync', () => {
    const book = syncedBook();
    const bids: Levels = [['43231.2', '3'], ...snapBids];
    const update = message([['43231.2', '3']], [], 101, 100, bids, snapAsks);
    expect(book.applyUpdate(update)).toEqual({ status: 'ok' });
    expect(book.applyUpdate(update)).toEqual({ status: 'stale' });
    expect(book.inSync).toBe(true);
    expect(book.applyUpdate(message([], [], 102, 101, bids, snapAsks))).toEqual({ status: 'ok' });
  });

  it('follows a contiguous stream whose seq is beyond 2^53 after JSON.parse', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 0 });
    const cs = depthChecksum([['10', '1']], []);
    const snap = JSON.parse(`{"b":[["10","1"]],"a":[],"seq":1152921504606846977,"pseq":0,"checksum":${cs}}`) as BookMessage;
    const next = JSON.parse(`{"b":[],"a":[],"seq":1152921504606847100,"pseq":1152921504606846977,"checksum":${cs}}`) as BookMessage;
    expect(book.applySnapshot(snap)).toEqual({ status: 'ok' });
    expect(book.applyUpdate(next)).toEqual({ status: 'ok' });
  });
});

describe('OrderBook checksum verification', () => {
  it('reports a mismatch with both values and falls out of sync', () => {
    const book = syncedBook();
    const good = message([['43231.2', '3']], [], 101, 100, [['43231.2', '3'], ...snapBids], snapAsks);
    const result = book.applyUpdate({ ...good, checksum: good.checksum + 1 });
    expect(result).toEqual({ status: 'checksum_mismatch', expected: good.checksum + 1, actual: good.checksum });
    expect(book.inSync).toBe(false);
    expect(book.applyUpdate(message([], [], 102, 101, snapBids, snapAsks))).toEqual({ status: 'no_snapshot' });
  });

  it('computes the checksum over the strings as sent, so "43231.10" differs from "43231.1"', () => {
    const book = syncedBook();
    const bids: Levels = [['43231.10', '4'], ['43231', '6'], ['43230.5', '1.5']];
    expect(book.applyUpdate(message([['43231.10', '4']], [], 101, 100, bids, snapAsks))).toEqual({ status: 'ok' });
    expect(book.bestBid()).toBe('43231.10');
  });

  it('covers only the top 25 levels', () => {
    const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
    const b = Array.from({ length: 40 }, (_, i): DepthLevel => [String(1000 - i), '1']);
    const a = Array.from({ length: 40 }, (_, i): DepthLevel => [String(1001 + i), '1']);
    expect(book.applySnapshot(message(b, a, 1, 0, b, a))).toEqual({ status: 'ok' });
    // Level 30 changes: the checksum of the unchanged top 25 still matches.
    expect(book.applyUpdate({ b: [['970', '7']], a: [], seq: 2, pseq: 1, checksum: depthChecksum(b, a) })).toEqual({ status: 'ok' });
  });

  it('can be told not to verify (for channels that carry no checksum)', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 2, verifyChecksum: false });
    expect(book.applySnapshot({ b: snapBids, a: snapAsks, seq: 1, pseq: 0, checksum: 0 })).toEqual({ status: 'ok' });
  });
});

describe('OrderBook malformed input', () => {
  it('throws a clear error naming the level and leaves the message unapplied', () => {
    const book = syncedBook();
    const bad = { b: [['43231.2', '3'], ['43231', 'x']], a: [], seq: 101, pseq: 100, checksum: 0 } as BookMessage;
    expect(() => book.applyUpdate(bad)).toThrow(/b\[1\]: size must be a decimal number/);
    try {
      book.applyUpdate(bad);
    } catch (err) {
      expect(err).toBeInstanceOf(DecimalError);
    }
    expect(pairs(book.view().bids)).toEqual(snapBids);
    // A lost update means the book can no longer be trusted.
    expect(book.inSync).toBe(false);
  });

  it('rejects a price with more decimals than the tick allows', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 2 });
    expect(() => book.applySnapshot({ b: [['1.25', '1']], a: [], seq: 1, pseq: 0, checksum: 0 })).toThrow(/b\[0\]: price 1.25 has more than 1 decimal places/);
  });

  it('rejects a level that is not a pair', () => {
    const book = new OrderBook({ priceScale: 1, sizeScale: 2 });
    expect(() => book.applySnapshot({ b: [], a: [null], seq: 1, pseq: 0, checksum: 0 } as unknown as BookMessage)).toThrow(/a\[0\] must be a \[price, size\] pair/);
  });

  it('rejects nonsense scales', () => {
    expect(() => new OrderBook({ priceScale: -1, sizeScale: 2 })).toThrow(/priceScale/);
  });
});

describe('OrderBook view', () => {
  it('returns a trimmed copy and never trims the stored book', () => {
    const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
    const b = Array.from({ length: 100 }, (_, i): DepthLevel => [String(1000 - i), '1']);
    const a = Array.from({ length: 100 }, (_, i): DepthLevel => [String(1001 + i), '1']);
    book.applySnapshot(message(b, a, 1, 0, b, a));
    const top = book.view(10);
    expect(top.bids).toHaveLength(10);
    expect(top.asks[9]!.price).toBe('1010');
    expect(book.bidCount).toBe(100);
    expect(book.view().asks).toHaveLength(100);
    // Deleting the top ten reveals levels 11.. that a trimmed store would have lost.
    const dels = b.slice(0, 10).map(([p]): DepthLevel => [p, '0']);
    expect(book.applyUpdate(message(dels, [], 2, 1, b.slice(10), a))).toEqual({ status: 'ok' });
    expect(book.view(1).bids[0]!.price).toBe('990');
  });

  it('gives no levels for a depth of zero, a negative depth or NaN, and whole levels for a fraction', () => {
    const book = syncedBook();
    expect(book.view(0).bids).toEqual([]);
    expect(book.view(-3).asks).toEqual([]);
    expect(book.view(Number.NaN).bids).toEqual([]);
    expect(book.view(2.7).bids).toHaveLength(2);
  });

  it('hands out copies that do not alias the book', () => {
    const book = syncedBook();
    const view = book.view(2);
    view.bids[0]!.size = '999';
    view.bids.pop();
    expect(pairs(book.view(2).bids)).toEqual(snapBids.slice(0, 2));
  });
});

describe('OrderBook without checksums (the live dialect: seq, pseq and the snapshot rule)', () => {
  const snap = { b: [['100', '1']] as Levels, a: [['101', '1']] as Levels };
  const live = (seq: SequenceValue, b: Levels = [], pseq?: SequenceValue): BookMessage => ({ b, a: [], seq, ...(pseq === undefined ? {} : { pseq }) });
  const synced = (seq: SequenceValue) => {
    const book = new OrderBook({ priceScale: 0, sizeScale: 0 });
    expect(book.applySnapshot({ ...snap, seq, pseq: 0 })).toEqual({ status: 'ok' });
    return book;
  };

  it('takes a first update whose [pseq, seq] covers the snapshot seq, and nothing else', () => {
    expect(synced(50).applyUpdate(live(55, [['99', '1']], 45))).toEqual({ status: 'ok' });
    expect(synced(50).applyUpdate(live(51, [], 50))).toEqual({ status: 'ok' });
    expect(synced(50).applyUpdate(live(50, [], 49))).toEqual({ status: 'ok' });
    expect(synced(50).applyUpdate(live(49, [], 40))).toEqual({ status: 'stale' });
    expect(synced(50).applyUpdate(live(60, [], 51))).toMatchObject({ status: 'gap', expectedPseq: 50, pseq: 51 });
    expect(synced(50).applyUpdate(live(60))).toMatchObject({ status: 'gap' });
  });

  it('sees a gap of one beyond 2^53, where doubles would collide', () => {
    const base = 2n ** 60n + 1n;
    const book = synced(base.toString());
    expect(book.applyUpdate(live((base + 1n).toString(), [], base.toString()))).toEqual({ status: 'ok' });
    expect(book.seqExact).toBe(base + 1n);
    // base + 2 is lost: its successor names it as pseq.
    expect(book.applyUpdate(live((base + 3n).toString(), [], (base + 2n).toString()))).toMatchObject({ status: 'gap', expectedPseqExact: base + 1n, pseqExact: base + 2n });
  });

  it('resyncs once after an upstream restart (pseq 0), then follows the new numbering', () => {
    const book = synced('1304314508780744705');
    expect(book.applyUpdate(live('1304314508780744710', [], '1304314508780744705'))).toEqual({ status: 'ok' });
    expect(book.applyUpdate(live(3, [['98', '1']], 0))).toMatchObject({ status: 'gap', pseq: 0 });
    expect(book.inSync).toBe(false);
    expect(book.applySnapshot({ ...snap, seq: 4, pseq: 0 })).toEqual({ status: 'ok' });
    expect(book.applyUpdate(live(5, [['98', '1']], 4))).toEqual({ status: 'ok' });
    expect(book.applyUpdate(live(6, [], 5))).toEqual({ status: 'ok' });
  });

  it('continues a fresh feed whose first update after the snapshot names pseq 0 (websocket.md [pseq, seq] rule)', () => {
    const book = synced(100);
    expect(book.applyUpdate(live(101, [['98', '1']], 0))).toEqual({ status: 'ok' });
    expect(book.applyUpdate(live(102, [], 101))).toEqual({ status: 'ok' });
  });

  it('resyncs when the first update after a snapshot restarts the numbering below it', () => {
    const book = synced(100);
    expect(book.applyUpdate(live(3, [['98', '1']], 0))).toMatchObject({ status: 'gap', pseq: 0 });
  });

  it('verifies a checksum only when one is present and non-zero', () => {
    const book = synced(1);
    expect(book.applyUpdate({ b: [['99', '1']], a: [], seq: 2, pseq: 1, checksum: 0 })).toEqual({ status: 'ok' });
    expect(book.applyUpdate({ b: [], a: [], seq: 3, pseq: 2, checksum: book.checksum() ^ 1 })).toMatchObject({ status: 'checksum_mismatch' });
  });
});
