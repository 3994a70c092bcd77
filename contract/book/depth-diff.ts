// The publisher's half of the `books` channel: from the levels before and after a change,
// the `a`/`b` arrays of an update whose application reproduces the new book (spec 6.3).
// Changed or new levels carry their new size; vanished levels carry size "0".

import { fromScaled } from '../core/decimal';
import type { DepthLevel } from '../schemas/ws-depth';

/** One side's levels: price in ticks -> size as the decimal string to publish. */
export type LevelMap = ReadonlyMap<number, string>;

export interface BookLevels {
  bids: LevelMap;
  asks: LevelMap;
}

export interface DepthDelta {
  a: DepthLevel[];
  b: DepthLevel[];
}

/**
 * The update that turns `prev` into `next`. Prices are formatted from ticks at
 * `priceScale`, so the publisher's own checksum must use the same formatting (it does if
 * it also formats with fromScaled). A size whose text changed ("1" -> "1.0") is sent again,
 * since the checksum is over the text. Levels are listed best first.
 */
export function depthDiff(prev: BookLevels, next: BookLevels, priceScale: number): DepthDelta {
  return {
    a: diffSide(prev.asks, next.asks, priceScale, (x, y) => x - y),
    b: diffSide(prev.bids, next.bids, priceScale, (x, y) => y - x),
  };
}

/** True when nothing changed, so no push is due (spec 6.3: no push when the book does not change). */
export function isEmptyDelta(delta: DepthDelta): boolean {
  return delta.a.length === 0 && delta.b.length === 0;
}

// A level whose size is zero ("0", "0.000") is no level: in `prev` it was already gone, and
// in `next` it is a delete.
const ZERO = /^0+(?:\.0+)?$/;
const present = (size: string | undefined): size is string => size !== undefined && !ZERO.test(size);

function diffSide(prev: LevelMap, next: LevelMap, priceScale: number, bestFirst: (x: number, y: number) => number): DepthLevel[] {
  const changed: number[] = [];
  for (const [ticks, size] of next) {
    const before = prev.get(ticks);
    if (present(size) ? before !== size : present(before)) changed.push(ticks);
  }
  for (const [ticks, size] of prev) if (!next.has(ticks) && present(size)) changed.push(ticks);
  changed.sort(bestFirst);
  return changed.map((ticks): DepthLevel => {
    const size = next.get(ticks);
    return [fromScaled(ticks, priceScale), present(size) ? size : '0'];
  });
}
