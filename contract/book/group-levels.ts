// Groups book levels into price buckets of a tick multiple, for the depth display.
// Asks round UP to their bucket and bids round DOWN, so a bucket never shows liquidity at
// a better price than really exists (the dydx order-book calculators do the same).
// Sizes add up exactly, in integer lots.

import { fromScaled } from '../core/decimal';
import type { BookLevel } from './order-book';

/** The tick multiples the depth display offers. */
export const groupMultiples = [1, 10, 100, 1000] as const;

export interface GroupedLevel {
  /** Bucket price at the instrument's price precision. */
  price: string;
  /** Bucket size at the instrument's size precision. */
  size: string;
  ticks: number;
  lots: number;
  /** Running total from the best bucket down to this one, for depth bars. */
  cumLots: number;
  cumSize: string;
}

export interface GroupOptions {
  side: 'bid' | 'ask';
  /** Bucket width in ticks: a positive integer, usually one of groupMultiples. */
  multiple: number;
  priceScale: number;
  sizeScale: number;
}

/** Buckets `levels` (any order) and returns them best first with cumulative totals. */
/** Only each level's ticks and lots are read (a packed view's levels have no strings). */
export function groupLevels(levels: readonly Pick<BookLevel, 'ticks' | 'lots'>[], opts: GroupOptions): GroupedLevel[] {
  const { side, multiple, priceScale, sizeScale } = opts;
  if (!Number.isSafeInteger(multiple) || multiple < 1) throw new RangeError(`multiple must be a positive integer number of ticks, got ${multiple}`);
  const buckets = new Map<number, number>();
  for (const level of levels) {
    // Integer remainder, not Math.ceil(t / m): division of large tick counts can round.
    const r = level.ticks % multiple;
    const bucket = r === 0 ? level.ticks : side === 'bid' ? level.ticks - r : level.ticks - r + multiple;
    buckets.set(bucket, addLots(buckets.get(bucket) ?? 0, level.lots));
  }
  const keys = [...buckets.keys()].sort(side === 'bid' ? (x, y) => y - x : (x, y) => x - y);
  let cum = 0;
  return keys.map((ticks) => {
    const lots = buckets.get(ticks)!;
    cum = addLots(cum, lots);
    return {
      price: fromScaled(ticks, priceScale),
      size: fromScaled(lots, sizeScale),
      ticks,
      lots,
      cumLots: cum,
      cumSize: fromScaled(cum, sizeScale),
    };
  });
}

function addLots(a: number, b: number): number {
  const sum = a + b;
  if (!Number.isSafeInteger(sum)) throw new RangeError(`grouped size ${a} + ${b} lots exceeds the safe integer range`);
  return sum;
}
