import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../server';
import { T0 } from '../testing/sim-fixture';

const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

function run(seed: number, steps: number): { sim: Simulator; orders: string[] } {
  const sim = createSimulator({ clock: new ManualClock(T0), seed });
  sims.push(sim);
  const orders: string[] = [];
  sim.bus.on('order', (e) => {
    if (e.previousState === null) orders.push(`${e.order.category}:${e.order.symbol}:${e.order.side}:${e.order.price}:${e.order.qty}`);
  });
  sim.flow.prefill();
  for (let i = 0; i < steps; i++) sim.flow.step();
  return { sim, orders };
}

describe('synthetic market flow', () => {
  it('is off unless a rate is given', () => {
    const sim = createSimulator({ clock: new ManualClock(T0) });
    sims.push(sim);
    expect(sim.orders.orders.size).toBe(0);
    expect(sim.market.depth('spot', 'BTCUSDT').bids).toEqual([]);
  });

  it('produces the same orders for the same seed and different ones for another', () => {
    const a = run(7, 300).orders;
    const b = run(7, 300).orders;
    const c = run(8, 300).orders;
    expect(a.length).toBeGreaterThan(300);
    expect(b).toEqual(a);
    expect(c).not.toEqual(a);
  });

  it('keeps two-sided books that trade, without touching any user balance', () => {
    const { sim } = run(3, 600);
    const before = createSimulator({ clock: new ManualClock(T0) });
    sims.push(before);
    for (const uid of [1000001, 1000002, 2000001, 3000001]) {
      for (const [coin, b] of before.accounts.get(uid).balances) expect(sim.accounts.coin(uid, coin)).toEqual(b);
    }
    for (const [category, symbol] of [['spot', 'BTCUSDT'], ['spot', 'ETHUSDT'], ['spot', 'NTKUSDT'], ['usdt-futures', 'BTCUSDT'], ['usdt-futures', 'ETHUSDT']] as const) {
      const depth = sim.market.depth(category, symbol);
      expect(depth.bids.length, `${category} ${symbol} bids`).toBeGreaterThan(0);
      expect(depth.asks.length, `${category} ${symbol} asks`).toBeGreaterThan(0);
      expect(depth.bids[0]!.priceTicks).toBeLessThan(depth.asks[0]!.priceTicks);
    }
    expect(sim.orders.fills.get(9000002)?.length ?? 0).toBeGreaterThan(20);
    expect(sim.invariantViolations()).toEqual([]);
  });

  it('moves the futures mark price with the mid', () => {
    const { sim } = run(5, 400);
    const events: string[] = [];
    sim.bus.on('mark', (e) => events.push(e.markPrice));
    for (let i = 0; i < 50; i++) sim.flow.step();
    expect(events.length).toBeGreaterThan(0);
    expect(sim.market.markOf('BTCUSDT')).not.toBe(65_000n * 10n ** 18n);
  });
});
