// scaled-text.ts must give exactly contract/core/decimal.ts's answers, errors included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromScaled } from '@contract/core/decimal';
import { scaledText } from './scaled-text';

const scale = fc.integer({ min: 0, max: 18 });

describe('scaledText', () => {
  it('formats bigints exactly as fromScaled, trimmed or not', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), scale, fc.boolean(), (v, s, trim) => {
        expect(scaledText(v, s, trim)).toBe(fromScaled(v, s, { trim }));
      }),
      { numRuns: 1000 },
    );
  });

  it('formats numbers (safe integers and beyond) exactly as fromScaled', () => {
    const n = fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.maxSafeInteger(), fc.constantFrom(0, -0, 1e17, 2 ** 53, -(2 ** 60)));
    fc.assert(
      fc.property(n, scale, fc.boolean(), (v, s, trim) => {
        expect(scaledText(v, s, trim)).toBe(fromScaled(v, s, { trim }));
      }),
      { numRuns: 1000 },
    );
  });

  it('handles the edges: zero, values below one, trailing zeros', () => {
    expect(scaledText(0n, 2)).toBe('0.00');
    expect(scaledText(0n, 2, true)).toBe('0');
    expect(scaledText(5, 3)).toBe('0.005');
    expect(scaledText(-5, 3)).toBe('-0.005');
    expect(scaledText(1200, 2, true)).toBe('12');
    expect(scaledText(1230, 2, true)).toBe('12.3');
    expect(scaledText(65000_01, 2)).toBe('65000.01');
  });
});
