// The relay's copy of one shared `books` subscription, so a browser that joins late, or
// one that fell behind, gets a snapshot of the current book (spec 6.3: upstream sends the
// snapshot only once per subscription, and its updates only make sense on top of it).
//
// The relay does not know the instrument's tick and lot precision, so it gives the
// contract's OrderBook a scale read off the snapshot, with headroom. A level with more
// decimals than that throws; the book is then 'lost', and the hub refreshes the upstream
// subscription, whose new snapshot raises the scale.
//
// Checksums are not verified per message (that is the browser's job, and it would cost
// the relay a CRC on every one of 50,000 messages a second); a synthesized snapshot is
// checked once against the last checksum upstream sent before it goes out.

import type { DepthData, DepthLevel } from '@contract/schemas/ws-depth';
import { OrderBook } from '@contract/book/order-book';

type BookData = Pick<DepthData, 'a' | 'b' | 'checksum' | 'pseq' | 'seq'>;

export type BookApplyResult = 'ok' | 'lost';

const HEADROOM_DIGITS = 2;
// parseFixed needs integer digits + scale to stay within a safe integer (15 digits).
const MAX_DIGITS = 15;

export class RelayBook {
  private book: OrderBook | null = null;
  private lastChecksum = 0;
  /** Raised after a level did not fit, so the next snapshot gets a wider scale. */
  private priceScaleFloor = 0;
  private sizeScaleFloor = 0;

  get ready(): boolean {
    return this.book !== null && this.book.inSync;
  }

  get seq(): number {
    return this.book?.seq ?? 0;
  }

  /** Forgets the book (upstream dropped): no snapshot is synthesized until a new one arrives. */
  reset(): void {
    this.book = null;
  }

  applySnapshot(data: BookData): BookApplyResult {
    try {
      const price = scaleFor(data, 0, this.priceScaleFloor);
      const size = scaleFor(data, 1, this.sizeScaleFloor);
      const book = new OrderBook({ priceScale: price, sizeScale: size, verifyChecksum: false });
      book.applySnapshot(data);
      this.book = book;
      this.lastChecksum = data.checksum;
      return 'ok';
    } catch {
      return this.lose();
    }
  }

  applyUpdate(data: BookData): BookApplyResult {
    const book = this.book;
    if (book === null) return 'lost';
    try {
      const r = book.applyUpdate(data);
      if (r.status === 'ok') {
        this.lastChecksum = data.checksum;
        return 'ok';
      }
      // A duplicate or late message changes nothing; anything else means the copy is gone.
      return r.status === 'stale' ? 'ok' : this.lose();
    } catch {
      return this.lose();
    }
  }

  /**
   * The current book as the data element of a `snapshot` push, or null when there is no
   * trustworthy copy (none yet, or its checksum disagrees with upstream's last one).
   */
  snapshotData(ts: string): DepthData | null {
    const book = this.book;
    if (book === null || !book.inSync) return null;
    if (book.checksum() !== this.lastChecksum) {
      this.book = null;
      return null;
    }
    const view = book.view();
    const toLevel = (l: { price: string; size: string }): DepthLevel => [l.price, l.size];
    return {
      a: view.asks.map(toLevel),
      b: view.bids.map(toLevel),
      checksum: this.lastChecksum,
      pseq: 0,
      seq: book.seq,
      ts,
    };
  }

  private lose(): 'lost' {
    this.book = null;
    this.priceScaleFloor = Math.min(MAX_DIGITS - 1, this.priceScaleFloor + HEADROOM_DIGITS);
    this.sizeScaleFloor = Math.min(MAX_DIGITS - 1, this.sizeScaleFloor + HEADROOM_DIGITS);
    return 'lost';
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
