// One side of the published book view: [ticks0, lots0, ticks1, lots1, ...], best first
// (OrderBook.packedView). The view is published once per frame; as two typed arrays it
// costs two allocations, not 800 level objects a frame. Widgets read only ticks and lots:
// the ladder formats the few rows it shows.
export type PackedLevels = Float64Array;

export const noLevels: PackedLevels = new Float64Array(0);

export function levelCount(levels: PackedLevels): number {
  return levels.length >> 1;
}

export function ticksAt(levels: PackedLevels, i: number): number {
  return levels[2 * i]!;
}

export function lotsAt(levels: PackedLevels, i: number): number {
  return levels[2 * i + 1]!;
}

/** Packs levels given as objects (tests, and any caller holding a BookLevel list). */
export function packLevels(levels: readonly { ticks: number; lots: number }[]): PackedLevels {
  const out = new Float64Array(2 * levels.length);
  levels.forEach((l, i) => {
    out[2 * i] = l.ticks;
    out[2 * i + 1] = l.lots;
  });
  return out;
}
