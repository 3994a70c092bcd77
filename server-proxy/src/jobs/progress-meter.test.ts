import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProgressMeter } from './progress-meter';

describe('ProgressMeter', () => {
  it('gives no rate in the first seconds, then rows per second over the window, and the time left', () => {
    const m = new ProgressMeter();
    m.begin(1, 0);
    for (let t = 0; t < 20_000; t += 100) m.note(1, t);
    expect(m.rate(1, 1000)).toBeNull();
    expect(m.rate(1, 20_000)).toBeCloseTo(10, 5);
    expect(m.etaMs(1, 50, 20_000)).toBe(5000);
    expect(m.etaMs(1, 0, 20_000)).toBe(0);
  });

  it('never reports more than the rows settled divided by the time measured', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 30_000 }), { maxLength: 300 }), fc.integer({ min: 3000, max: 40_000 }), (times, now) => {
        const m = new ProgressMeter();
        m.begin(7, 0);
        for (const t of [...times].sort((a, b) => a - b).filter((t) => t <= now)) m.note(7, t);
        const r = m.rate(7, now);
        expect(r).not.toBeNull();
        const since = Math.max(0, now - 10_000);
        expect(r!).toBeLessThanOrEqual((times.filter((t) => t >= since && t <= now).length * 1000) / (now - since) + 1e-9);
      }),
    );
  });
});
