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
