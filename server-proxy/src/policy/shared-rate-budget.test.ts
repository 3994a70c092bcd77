// Against a real PostgreSQL (a throwaway cluster, a fresh database per test): proxies'
// budgets on one database keep the exchange's limit together while each claims slots in
// blocks, share a 10/s lane, give back what they claimed and did not use, write their
// releases when closed, outlive a dead proxy's slots by its lease (and a late release of
// such a slot frees nothing), and refuse to send when the database is gone.
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '@contract/core/clock';
import { mostInAnyWindow } from '../test-support/most-in-any-window';
import { freshPostgresDatabase, testCluster } from '../test-support/storage-engines';
import { RateShaper } from './rate-shaper';
import { PgRateBudget, type PgRateBudgetOptions } from './shared-rate-budget';

const SPAN_MS = 1_050;
const budgets: PgRateBudget[] = [];

afterEach(async () => {
  for (const b of budgets.splice(0)) await b.close().catch(() => undefined);
});

async function openBudget(url: string, options: Partial<PgRateBudgetOptions> = {}): Promise<PgRateBudget> {
  const budget = await PgRateBudget.open(url, { spanMs: SPAN_MS, leaseMs: 30_000, ...options });
  budgets.push(budget);
  return budget;
}

interface Proxy {
  shaper: RateShaper;
  budget: PgRateBudget;
  errors: unknown[];
}

async function proxy(url: string, rate = { windowMs: 1_000, safetyMarginMs: 50 }, options: Partial<PgRateBudgetOptions> = {}): Promise<Proxy> {
  const budget = await openBudget(url, { spanMs: rate.windowMs + rate.safetyMarginMs, ...options });
  const errors: unknown[] = [];
  const shaper = new RateShaper(systemClock, { ...rate, queueBound: 1_000 }, undefined, { budget, onError: (e) => errors.push(e) });
  return { shaper, budget, errors };
}

/** One call through a proxy's shaper: when it was sent and answered (the exchange saw it in between). */
async function call(p: Proxy, lane: string, perSecond: number, answerMs: number): Promise<{ sent: number; answered: number }> {
  const admission = p.shaper.admit(lane, perSecond);
  expect(admission).not.toBe('full');
  if (admission !== 'go') await admission;
  const sent = Date.now();
  await new Promise((r) => setTimeout(r, answerMs)); // the exchange's answer
  const answered = Date.now();
  p.shaper.release(lane);
  return { sent, answered };
}

/** A lane's rows held now: in a call's lease or cooling down, and of those, still under a claim's lease. */
async function heldRows(url: string, lane: string): Promise<{ held: number; leased: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const now = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;
    const { rows } = await client.query<{ held: string; leased: string }>(
      `SELECT count(*) FILTER (WHERE free_at > ${now}) AS held, count(*) FILTER (WHERE free_at > ${now} + $2) AS leased FROM desk_rate_slots WHERE lane = $1`,
      [lane, SPAN_MS],
    );
    return { held: Number(rows[0]?.held), leased: Number(rows[0]?.leased) };
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the shared rate budget on PostgreSQL', () => {
  it('holds 60 calls split over two proxies to 10 in any second', async () => {
    const url = await freshPostgresDatabase();
    const [a, b] = [await proxy(url), await proxy(url)];
    const lane = '1000001|placeOrder';
    const calls = await Promise.all(Array.from({ length: 60 }, (_, i) => call(i % 2 === 0 ? a : b, lane, 10, 3)));
    expect(mostInAnyWindow(calls.map((c) => c.sent), 1_000)).toBeLessThanOrEqual(10);
    expect([a.errors, b.errors]).toEqual([[], []]);
  }, 30_000);

  it('holds two proxies claiming slots in blocks to the limit in any window, wherever each call arrives', async () => {
    const url = await freshPostgresDatabase();
    // 80 calls a 500 ms window: blocks of up to 10 slots. Each proxy's own window would let
    // it send 80, so only the shared budget keeps the two at 80 together. Slots left unused
    // for 10 ms go back, so give-backs, claims ahead and releases all interleave.
    const rate = { windowMs: 500, safetyMarginMs: 50 };
    const [a, b] = [await proxy(url, rate, { holdMs: 10 }), await proxy(url, rate, { holdMs: 10 })];
    const lane = '1000001|batchOrders';
    const calls = await Promise.all(Array.from({ length: 400 }, (_, i) => call(i % 2 === 0 ? a : b, lane, 160, i % 7 === 0 ? 40 : i % 5)));
    expect(calls).toHaveLength(400);
    // The exchange sees each call between its send and its answer: any of those instants.
    expect(mostInAnyWindow(calls.map((c) => c.sent), 500)).toBeLessThanOrEqual(80);
    expect(mostInAnyWindow(calls.map((c) => c.answered), 500)).toBeLessThanOrEqual(80);
    expect(mostInAnyWindow(calls.map((c, i) => c.sent + ((i * 0.37) % 1) * (c.answered - c.sent)), 500)).toBeLessThanOrEqual(80);
    // Blocks were in play in both proxies: claims of several slots (the first, for the
    // burst of waiting calls, asks for the most a block may hold).
    for (const p of [a, b]) expect(p.budget.counts.largestClaim).toBe(10);
    expect([a.errors, b.errors]).toEqual([[], []]);
  }, 30_000);

  it('shares a 10/s lane so that a proxy with few calls is not starved by a busy one', async () => {
    const url = await freshPostgresDatabase();
    const [busy, other] = [await proxy(url), await proxy(url)];
    const lane = '1000001|modifyOrder';
    const order: Array<'busy' | 'other'> = [];
    const through = async (p: Proxy, who: 'busy' | 'other') => {
      const admission = p.shaper.admit(lane, 10);
      if (admission !== 'go' && admission !== 'full') await admission;
      order.push(who);
      p.shaper.release(lane);
    };
    await Promise.all([...Array.from({ length: 24 }, () => through(busy, 'busy')), ...Array.from({ length: 6 }, () => through(other, 'other'))]);
    // The busy proxy alone could fill the first two windows; the other gets its share in them.
    expect(order.slice(0, 20).filter((w) => w === 'other').length).toBeGreaterThanOrEqual(3);
    expect(order.filter((w) => w === 'other')).toHaveLength(6);
  }, 30_000);

  it('gives back the slots it claimed and no call used, free at once', async () => {
    const url = await freshPostgresDatabase();
    const budget = await openBudget(url, { holdMs: 20 });
    const lane = 'lane-64';
    // Eight takers at once: one claim of eight; as they are handed out the next block is
    // claimed ahead, and nobody takes it.
    const taken = await Promise.all(Array.from({ length: 8 }, () => budget.take(lane, 64)));
    expect(taken.every((t) => 'slot' in t)).toBe(true);
    await expect.poll(() => budget.counts.slotsClaimed).toBeGreaterThan(8);
    // Past the hold and a release write: only the eight in use are held, none cooling down.
    await expect.poll(async () => (await heldRows(url, lane)).held, { timeout: 2_000, interval: 20 }).toBe(8);
    expect(budget.counts.slotsGivenBack).toBe(budget.counts.slotsClaimed - 8);
    expect((await heldRows(url, lane)).leased).toBe(8);
  });

  it('writes its gathered releases when it closes, whichever lanes they are of', async () => {
    const url = await freshPostgresDatabase();
    // Releases gather for a minute: only close() can write those after the first.
    const budget = await PgRateBudget.open(url, { spanMs: SPAN_MS, leaseMs: 30_000, releaseEveryMs: 60_000 });
    const slotOf = async (lane: string) => {
      const taken = await budget.take(lane, 10);
      if (!('slot' in taken)) throw new Error(`no slot of ${lane}`);
      return taken.slot;
    };
    const [a1, a2, b1] = [await slotOf('lane-a'), await slotOf('lane-a'), await slotOf('lane-b')];
    // The first is written at once; the other two, of two lanes, wait for the next write.
    await budget.release('lane-a', a1);
    const gathered = [budget.release('lane-a', a2), budget.release('lane-b', b1)];
    expect([await heldRows(url, 'lane-a'), await heldRows(url, 'lane-b')]).toEqual([
      { held: 2, leased: 1 },
      { held: 1, leased: 1 },
    ]);
    await budget.close();
    await Promise.all(gathered);
    // All three cool down for a span; none is left under its lease.
    expect([await heldRows(url, 'lane-a'), await heldRows(url, 'lane-b')]).toEqual([
      { held: 2, leased: 0 },
      { held: 1, leased: 0 },
    ]);
  });

  it('frees a dead proxy\'s slot after its lease, and its late release cannot free the slot again', async () => {
    const url = await freshPostgresDatabase();
    const [dead, live] = [await openBudget(url, { leaseMs: 300 }), await openBudget(url)];
    const lane = 'lane-one';
    const held = await dead.take(lane, 1);
    expect(held).toEqual({ slot: 0 });
    // The dead proxy never answers; the live one waits out the lease, not for ever.
    const first = await live.take(lane, 1);
    expect('waitMs' in first && first.waitMs <= 300).toBe(true);
    await sleep('waitMs' in first ? first.waitMs + 20 : 0);
    expect(await live.take(lane, 1)).toEqual({ slot: 0 });
    // The "dead" proxy wakes up and releases the slot it lost: the live proxy's claim stands.
    await dead.release(lane, 0);
    expect(await heldRows(url, lane)).toEqual({ held: 1, leased: 1 });
  });

  it('never gives one slot to two proxies taking it at once', async () => {
    const url = await freshPostgresDatabase();
    const [a, b] = [await openBudget(url), await openBudget(url)];
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).take('lane-one-slot', 1)));
    expect(results.filter((r) => 'slot' in r)).toHaveLength(1);
    expect(results.filter((r) => 'waitMs' in r).every((r) => 'waitMs' in r && r.waitMs > 1_000)).toBe(true);
  });

  // Last: it stops the cluster.
  it('refuses to admit when the database is gone, and gives the local slot back', async () => {
    const { shaper } = await proxy(await freshPostgresDatabase());
    const lane = '1000001|cancelOrder';
    const first = shaper.admit(lane, 10);
    if (first !== 'go' && first !== 'full') await first;
    shaper.release(lane);
    (await testCluster()).stop();
    const admission = shaper.admit(lane, 1);
    expect(admission).not.toBe('full');
    await expect(admission as Promise<void>).rejects.toThrow();
    expect(shaper.queued(lane)).toBe(0);
  });
});
