// The relay's copy of one shared `books` subscription, so a browser that joins late, or
// one that fell behind, gets a snapshot of the current book (spec 6.3: upstream sends the
// snapshot only once per subscription, and its updates only make sense on top of it).
//
// The copy is kept lazily: the relay stores the raw bytes of upstream's snapshot and of
// the updates since, and parses and applies them only when someone needs a snapshot.
// Parsing every message as it passed cost ~11.5 µs each, most of the relay's budget at
// 50,000 messages a second (BENCHMARKS.md ws-relay), for a copy that is rarely read.
// The raw backlog is bounded: past `maxBacklogBytes` it is dropped, and the next browser
// that needs a snapshot makes the hub ask upstream for a fresh one instead.
//
// The relay does not know the instrument's tick and lot precision, so it gives the
// contract's OrderBook a scale read off the snapshot, with headroom. A level with more
// decimals than that throws; the book is then 'lost', and the hub refreshes the upstream
// subscription, whose new snapshot raises the scale.
//
// Checksums are not verified per message (that is the browser's job, and it would cost
// the relay a CRC on every one of 50,000 messages a second); a synthesized snapshot is
// checked once against the last checksum upstream sent before it goes out. The live
// exchange sends no checksum: then the copy rests on the sequence rules the contract's
// OrderBook applies (first update covers the snapshot, pseq = previous seq, pseq = 0 is
// a restart), and the snapshot goes out unchecked rather than being thrown away each time.
//
// Sequence numbers beyond 2^53 stay exact: the raw text is read with quoteLongSequences,
// and the synthesized snapshot writes a long seq as its digits (the contract reads both).
// The relayed pushes themselves are bytes and are never re-serialised.

import type { DepthData, DepthLevel } from '@contract/schemas/ws-depth';
import { OrderBook, type BookMessage } from '@contract/book/order-book';
import { quoteLongSequences, sequenceForJson } from '@contract/book/sequence';

type BookData = BookMessage;

type BookApplyResult = 'ok' | 'lost';

const HEADROOM_DIGITS = 2;
// parseFixed needs integer digits + scale to stay within a safe integer (15 digits).
const MAX_DIGITS = 15;

export class RelayBook {
  private book: OrderBook | null = null;
  /** The checksum of upstream's last applied push; 0 when it sent none (live dialect). */
  private lastChecksum = 0;
  /** Raised after a level did not fit, so the next snapshot gets a wider scale. */
  private priceScaleFloor = 0;
  private sizeScaleFloor = 0;
  /** Raw pushes not applied yet, oldest first; only the first can be a snapshot. */
  private backlog: Buffer[] = [];
  private backlogBytes = 0;
  private backlogStartsWithSnapshot = false;
  /** There is something to build on: a book, or a snapshot in the backlog. */
  private based = false;

  constructor(private readonly maxBacklogBytes: number) {}

  /** True while a snapshot can be made on demand (unless the backlog turns out bad). */
  get hasCopy(): boolean {
    return this.based;
  }

  /** Raw pushes waiting to be applied. */
  get backlogLength(): number {
    return this.backlog.length;
  }

  /** Forgets the book (upstream dropped, or the copy was given up). */
  reset(): void {
    this.book = null;
    this.based = false;
    this.backlog = [];
    this.backlogBytes = 0;
    this.backlogStartsWithSnapshot = false;
  }

  /** Upstream's snapshot push, as received: whatever came before it is obsolete. */
  noteSnapshot(raw: Buffer): void {
    this.book = null;
    this.based = true;
    this.backlog = [raw];
    this.backlogBytes = raw.length;
    this.backlogStartsWithSnapshot = true;
  }

  /**
   * One update push, as received. 'dropped' when it took the backlog past its bound and
   * the copy was given up; 'ignored' when there is no copy to add it to.
   */
  noteUpdate(raw: Buffer): 'kept' | 'dropped' | 'ignored' {
    if (!this.based) return 'ignored';
    this.backlog.push(raw);
    this.backlogBytes += raw.length;
    if (this.backlogBytes <= this.maxBacklogBytes) return 'kept';
    this.reset();
    return 'dropped';
  }

  /**
   * The current book as the data element of a `snapshot` push, or null when there is no
   * trustworthy copy (none, a backlog that does not apply, or a checksum that disagrees
   * with upstream's last one). Applies the backlog first: the only place that parses.
   */
  snapshotData(ts: string): DepthData | null {
    if (!this.catchUp()) return null;
    const book = this.book!;
    const checksum = book.checksum();
    if (this.lastChecksum !== 0 && checksum !== this.lastChecksum) {
      this.reset();
      return null;
    }
    const view = book.view();
    const toLevel = (l: { price: string; size: string }): DepthLevel => [l.price, l.size];
    // Our own checksum goes out even when upstream sent none: it is the CRC of exactly
    // these levels, so a browser that verifies it agrees, and one that does not ignores it.
    return {
      a: view.asks.map(toLevel),
      b: view.bids.map(toLevel),
      checksum,
      pseq: 0,
      seq: sequenceForJson(book.seqExact),
      ts,
    };
  }

  private catchUp(): boolean {
    if (!this.based) return false;
    const backlog = this.backlog;
    const startsWithSnapshot = this.backlogStartsWithSnapshot;
    this.backlog = [];
    this.backlogBytes = 0;
    this.backlogStartsWithSnapshot = false;
    for (let i = 0; i < backlog.length; i++) {
      const data = bookDataOf(backlog[i]!);
      const result = data === null ? this.lose() : i === 0 && startsWithSnapshot ? this.applySnapshot(data) : this.applyUpdate(data);
      if (result === 'lost') return false;
    }
    return this.book !== null && this.book.inSync;
  }

  private applySnapshot(data: BookData): BookApplyResult {
    try {
      const price = scaleFor(data, 0, this.priceScaleFloor);
      const size = scaleFor(data, 1, this.sizeScaleFloor);
      const book = new OrderBook({ priceScale: price, sizeScale: size, verifyChecksum: false });
      book.applySnapshot(data);
      this.book = book;
      this.lastChecksum = data.checksum ?? 0;
      return 'ok';
    } catch {
      return this.lose();
    }
  }

  private applyUpdate(data: BookData): BookApplyResult {
    const book = this.book;
    if (book === null) return this.lose();
    try {
      const r = book.applyUpdate(data);
      if (r.status === 'ok') {
        this.lastChecksum = data.checksum ?? 0;
        return 'ok';
      }
      // A duplicate or late message changes nothing; anything else (a gap, an upstream
      // restart's pseq = 0) means the copy is gone, though its scale was fine.
      return r.status === 'stale' ? 'ok' : this.lose(false);
    } catch {
      return this.lose();
    }
  }

  /** Gives the copy up; `widen` (the default) when a level may not have fitted the scale. */
  private lose(widen = true): 'lost' {
    this.reset();
    if (!widen) return 'lost';
    this.priceScaleFloor = Math.min(MAX_DIGITS - 1, this.priceScaleFloor + HEADROOM_DIGITS);
    this.sizeScaleFloor = Math.min(MAX_DIGITS - 1, this.sizeScaleFloor + HEADROOM_DIGITS);
    return 'lost';
  }
}

/** The data element of a raw books push; malformed levels are left for the book to reject. */
function bookDataOf(raw: Buffer): BookData | null {
  try {
    const msg = JSON.parse(quoteLongSequences(raw.toString('utf8'))) as { data?: unknown };
    const data = Array.isArray(msg.data) ? (msg.data[0] as unknown) : undefined;
    return typeof data === 'object' && data !== null ? (data as BookData) : null;
  } catch {
    return null;
  }
}

/** Decimals seen in column `col` (0 price, 1 size) plus headroom, within a safe integer. */
function scaleFor(data: BookData, col: 0 | 1, floor: number): number {
  let frac = 0;
  let int = 1;
  for (const side of [data.a, data.b]) {
    for (const level of side) {
      const s = level[col];
      const dot = s.indexOf('.');
      const f = dot < 0 ? 0 : s.length - dot - 1;
      const i = dot < 0 ? s.length : dot;
      if (f > frac) frac = f;
      if (i > int) int = i;
    }
  }
  const room = Math.max(0, MAX_DIGITS - int);
  return Math.min(room, Math.max(floor, frac + HEADROOM_DIGITS));
}
