import { describe, expect, it } from 'vitest';
import { levelCount, lotsAt, ticksAt } from './packed-levels';
import { depthChecksum } from '@contract/book/depth-checksum';
import type { DepthLevel } from '@contract/schemas/ws-depth';
import { createBookPipeline, type BookPush } from './book-store';
import { FakeFrames } from './fake-frames.test-support';

// A reference book of [price, size] strings; each message carries its true checksum.
class Source {
  bids = new Map<string, string>();
  asks = new Map<string, string>();
  seq = 100;

  private sorted(side: Map<string, string>, desc: boolean): DepthLevel[] {
    return [...side.entries()].sort((x, y) => (desc ? Number(y[0]) - Number(x[0]) : Number(x[0]) - Number(y[0]))) as DepthLevel[];
  }
  private checksum(): number {
    return depthChecksum(this.sorted(this.bids, true), this.sorted(this.asks, false));
  }
  snapshot(bids: DepthLevel[], asks: DepthLevel[]): BookPush {
    this.bids = new Map(bids);
    this.asks = new Map(asks);
    this.seq++;
    return { action: 'snapshot', data: { a: asks, b: bids, checksum: this.checksum(), pseq: 0, seq: this.seq, ts: '1700000000000' } };
  }
  update(bids: DepthLevel[], asks: DepthLevel[]): BookPush {
    for (const [p, s] of bids) if (s === '0') this.bids.delete(p); else this.bids.set(p, s);
    for (const [p, s] of asks) if (s === '0') this.asks.delete(p); else this.asks.set(p, s);
    const pseq = this.seq++;
    return { action: 'update', data: { a: asks, b: bids, checksum: this.checksum(), pseq, seq: this.seq, ts: '1700000000001' } };
  }
}

function setup(viewDepth = 400) {
  const frames = new FakeFrames();
  let resubscribes = 0;
  const timers: (() => void)[] = [];
  const pipeline = createBookPipeline({
    priceScale: 1,
    sizeScale: 3,
    frames,
    viewDepth,
    resubscribe: () => resubscribes++,
    setTimer: (cb) => timers.push(cb),
    clearTimer: () => timers.splice(0),
  });
  return { frames, pipeline, store: pipeline.store, resubscribes: () => resubscribes, timers };
}

describe('book store', () => {
  it('publishes the first snapshot at once, without waiting for a frame', () => {
    const { pipeline, store } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const s = store.getState();
    expect(s.status).toBe('live');
    expect(s.bestBid).toBe('100.0');
    expect(s.bestAsk).toBe('100.5');
    expect(s.spread).toBe('0.5');
    expect(s.mid).toBe('100.25');
  });

  it('applies every update but publishes at most once per animation frame', () => {
    const { pipeline, store, frames } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const published: number[] = [];
    store.subscribe((s) => published.push(s.version));
    for (let i = 1; i <= 50; i++) pipeline.ingest(src.update([[`99.${i % 10}`, `${i}.000`]], []));
    expect(published).toHaveLength(0);
    expect(pipeline.book.inSync).toBe(true);
    expect(frames.pending.size).toBe(1);
    frames.step();
    expect(published).toHaveLength(1);
    // The one publish shows the result of all 50 messages.
    const bids = store.getState().bids;
    const at = Array.from({ length: levelCount(bids) }, (_, i) => i).find((i) => ticksAt(bids, i) === 990);
    expect(at === undefined ? undefined : lotsAt(bids, at)).toBe(50_000); // 99.0 -> 50.000
    expect(store.getState().seq).toBe(src.seq);
  });

  it('trims the published view but never the stored book', () => {
    const { pipeline, store } = setup(3);
    const src = new Source();
    const bids: DepthLevel[] = Array.from({ length: 10 }, (_, i) => [`${100 - i}.0`, '1.000']);
    pipeline.ingest(src.snapshot(bids, [['101.0', '1.000']]));
    expect(levelCount(store.getState().bids)).toBe(3);
    expect(pipeline.book.bidCount).toBe(10);
    // Deleting the top three brings the deeper stored levels into view.
    pipeline.ingest(src.update([['100.0', '0'], ['99.0', '0'], ['98.0', '0']], []));
    expect(pipeline.book.inSync).toBe(true);
  });

  it('on a sequence gap marks the view stale and asks for a fresh snapshot', () => {
    const { pipeline, store, resubscribes, frames } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    src.update([['99.0', '1.000']], []); // lost in transit
    pipeline.ingest(src.update([['98.0', '1.000']], []));
    expect(store.getState().status).toBe('stale');
    expect(store.getState().staleReason).toMatch(/gap/);
    expect(resubscribes()).toBe(1);
    // Updates that race the resubscription are not applied or published.
    pipeline.ingest(src.update([['97.0', '1.000']], []));
    frames.step();
    expect(store.getState().status).toBe('stale');
    // The fresh snapshot brings it back at once.
    pipeline.ingest(src.snapshot([['97.0', '1.000']], [['100.5', '2.000']]));
    expect(store.getState().status).toBe('live');
    expect(store.getState().bestBid).toBe('97.0');
  });

  it('on a checksum mismatch resyncs instead of showing a wrong book', () => {
    const { pipeline, store, resubscribes } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const bad = src.update([['99.0', '1.000']], []);
    bad.data.checksum = (bad.data.checksum ?? 0) ^ 1;
    pipeline.ingest(bad);
    expect(store.getState()).toMatchObject({ status: 'stale', staleReason: 'a book checksum mismatch' });
    expect(resubscribes()).toBe(1);
  });

  it('asks again when no snapshot arrives after a resync', () => {
    const { pipeline, resubscribes, timers } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const bad = src.update([['99.0', '1.000']], []);
    bad.data.checksum = (bad.data.checksum ?? 0) ^ 1;
    pipeline.ingest(bad);
    expect(timers).toHaveLength(1);
    timers.shift()?.();
    expect(resubscribes()).toBe(2);
  });

  it('does not resubscribe in a loop when every fresh snapshot is followed by a break, and recovers on one good update', () => {
    const frames = new FakeFrames();
    let resubscribes = 0;
    const timers: { cb: () => void; ms: number }[] = [];
    const pipeline = createBookPipeline({
      priceScale: 1,
      sizeScale: 3,
      frames,
      resubscribe: () => resubscribes++,
      setTimer: (cb, ms) => timers.push({ cb, ms }),
      clearTimer: () => timers.splice(0),
    });
    const src = new Source();
    const breakAfterSnapshot = () => {
      pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
      src.update([['99.0', '1.000']], []); // lost
      pipeline.ingest(src.update([['98.0', '1.000']], []));
    };
    breakAfterSnapshot();
    expect(resubscribes).toBe(1); // the first break: at once
    breakAfterSnapshot();
    expect(resubscribes).toBe(1); // again right after its snapshot: it waits
    expect(timers.map((t) => t.ms)).toEqual([1_000]);
    expect(pipeline.store.getState().staleReason).toMatch(/next try in 1 s/);
    timers.shift()?.cb();
    expect(resubscribes).toBe(2);
    breakAfterSnapshot();
    expect(timers.map((t) => t.ms)).toEqual([2_000]);
    timers.shift()?.cb();
    expect(resubscribes).toBe(3);
    // A snapshot and one good update end the run: the next break is answered at once again.
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    pipeline.ingest(src.update([['99.5', '1.000']], []));
    expect(pipeline.store.getState().status).toBe('live');
    src.update([['99.0', '1.000']], []);
    pipeline.ingest(src.update([['98.0', '1.000']], []));
    expect(resubscribes).toBe(4);
  });

  it('treats a malformed message as a reason to resync, not a crash', () => {
    const { pipeline, store, resubscribes } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const bad = src.update([['99.05', '1.000']], []); // more decimals than the tick scale
    pipeline.ingest(bad);
    expect(store.getState().status).toBe('stale');
    expect(resubscribes()).toBe(1);
  });

  it('ignores a duplicate message and stays live', () => {
    const { pipeline, store, resubscribes, frames } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    const u = src.update([['99.0', '1.000']], []);
    pipeline.ingest(u);
    pipeline.ingest(u);
    frames.step();
    expect(store.getState().status).toBe('live');
    expect(resubscribes()).toBe(0);
  });

  it('shows a dropped connection as stale until the next snapshot', () => {
    const { pipeline, store } = setup();
    const src = new Source();
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    pipeline.markStale('reconnecting');
    expect(store.getState()).toMatchObject({ status: 'stale', staleReason: 'reconnecting' });
    pipeline.ingest(src.snapshot([['100.0', '1.000']], [['100.5', '2.000']]));
    expect(store.getState().status).toBe('live');
  });
});
