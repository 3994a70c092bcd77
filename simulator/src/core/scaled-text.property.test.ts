// scaled-text.ts must give exactly contract/decimal.ts's answers, errors included.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalError, fromScaled, toTicks } from '@contract/decimal';
import { parseTicks, scaledText } from './scaled-text';

const scale = fc.integer({ min: 0, max: 18 });

function outcome(run: () => unknown): unknown {
  try {
    return { value: run() };
  } catch (e) {
    return e instanceof DecimalError ? { field: e.field, reason: e.reason, message: e.message } : { other: String(e) };
  }
}

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

describe('parseTicks', () => {
  const decimalish = fc.oneof(
    fc.tuple(fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{0,8}$/)).map(([i, f]) => (f === '' ? String(i) : `${i}.${f}`)),
    fc.stringMatching(/^-?[0-9]{0,20}(\.[0-9]{0,20})?$/),
    fc.string({ maxLength: 12 }),
    fc.constantFrom('', '.', '1.', '.5', '-0', '-1', '+1', '1e3', ' 1', '0x10', '00012.50', '9007199254740993', '1.000000000'),
  );

  it('reads every text as toTicks does: the same number or the same error', () => {
    fc.assert(
      fc.property(decimalish, scale, (s, sc) => {
        expect(outcome(() => parseTicks(s, sc, { field: 'price' }))).toEqual(outcome(() => toTicks(s, sc, { field: 'price' })));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a price on the tick and refuses one off it', () => {
    expect(parseTicks('65000.01', 2)).toBe(6500001);
    expect(parseTicks('65000', 2)).toBe(6500000);
    expect(() => parseTicks('65000.011', 2, { field: 'price' })).toThrow(DecimalError);
  });
});
