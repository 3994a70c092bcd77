// Against a real PostgreSQL (a throwaway cluster): two proxies' shapers on one database
// keep the exchange's limit together, never hand one slot to both, and refuse to send
// when the database is gone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@contract/core/clock';
import { mostInAnyWindow } from '../test-support/most-in-any-window';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test-support/throwaway-postgres';
import { RateShaper } from './rate-shaper';
import { PgRateBudget } from './shared-rate-budget';

let pg: ThrowawayPostgres;
const budgets: PgRateBudget[] = [];

beforeAll(async () => {
  pg = await startThrowawayPostgres();
}, 60_000);

afterAll(async () => {
  for (const b of budgets.splice(0)) await b.close().catch(() => undefined);
  pg?.stop();
});

async function proxy(): Promise<{ shaper: RateShaper; budget: PgRateBudget; errors: unknown[] }> {
  const budget = await PgRateBudget.open(pg.url, { spanMs: 1_050, leaseMs: 30_000 });
  budgets.push(budget);
  const errors: unknown[] = [];
  const shaper = new RateShaper(systemClock, { windowMs: 1_000, safetyMarginMs: 50, queueBound: 100 }, undefined, { budget, onError: (e) => errors.push(e) });
  return { shaper, budget, errors };
}


describe('the shared rate budget on PostgreSQL', () => {
  it('holds 60 calls split over two proxies to 10 in any second', async () => {
    const [a, b] = [await proxy(), await proxy()];
    const arrivals: number[] = [];
    const lane = '1000001|placeOrder';
    const call = async (p: typeof a) => {
      const admission = p.shaper.admit(lane, 10);
      expect(admission).not.toBe('full');
      if (admission !== 'go') await admission;
      arrivals.push(Date.now());
      await new Promise((r) => setTimeout(r, 3)); // the exchange's answer
      p.shaper.release(lane);
    };
    await Promise.all(Array.from({ length: 60 }, (_, i) => call(i % 2 === 0 ? a : b)));
    expect(arrivals).toHaveLength(60);
    expect(mostInAnyWindow(arrivals, 1_000)).toBeLessThanOrEqual(10);
    expect([a.errors, b.errors]).toEqual([[], []]);
  }, 30_000);

  it('never gives one slot to two proxies taking it at once', async () => {
    const [a, b] = [await proxy(), await proxy()];
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).budget.take('lane-one-slot', 1)));
    expect(results.filter((r) => 'slot' in r)).toHaveLength(1);
    expect(results.filter((r) => 'waitMs' in r).every((r) => 'waitMs' in r && r.waitMs > 1_000)).toBe(true);
  });

  it('refuses to admit when the database is gone, and gives the local slot back', async () => {
    const { shaper } = await proxy();
    const lane = '1000001|cancelOrder';
    const first = shaper.admit(lane, 10);
    if (first !== 'go' && first !== 'full') await first;
    shaper.release(lane);
    pg.stop();
    const admission = shaper.admit(lane, 1);
    expect(admission).not.toBe('full');
    await expect(admission as Promise<void>).rejects.toThrow();
    expect(shaper.queued(lane)).toBe(0);
  });
});
