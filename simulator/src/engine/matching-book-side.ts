// One side of a book: its price levels sorted with the best at the END of an array, so the
// hot operations (read best, drop an emptied best level) are O(1) and inserting a level near
// the top of the book moves only a few elements. A Map finds a level by price in O(1).
// Emptied levels go back to a pool, so a sweep through the book allocates nothing.
import { BUY } from './engine-codes';
import type { TickLevel } from './engine-types';
import { PriceLevel } from './price-level';

export class MatchingBookSide {
  /** Worst first, best last: bids ascending by price, asks descending. */
  readonly levels: PriceLevel[] = [];
  private readonly byPrice = new Map<number, PriceLevel>();
  private readonly pool: PriceLevel[] = [];

  constructor(readonly side: number) {}

  best(): PriceLevel | undefined {
    return this.levels[this.levels.length - 1];
  }

  get(priceTicks: number): PriceLevel | undefined {
    return this.byPrice.get(priceTicks);
  }

  /** The level at `priceTicks`, created (and placed in price order) when missing. */
  getOrCreate(priceTicks: number): PriceLevel {
    let level = this.byPrice.get(priceTicks);
    if (level !== undefined) return level;
    level = this.pool.pop() ?? new PriceLevel();
    level.priceTicks = priceTicks;
    level.side = this.side;
    this.byPrice.set(priceTicks, level);
    const levels = this.levels;
    // Shift by hand rather than splice(), which allocates the array of removed elements.
    const at = this.insertionIndex(priceTicks);
    levels.push(level);
    for (let i = levels.length - 1; i > at; i--) levels[i] = levels[i - 1]!;
    levels[at] = level;
    return level;
  }

  /** Removes an empty level. */
  remove(level: PriceLevel): void {
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] !== level) {
      for (let i = this.insertionIndex(level.priceTicks) - 1; i < last; i++) levels[i] = levels[i + 1]!;
    }
    levels.pop();
    this.byPrice.delete(level.priceTicks);
    level.head = null;
    level.tail = null;
    level.totalLots = 0;
    level.orderCount = 0;
    this.pool.push(level);
  }

  /** Up to `n` levels from the best outward. */
  top(n: number): TickLevel[] {
    const out: TickLevel[] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < n; i--) {
      const level = this.levels[i]!;
      out.push({ priceTicks: level.priceTicks, totalLots: level.totalLots, orderCount: level.orderCount });
    }
    return out;
  }

  /**
   * The index just past every level that is worse than or equal to `priceTicks`: where a
   * new level at that price goes, and one past an existing level at that price.
   */
  private insertionIndex(priceTicks: number): number {
    const levels = this.levels;
    const ascending = this.side === BUY;
    let lo = 0;
    let hi = levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const p = levels[mid]!.priceTicks;
      const worseOrEqual = ascending ? p <= priceTicks : p >= priceTicks;
      if (worseOrEqual) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
