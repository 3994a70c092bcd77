import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { backoffDelay, defaultBackoff } from './backoff';

describe('backoffDelay', () => {
  it('starts near the base delay for the first retry', () => {
    expect(backoffDelay(0, () => 0)).toBe(250);
    expect(backoffDelay(0, () => 1)).toBe(500);
  });

  it('doubles the ceiling with each attempt until the cap', () => {
    expect(backoffDelay(1, () => 1)).toBe(1000);
    expect(backoffDelay(2, () => 1)).toBe(2000);
    expect(backoffDelay(5, () => 1)).toBe(10_000);
    expect(backoffDelay(50, () => 1)).toBe(10_000);
  });

  it('never exceeds the cap and never falls below half the ceiling, whatever the jitter', () => {
    fc.assert(
      fc.property(fc.nat(100), fc.double({ min: 0, max: 1, noNaN: true }), (attempt, r) => {
        const d = backoffDelay(attempt, () => r);
        const ceiling = Math.min(defaultBackoff.capMs, defaultBackoff.baseMs * 2 ** Math.min(attempt, 30));
        expect(d).toBeLessThanOrEqual(defaultBackoff.capMs);
        expect(d).toBeGreaterThanOrEqual(Math.floor(ceiling / 2));
      }),
    );
  });

  it('spreads delays apart when the random source differs (jitter)', () => {
    expect(backoffDelay(3, () => 0.1)).not.toBe(backoffDelay(3, () => 0.9));
  });
});
