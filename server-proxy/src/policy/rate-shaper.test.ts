import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ManualClock } from '../test-support/manual-clock';
import { RateShaper } from './rate-shaper';
import { SlidingWindow } from './sliding-window';

const options = { windowMs: 1000, safetyMarginMs: 100, queueBound: 200 };

/** The largest number of departures inside any half-open window [t, t + windowMs). */
function maxInAnyWindow(times: number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < sorted.length; hi++) {
    while ((sorted[hi] ?? 0) - (sorted[lo] ?? 0) >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

async function flush() {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

describe('SlidingWindow', () => {
  it('lets `limit` calls go at once and makes the next wait for the span', () => {
    const w = new SlidingWindow(10, 1100);
    for (let i = 0; i < 10; i++) {
      expect(w.waitMs(0)).toBe(0);
      w.take(0);
    }
    expect(w.waitMs(0)).toBe(1100);
    expect(w.waitMs(1099)).toBe(1);
    expect(w.waitMs(1100)).toBe(0);
  });

  it('never admits more than the limit within any window, whatever the arrival pattern', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 300 }), fc.integer({ min: 1, max: 12 }), (gaps, limit) => {
        const w = new SlidingWindow(limit, 1050);
        const departures: number[] = [];
        let t = 0;
        for (const gap of gaps) {
          t += gap;
          const wait = w.waitMs(t);
          const at = t + wait;
          expect(w.waitMs(at)).toBe(0);
          w.take(at);
          departures.push(at);
          t = at;
        }
        expect(maxInAnyWindow(departures, 1000)).toBeLessThanOrEqual(limit);
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
    for (let i = 0; i < 25; i++) {
      const admission = shaper.admit('1000001|v2.revise-history', 10);
      expect(admission).not.toBe('full');
      if (admission === 'full') continue;
      if (admission === 'go') {
        departures.push(clock.now());
        order.push(i);
      } else {
        void admission.then(() => {
          departures.push(clock.now());
          order.push(i);
        });
      }
    }
    for (let step = 0; step < 40; step++) {
      clock.advance(100);
      await flush();
    }
    expect(departures).toHaveLength(25);
    expect(order).toEqual([...Array(25).keys()]);
    expect(maxInAnyWindow(departures, 1000)).toBeLessThanOrEqual(10);
    // Shaping only delays: the 11th leaves exactly one span after the first.
    expect(departures[10]! - departures[0]!).toBe(1100);
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
    for (let i = 0; i < 10; i++) shaper.admit('1|e', 10);
    const queued = shaper.admit('1|e', 10);
    let released = false;
    void (queued as Promise<void>).then(() => (released = true));
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
