import { describe, expect, it } from 'vitest';
import { depthCurves, depthReadout } from './depth-curve';
import { packLevels } from './packed-levels';

const lvl = (ticks: number, lots: number) => ({ ticks, lots });
const side = (...levels: { ticks: number; lots: number }[]) => packLevels(levels);

describe('depthCurves', () => {
  it('puts prices on a proportional axis with bids left of asks', () => {
    const c = depthCurves(side(lvl(990, 1), lvl(980, 2)), side(lvl(1010, 1), lvl(1040, 3)), 200, 100, 0.05);
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
    const c = depthCurves(side(lvl(990, 1), lvl(980, 2)), side(lvl(1010, 1), lvl(1040, 3)), 200, 100, 0.05)!;
    expect(c.maxLots).toBe(4);
    expect(c.asks.at(-1)?.y).toBe(0);
    expect(c.bids.at(-1)?.y).toBeCloseTo(25);
  });

  it('draws nothing while a side is empty', () => {
    expect(depthCurves(side(), side(lvl(1010, 1)), 200, 100)).toBeNull();
  });
});

describe('depthReadout', () => {
  const bids = side(lvl(990, 1), lvl(980, 2));
  const asks = side(lvl(1010, 1), lvl(1040, 3));
  const window = { minTicks: 950, maxTicks: 1050 };

  it('reads the bids from the touch down to the price under the pointer, with their value', () => {
    // x = 60 of 200 is 980: both bid levels.
    expect(depthReadout(bids, asks, window, 60, 200)).toEqual({ side: 'bid', ticks: 980, cumLots: 3, notionalTickLots: 990n + 1960n });
  });

  it('reads the asks above the mid, up to the price under the pointer', () => {
    // x = 150 is 1025: only the 1010 level.
    expect(depthReadout(bids, asks, window, 150, 200)).toEqual({ side: 'ask', ticks: 1025, cumLots: 1, notionalTickLots: 1010n });
    expect(depthReadout(bids, asks, window, 500, 200)?.cumLots).toBe(4);
  });

  it('says nothing while a side is empty', () => {
    expect(depthReadout(side(), asks, window, 10, 200)).toBeNull();
  });
});
