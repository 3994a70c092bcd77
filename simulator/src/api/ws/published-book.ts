// What every `books` client holds after the pushes sent so far (spec 6.3): the levels of
// the last snapshot with every update applied, kept in the contract's own BookSides and
// checksummed by the contract's own sidesChecksum, so the checksum a push carries is the
// one the browser's OrderBook computes.
//
// Unlike an OrderBook it is fed ticks and lots, not the pushed strings: the publisher
// made those strings itself (DepthFormat), so parsing them back would only cost time, and
// each level's CRC piece is taken straight from them. The sides keep no strings (a level's
// text is DepthFormat of its ticks and lots, made again for the rare snapshot), so moving
// levels in the sorted arrays is a copy of numbers only.
import { BookSide } from '@contract/book/book-side';
import { crc32LevelPiece } from '@contract/core/crc32';
import { sidesChecksum } from '@contract/book/order-book';
import type { DepthLevel } from '@contract/schemas/ws-depth';
import type { DepthFormat } from './depth-format';
import type { Side } from '@contract/schemas/common';
import type { DepthLevelTicks } from './depth-source';

export class PublishedBook {
  private readonly bids = new BookSide('bid');
  private readonly asks = new BookSide('ask');

  constructor(private readonly format: DepthFormat) {}

  /** Replaces both sides with levels given best first. */
  load(bids: readonly DepthLevelTicks[], asks: readonly DepthLevelTicks[]): void {
    this.loadSide(this.bids, bids);
    this.loadSide(this.asks, asks);
  }

  /** Sets one level as pushed: `level` is its [price, size] text (size "0": the level is gone). */
  set(side: Side, ticks: number, lots: number, level: DepthLevel): void {
    const price = level[0];
    const size = level[1];
    (side === 'buy' ? this.bids : this.asks).set(ticks, lots, '', '', crc32LevelPiece(price, size), price.length + size.length + 2);
  }

  checksum(): number {
    return sidesChecksum(this.bids, this.asks);
  }

  /** Every level, best first, as pushed. */
  levels(side: Side): DepthLevel[] {
    const s = side === 'buy' ? this.bids : this.asks;
    const out: DepthLevel[] = [];
    for (let d = 0; d < s.length; d++) out.push(this.format.level(s.ticksAt(d), s.lotsAt(d)));
    return out;
  }

  private loadSide(side: BookSide, levels: readonly DepthLevelTicks[]): void {
    side.clear();
    for (const l of levels) {
      if (l.totalLots === 0) continue;
      const [price, size] = this.format.level(l.priceTicks, l.totalLots);
      side.pushBestFirst(l.priceTicks, l.totalLots, '', '', crc32LevelPiece(price, size), price.length + size.length + 2);
    }
    side.reverse();
  }
}
