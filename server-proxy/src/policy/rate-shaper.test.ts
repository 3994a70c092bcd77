import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '@contract/core/clock';
import { endpointList, endpoints } from '@contract/catalog/endpoints';
import { RateShaper, shapedPerSecond } from './rate-shaper';
import type { SharedRateBudget } from './shared-rate-budget';
import { SlidingWindow } from './sliding-window';
import { mostInAnyWindow } from '../test-support/most-in-any-window';

const options = { windowMs: 1000, safetyMarginMs: 100, queueBound: 200 };

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('SlidingWindow', () => {
  it('lets `limit` calls go at once and frees each slot one span after its answer', () => {
    const w = new SlidingWindow(10, 1100);
    for (let i = 0; i < 10; i++) {
      expect(w.waitMs(0)).toBe(0);
      w.take();
    }
    // All ten in flight: only an answer can free a slot.
    expect(w.waitMs(0)).toBe(Infinity);
    w.release(40);
    expect(w.waitMs(40)).toBe(1100);
    expect(w.waitMs(1139)).toBe(1);
    expect(w.waitMs(1140)).toBe(0);
  });

  it('keeps every possible arrival pattern within the limit, whatever the latencies', () => {
    // Each call arrives upstream somewhere between its send and its answer; the
    // adversary picks the arrival. No window of 1 s may hold more than `limit`.
    const call = fc.record({ gap: fc.integer({ min: 0, max: 300 }), latency: fc.integer({ min: 0, max: 400 }), arriveAt: fc.double({ min: 0, max: 1, noNaN: true }) });
    fc.assert(
      fc.property(fc.array(call, { minLength: 1, maxLength: 120 }), fc.integer({ min: 1, max: 12 }), (calls, limit) => {
        const w = new SlidingWindow(limit, 1000);
        const answers: number[] = []; // answer times of calls in flight
        const arrivals: number[] = [];
        let t = 0;
        for (const c of calls) {
          t += c.gap;
          // Advance time until the call may leave, delivering answers as they come.
          for (;;) {
            answers.sort((a, b) => a - b);
            const wait = w.waitMs(t);
            const nextAnswer = answers[0];
            if (wait === 0) break;
            if (nextAnswer !== undefined && nextAnswer <= t + (wait === Infinity ? Number.MAX_SAFE_INTEGER : wait)) {
              t = Math.max(t, nextAnswer);
              answers.shift();
              w.release(t);
            } else {
              t += wait;
            }
          }
          w.take();
          const answeredAt = t + c.latency;
          answers.push(answeredAt);
          arrivals.push(t + c.arriveAt * c.latency);
        }
        expect(mostInAnyWindow(arrivals, 1000)).toBeLessThanOrEqual(limit);
      }),
    );
  });
});

describe('RateShaper', () => {
  it('sends 25 immediate calls at no more than 10 in any 1 s window, in order, with no refusals', async () => {
    const clock = new ManualClock();
    const shaper = new RateShaper(clock, options, clock);
    const departures: number[] = [];
    const order: number[] = [];
    const lane = '1000001|v2-revise-history';
    // Each call is answered 30 ms after it leaves.
    const leave = (i: number) => {
      departures.push(clock.now());
      order.push(i);
      clock.setTimeout(() => shaper.release(lane), 30);
    };
    for (let i = 0; i < 25; i++) {
      const admission = shaper.admit(lane, 10);
      expect(admission).not.toBe('full');
      if (admission === 'full') continue;
      if (admission === 'go') leave(i);
      else void admission.then(() => leave(i));
    }
    for (let step = 0; step < 400; step++) {
      clock.advance(10);
      await flush();
    }
    expect(departures).toHaveLength(25);
    expect(order).toEqual([...Array(25).keys()]);
    expect(mostInAnyWindow(departures, 1000)).toBeLessThanOrEqual(10);
    // Shaping only delays: the 11th leaves one span after the first call's answer.
    expect(departures[10]! - departures[0]!).toBe(30 + 1100);
  });

  it('keeps separate lanes for separate UIDs', () => {
    const clock = new ManualClock();
    const shaper = new RateShaper(clock, options, clock);
    for (let i = 0; i < 10; i++) expect(shaper.admit('1|e', 10)).toBe('go');
    expect(shaper.admit('1|e', 10)).toBeInstanceOf(Promise);
    expect(shaper.admit('2|e', 10)).toBe('go');
  });

  it('refuses calls past the queue bound instead of queueing without end', () => {
    const clock = new ManualClock();
    const shaper = new RateShaper(clock, { ...options, queueBound: 3 }, clock);
    for (let i = 0; i < 10; i++) expect(shaper.admit('1|e', 10)).toBe('go');
    for (let i = 0; i < 3; i++) expect(shaper.admit('1|e', 10)).toBeInstanceOf(Promise);
    expect(shaper.queued('1|e')).toBe(3);
    expect(shaper.admit('1|e', 10)).toBe('full');
  });

  it('serves queued calls before a newcomer once the window frees', async () => {
    const clock = new ManualClock();
    const shaper = new RateShaper(clock, options, clock);
    for (let i = 0; i < 10; i++) void shaper.admit('1|e', 10);
    const queued = shaper.admit('1|e', 10);
    let released = false;
    void (queued as Promise<void>).then(() => (released = true));
    shaper.release('1|e');
    clock.advance(1099);
    await flush();
    expect(released).toBe(false);
    // While one call waits, a newcomer must queue behind it even at the same instant.
    expect(shaper.admit('1|e', 10)).toBeInstanceOf(Promise);
    clock.advance(1);
    await flush();
    expect(released).toBe(true);
  });
});

describe('RateShaper with a shared budget (issue 22)', () => {
  /** A budget that holds `atHand` slots already claimed, and gets more from its "database" on take(). */
  function fakeBudget(atHand: number[]) {
    const released: number[] = [];
    let next = 100;
    const budget: SharedRateBudget = {
      takeNow: () => atHand.shift(),
      take: async () => ({ slot: next++ }),
      release: async (_lane, slot) => void released.push(slot),
      close: async () => undefined,
    };
    return { budget, released };
  }

  it('lets a call go at once with a slot the budget already holds, and gives that slot back on release', () => {
    const { budget, released } = fakeBudget([7]);
    const shaper = new RateShaper(new ManualClock(), options, undefined, { budget, onError: () => undefined });
    expect(shaper.admit('1|e', 10)).toBe('go');
    shaper.release('1|e');
    expect(released).toEqual([7]);
  });

  it('waits for the budget\'s database when it holds no slot at hand', async () => {
    const { budget, released } = fakeBudget([]);
    const shaper = new RateShaper(new ManualClock(), options, undefined, { budget, onError: () => undefined });
    const admission = shaper.admit('1|e', 10);
    expect(admission).toBeInstanceOf(Promise);
    await admission;
    shaper.release('1|e');
    expect(released).toEqual([100]);
  });
});

describe('RateShaper with the catalog\'s documented limits (issue 15)', () => {
  it('shapes every endpoint to its own documented figure, unless overridden', () => {
    for (const e of endpointList) {
      expect(e.rateLimit.documented, e.id).toBe(true);
      expect(shapedPerSecond(e.rateLimit, {}), e.id).toBe(e.rateLimit.perSecond);
      expect(shapedPerSecond(e.rateLimit, { undocumentedPerSecond: 999 }), e.id).toBe(e.rateLimit.perSecond);
      expect(shapedPerSecond(e.rateLimit, { overridePerSecond: 7 }), e.id).toBe(7);
    }
    expect(shapedPerSecond({ perSecond: 5, documented: false, group: 'g', scope: 'uid' }, { undocumentedPerSecond: 50 })).toBe(50);
  });

  it('lets a burst of 30 calls to an endpoint documented at 3/s leave at no more than 3 in any second, refusing none', async () => {
    const limit = endpoints.maxTransferable.rateLimit;
    expect(limit.perSecond).toBe(3); // account.md: max-transferable, 3/sec/UID
    const clock = new ManualClock();
    const shaper = new RateShaper(clock, { windowMs: 1000, safetyMarginMs: 50, queueBound: 200 }, clock);
    const lane = `1000001|${limit.group}`;
    const departures: number[] = [];
    const leave = () => {
      departures.push(clock.now());
      // Upstream answers after 20 ms; the slot's cool-down starts then.
      clock.setTimeout(() => shaper.release(lane), 20);
    };
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const admission = shaper.admit(lane, shapedPerSecond(limit, {}));
      if (admission === 'full') refused++;
      else if (admission === 'go') leave();
      else void admission.then(leave);
    }
    for (let step = 0; step < 1500 && departures.length < 30; step++) {
      clock.advance(10);
      await flush();
    }
    expect(refused).toBe(0);
    expect(departures).toHaveLength(30);
    expect(mostInAnyWindow(departures, 1000)).toBeLessThanOrEqual(3);
  });
});
