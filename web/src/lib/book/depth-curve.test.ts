import { describe, expect, it } from 'vitest';
import type { BookLevel } from '@contract/book/order-book';
import { depthCurves } from './depth-curve';

const lvl = (ticks: number, lots: number): BookLevel => ({ price: String(ticks), size: String(lots), ticks, lots });

describe('depthCurves', () => {
  it('puts prices on a proportional axis with bids left of asks', () => {
    const c = depthCurves([lvl(990, 1), lvl(980, 2)], [lvl(1010, 1), lvl(1040, 3)], 200, 100, 0.05);
    expect(c).not.toBeNull();
    const { bids, asks, minTicks, maxTicks } = c!;
    expect(minTicks).toBe(950);
    expect(maxTicks).toBe(1050);
    // 990 is 40% of the way across 950..1050; 1040 is 90%.
    expect(bids[0]?.x).toBeCloseTo(80);
    expect(asks[2]?.x).toBeCloseTo(180);
    expect(Math.max(...bids.map((p) => p.x))).toBeLessThan(Math.min(...asks.map((p) => p.x)));
  });

  it('scales both sides to the deeper cumulative total', () => {
    const c = depthCurves([lvl(990, 1), lvl(980, 2)], [lvl(1010, 1), lvl(1040, 3)], 200, 100, 0.05)!;
    expect(c.maxLots).toBe(4);
    expect(c.asks.at(-1)?.y).toBe(0);
    expect(c.bids.at(-1)?.y).toBeCloseTo(25);
  });

  it('draws nothing while a side is empty', () => {
    expect(depthCurves([], [lvl(1010, 1)], 200, 100)).toBeNull();
  });
});
