// Geometry of the depth chart: cumulative bids and asks as step curves over a price axis
// that is proportional (a gap in prices is a gap on screen, unlike a ladder's rows).
// Pure, so the shape is tested without a canvas. Ticks and lots stay integers; only the
// final pixel positions are floats.
import { levelCount, lotsAt, ticksAt, type PackedLevels } from './packed-levels';

export interface DepthPoint {
  x: number;
  y: number;
}

export interface DepthCurves {
  bids: DepthPoint[];
  asks: DepthPoint[];
  /** Price range shown, in ticks. */
  minTicks: number;
  maxTicks: number;
  maxLots: number;
}

/**
 * Curves for a width x height box. The window is centred on the mid and spans `span` of
 * the mid on each side (0.01 = 1%), so both sides share one scale.
 */
export function depthCurves(bids: PackedLevels, asks: PackedLevels, width: number, height: number, span = 0.01): DepthCurves | null {
  if (levelCount(bids) === 0 || levelCount(asks) === 0) return null;
  const bestBid = ticksAt(bids, 0);
  const bestAsk = ticksAt(asks, 0);
  const mid = (bestBid + bestAsk) / 2;
  const half = Math.max(Math.ceil(mid * span), bestAsk - bestBid, 1);
  const minTicks = Math.floor(mid - half);
  const maxTicks = Math.ceil(mid + half);
  // Levels are best first, so each side stops at the first level outside the window.
  const cum = (levels: PackedLevels, inWindow: (ticks: number) => boolean) => {
    const out: { ticks: number; cum: number }[] = [];
    let c = 0;
    for (let i = 0; i < levelCount(levels); i++) {
      const ticks = ticksAt(levels, i);
      if (!inWindow(ticks)) break;
      out.push({ ticks, cum: (c += lotsAt(levels, i)) });
    }
    return out;
  };
  const cb = cum(bids, (t) => t >= minTicks);
  const ca = cum(asks, (t) => t <= maxTicks);
  const maxLots = Math.max(cb.at(-1)?.cum ?? 0, ca.at(-1)?.cum ?? 0, 1);
  const xOf = (ticks: number) => ((ticks - minTicks) / (maxTicks - minTicks)) * width;
  const yOf = (lots: number) => height - (lots / maxLots) * height;
  const steps = (points: { ticks: number; cum: number }[], edge: number): DepthPoint[] => {
    const out: DepthPoint[] = [];
    let prev = 0;
    for (const p of points) {
      out.push({ x: xOf(p.ticks), y: yOf(prev) }, { x: xOf(p.ticks), y: yOf(p.cum) });
      prev = p.cum;
    }
    if (points.length) out.push({ x: edge, y: yOf(prev) });
    return out;
  };
  return { bids: steps(cb, 0), asks: steps(ca, width), minTicks, maxTicks, maxLots };
}

/** What the depth chart says under the pointer: the side, and the book from the touch to that price. */
export interface DepthReadout {
  side: 'bid' | 'ask';
  /** The price under the pointer, in ticks. */
  ticks: number;
  /** Lots resting from the best price to `ticks` on that side. */
  cumLots: number;
  /** Their value: the sum of price x size, in ticks x lots (exact). */
  notionalTickLots: bigint;
}

/**
 * The readout at pixel `x` of a chart drawn by depthCurves: below the mid it reads the
 * bids at or above that price, above the mid the asks at or below it.
 */
export function depthReadout(bids: PackedLevels, asks: PackedLevels, curves: Pick<DepthCurves, 'minTicks' | 'maxTicks'>, x: number, width: number): DepthReadout | null {
  if (levelCount(bids) === 0 || levelCount(asks) === 0 || width <= 0) return null;
  const ticks = Math.round(curves.minTicks + (Math.min(Math.max(x, 0), width) / width) * (curves.maxTicks - curves.minTicks));
  const mid2 = ticksAt(bids, 0) + ticksAt(asks, 0);
  const side = ticks * 2 <= mid2 ? 'bid' : 'ask';
  const levels = side === 'bid' ? bids : asks;
  let cumLots = 0;
  let notional = 0n;
  for (let i = 0; i < levelCount(levels); i++) {
    const t = ticksAt(levels, i);
    if (side === 'bid' ? t < ticks : t > ticks) break;
    const lots = lotsAt(levels, i);
    cumLots += lots;
    notional += BigInt(t) * BigInt(lots);
  }
  return { side, ticks, cumLots, notionalTickLots: notional };
}
