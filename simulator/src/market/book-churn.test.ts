import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../server';
import { T0 } from '../testing/sim-fixture';
import { BookChurn } from './book-churn';

const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

function churned(seed: number, steps: number) {
  const sim = createSimulator({ clock: new ManualClock(T0), seed });
  sims.push(sim);
  const churn = new BookChurn({ instruments: sim.instruments, orders: sim.orders, engine: sim.engine }, { category: 'spot', symbol: 'BTCUSDT', seed, quotesPerSide: 40 });
  let settles = 0;
  sim.bus.on('book.settled', (e) => {
    if (e.category === 'spot' && e.symbol === 'BTCUSDT') settles++;
  });
  churn.prefill();
  const ordersAfterPrefill = sim.orders.orders.size;
  settles = 0;
  const levels: string[] = [];
  sim.bus.on('book.level', (e) => levels.push(`${e.side}:${e.priceTicks}:${e.lots}`));
  for (let i = 0; i < steps; i++) churn.step();
  return { sim, settles, levels, ordersAfterPrefill };
}

describe('book churn', () => {
  it('changes the book on every step without creating orders', () => {
    const { sim, settles, ordersAfterPrefill } = churned(3, 2000);
    expect(ordersAfterPrefill).toBe(80);
    expect(settles).toBe(2000);
    expect(sim.orders.orders.size).toBe(ordersAfterPrefill);
  });

  it('keeps a two-sided, uncrossed book and the simulator invariants', () => {
    const { sim } = churned(5, 3000);
    const depth = sim.market.depth('spot', 'BTCUSDT');
    expect(depth.bids.length).toBeGreaterThan(10);
    expect(depth.asks.length).toBeGreaterThan(10);
    expect(depth.bids[0]!.priceTicks).toBeLessThan(depth.asks[0]!.priceTicks);
    expect(sim.orders.fills.get(9000001)?.length ?? 0).toBe(0);
    expect(sim.invariantViolations()).toEqual([]);
  });

  it('is deterministic for a seed', () => {
    expect(churned(7, 500).levels).toEqual(churned(7, 500).levels);
    expect(churned(8, 500).levels).not.toEqual(churned(7, 500).levels);
  });
});
