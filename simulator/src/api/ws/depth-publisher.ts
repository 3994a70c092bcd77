// The depth channels of one book (spec 6.3, upstream-facts "WS v3").
//
// `books`: a snapshot at subscription, then updates carrying only the levels that changed
// since the last push, with seq, pseq (the previous seq) and the CRC32 of the top 25 levels.
// The publisher applies each update it sends to a PublishedBook (the contract's book sides
// and checksum, the code the browser runs), so the snapshot a late subscriber gets and the
// checksum of every update describe exactly what an update-applying client holds. Changes
// between pushes are coalesced: only a level's final size is sent, and nothing is sent
// when nothing changed.
//
// books1/5/15/50: every push a snapshot of that many levels read from the true book,
// sent only when it differs from the last one sent on that topic.
//
// In the live dialect (websocket.md "Depth Channel") pushes carry no checksum; `books`
// pushes carry `maxDepth`; sequence numbers start beyond 2^53 (LIVE_SEQ_BASE) and are
// written as exact digits; and the first update of a fresh sequence (after the simulator
// started, or after restartSequence()) carries `pseq` 0, the documented reset signal.
import { depthChecksum } from '@contract/book/depth-checksum';
import type { DepthLevel, DepthTopic } from '@contract/schemas/ws-depth';
import { depthTopicLevels } from '@contract/schemas/ws-depth';
import type { Dialect } from '../../core/dialect';
import { DepthFormat } from './depth-format';
import type { Side } from '@contract/schemas/common';
import type { DepthBookSpec, DepthSource } from './depth-source';
import { PublishedBook } from './published-book';

/** Where a push goes: a connection (it owns buffering and slow-consumer handling). */
export interface DepthSink {
  send(text: string): void;
}

type SnapshotTopic = Exclude<DepthTopic, 'books'>;
const NO_LEVELS: readonly DepthLevel[] = Object.freeze([]);
const snapshotTopics: readonly SnapshotTopic[] = ['books1', 'books5', 'books15', 'books50'];
/** Where live-dialect sequence numbers start: above 2^53, as the exchange's are (websocket.md example). */
export const LIVE_SEQ_BASE = 1_304_314_508_780_744_705n;
/** The `maxDepth` of a live-dialect `books` push: the documented upper bound, the simulator does not cut its book. */
export const LIVE_MAX_DEPTH = '1000';

interface TopicState {
  /** Each subscriber with its `arg` as JSON (echoing its own instType spelling). */
  sinks: Map<DepthSink, string>;
  seq: number;
  lastText: string;
}

export class DepthPublisher {
  readonly format: DepthFormat;
  private readonly incremental = new Map<DepthSink, string>();
  private readonly snapshots = new Map<SnapshotTopic, TopicState>();
  private mirror: PublishedBook | null = null;
  private readonly publishedBids = new Map<number, number>();
  private readonly publishedAsks = new Map<number, number>();
  private readonly pendingBids = new Map<number, number>();
  private readonly pendingAsks = new Map<number, number>();
  private seq = 0;
  /** Live dialect: the next `books` update starts a fresh sequence (pseq 0). */
  private freshSequence: boolean;
  private readonly live: boolean;
  private snapshotsDirty = false;
  private topDirty = false;

  constructor(
    readonly spec: DepthBookSpec,
    private readonly source: DepthSource,
    dialect: Dialect = 'seed',
  ) {
    this.live = dialect === 'live';
    this.freshSequence = this.live;
    this.format = new DepthFormat(spec.tickSize, spec.lotSize);
    for (const t of snapshotTopics) this.snapshots.set(t, { sinks: new Map(), seq: 0, lastText: '' });
  }

  get subscriberCount(): number {
    let n = this.incremental.size;
    for (const s of this.snapshots.values()) n += s.sinks.size;
    return n;
  }

  get hasTopSubscribers(): boolean {
    return this.snapshots.get('books1')!.sinks.size > 0;
  }

  /** The seq of the last `books` push (tests compare books against it). */
  get booksSeq(): number {
    return this.seq;
  }

  /** The seq as it is written: the counter itself, or in the live dialect LIVE_SEQ_BASE plus it, exactly. */
  seqText(n: number): string {
    return this.live ? (LIVE_SEQ_BASE + BigInt(n)).toString() : String(n);
  }

  /**
   * As after a restart of the exchange's book service (live dialect): the `books` sequence
   * starts again from its base and the next update carries pseq 0; subscribers stay.
   */
  restartSequence(): void {
    this.seq = 0;
    this.freshSequence = this.live;
  }

  /** Adds a subscriber and sends it a snapshot at once. Re-subscribing sends a fresh one. */
  subscribe(topic: DepthTopic, sink: DepthSink, argJson: string, now: number): void {
    if (topic === 'books') {
      if (this.mirror === null) this.startMirror();
      this.incremental.set(sink, argJson);
      sink.send(this.booksSnapshotText(argJson, now));
      return;
    }
    const state = this.snapshots.get(topic)!;
    // Everyone on the topic gets the current snapshot if it moved since their last push,
    // so the topic's "last sent" stays one value for all of its subscribers.
    const data = this.topData(topic, now, state.seq + 1, state.seq);
    state.seq++;
    if (data.levels !== state.lastText) {
      for (const [other, otherArg] of state.sinks) other.send(wrap(otherArg, 'snapshot', data.text, now));
      state.lastText = data.levels;
    }
    state.sinks.set(sink, argJson);
    sink.send(wrap(argJson, 'snapshot', data.text, now));
  }

  unsubscribe(topic: DepthTopic, sink: DepthSink): boolean {
    const removed = topic === 'books' ? this.incremental.delete(sink) : this.snapshots.get(topic)!.sinks.delete(sink);
    if (topic === 'books' && this.incremental.size === 0) this.stopMirror();
    return removed;
  }

  /** Removes a sink from every topic (its connection closed). */
  drop(sink: DepthSink): void {
    this.unsubscribe('books', sink);
    for (const t of snapshotTopics) this.snapshots.get(t)!.sinks.delete(sink);
  }

  noteChange(side: Side, priceTicks: number, totalLots: number): void {
    if (this.mirror !== null) (side === 'buy' ? this.pendingBids : this.pendingAsks).set(priceTicks, totalLots);
    this.snapshotsDirty = true;
    this.topDirty = true;
  }

  /** The cadence push: a `books` update and the changed books5/15/50 snapshots. */
  flush(now: number): void {
    this.flushIncremental(now);
    if (!this.snapshotsDirty) return;
    this.snapshotsDirty = false;
    for (const topic of snapshotTopics) if (topic !== 'books1') this.flushSnapshot(topic, now);
  }

  /** books1: pushed on every change of the top of book. */
  flushTop(now: number): void {
    if (!this.topDirty) return;
    this.topDirty = false;
    this.flushSnapshot('books1', now);
  }

  /** The levels an update-applying client holds now, best first (tests compare with the true book). */
  publishedView(): { bids: DepthLevel[]; asks: DepthLevel[] } | undefined {
    if (this.mirror === null) return undefined;
    return { bids: this.mirror.levels('buy'), asks: this.mirror.levels('sell') };
  }

  private startMirror(): void {
    const mirror = new PublishedBook(this.format);
    const bids = this.source.top(this.spec, 'buy', Number.POSITIVE_INFINITY);
    const asks = this.source.top(this.spec, 'sell', Number.POSITIVE_INFINITY);
    for (const l of bids) this.publishedBids.set(l.priceTicks, l.totalLots);
    for (const l of asks) this.publishedAsks.set(l.priceTicks, l.totalLots);
    this.seq++;
    mirror.load(bids, asks);
    this.mirror = mirror;
  }

  private stopMirror(): void {
    this.mirror = null;
    this.publishedBids.clear();
    this.publishedAsks.clear();
    this.pendingBids.clear();
    this.pendingAsks.clear();
  }

  private booksSnapshotText(argJson: string, now: number): string {
    const mirror = this.mirror!;
    const a = levelsJson(mirror.levels('sell'));
    const b = levelsJson(mirror.levels('buy'));
    const data = this.live
      ? `{"a":${a},"b":${b},"pseq":0,"seq":${this.seqText(this.seq)},"maxDepth":"${LIVE_MAX_DEPTH}","ts":"${now}"}`
      : `{"a":${a},"b":${b},"checksum":${mirror.checksum()},"pseq":0,"seq":${this.seq},"ts":"${now}"}`;
    return wrap(argJson, 'snapshot', data, now);
  }

  private flushIncremental(now: number): void {
    const mirror = this.mirror;
    if (mirror === null || (this.pendingBids.size === 0 && this.pendingAsks.size === 0)) return;
    const b = this.collect('buy', this.pendingBids, this.publishedBids, mirror);
    const a = this.collect('sell', this.pendingAsks, this.publishedAsks, mirror);
    if (a.length === 0 && b.length === 0) return; // every change was undone before the push
    const pseq = this.seq;
    const seq = ++this.seq;
    // What JSON.stringify({ a, b, checksum, pseq, seq, ts }) gives, written out: the levels
    // are decimal strings of our own formatting, which JSON needs no escapes for.
    let data: string;
    if (this.live) {
      const pseqText = this.freshSequence ? '0' : this.seqText(pseq);
      this.freshSequence = false;
      data = `{"a":${levelsJson(a)},"b":${levelsJson(b)},"pseq":${pseqText},"seq":${this.seqText(seq)},"maxDepth":"${LIVE_MAX_DEPTH}","ts":"${now}"}`;
    } else {
      data = `{"a":${levelsJson(a)},"b":${levelsJson(b)},"checksum":${mirror.checksum()},"pseq":${pseq},"seq":${seq},"ts":"${now}"}`;
    }
    for (const [sink, argJson] of this.incremental) sink.send(wrap(argJson, 'update', data, now));
  }

  /** The levels whose final size differs from what was last published, best first; applied to `book` as they are sent. */
  private collect(side: Side, pending: Map<number, number>, published: Map<number, number>, book: PublishedBook): readonly DepthLevel[] {
    if (pending.size === 0) return NO_LEVELS; // the untouched side: no array, no Map.clear() (it allocates)
    const changed: number[] = [];
    for (const [ticks, lots] of pending) {
      if ((published.get(ticks) ?? 0) === lots) continue;
      if (lots === 0) published.delete(ticks);
      else published.set(ticks, lots);
      changed.push(ticks);
    }
    if (changed.length > 1) changed.sort(side === 'buy' ? (x, y) => y - x : (x, y) => x - y);
    const out: DepthLevel[] = [];
    for (const ticks of changed) {
      const lots = pending.get(ticks)!;
      const level = this.format.level(ticks, lots);
      book.set(side, ticks, lots, level);
      out.push(level);
    }
    pending.clear();
    return out;
  }

  private flushSnapshot(topic: SnapshotTopic, now: number): void {
    const state = this.snapshots.get(topic)!;
    if (state.sinks.size === 0) return;
    const data = this.topData(topic, now, state.seq + 1, state.seq);
    if (data.levels === state.lastText) return; // spec 6.3: no push when the book did not change
    state.lastText = data.levels;
    state.seq++;
    for (const [sink, argJson] of state.sinks) sink.send(wrap(argJson, 'snapshot', data.text, now));
  }

  private topData(topic: SnapshotTopic, now: number, seq: number, pseq: number): { levels: string; text: string } {
    const n = depthTopicLevels[topic] as number;
    const b = this.source.top(this.spec, 'buy', n).map((l) => this.format.level(l.priceTicks, l.totalLots));
    const a = this.source.top(this.spec, 'sell', n).map((l) => this.format.level(l.priceTicks, l.totalLots));
    const levels = JSON.stringify([a, b]);
    // pseq has a value only on `books` (websocket.md); the live dialect sends 0 here.
    const text = this.live
      ? `{"a":${levelsJson(a)},"b":${levelsJson(b)},"pseq":0,"seq":${this.seqText(seq)},"ts":"${now}"}`
      : JSON.stringify({ a, b, checksum: depthChecksum(b, a), pseq, seq, ts: String(now) });
    return { levels, text };
  }
}

/** JSON of [price, size] levels whose strings are plain decimals (no character JSON escapes). */
function levelsJson(levels: readonly DepthLevel[]): string {
  let out = '[';
  for (let i = 0; i < levels.length; i++) {
    const l = levels[i]!;
    out += `${i === 0 ? '' : ','}["${l[0]}","${l[1]}"]`;
  }
  return `${out}]`;
}

function wrap(argJson: string, action: 'snapshot' | 'update', dataJson: string, now: number): string {
  return `{"arg":${argJson},"action":"${action}","data":[${dataJson}],"ts":${now}}`;
}
