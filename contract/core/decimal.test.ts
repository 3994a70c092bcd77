import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addDecimal, compareDecimal, DecimalError, divScaled, fromScaled, isDecimalString, mulScaled, rescale, scaleOf, toScaled, toTicks } from './decimal';

describe('decimal strings to scaled integers', () => {
  it('converts exactly at the given precision', () => {
    expect(toScaled('1.25', 2)).toBe(125n);
    expect(toScaled('1.2', 2)).toBe(120n);
    expect(toScaled('0', 8)).toBe(0n);
    expect(toScaled('43231.1', 1)).toBe(432311n);
    expect(toTicks('0.001', 3)).toBe(1);
  });

  it('rejects malformed numbers naming the field', () => {
    for (const bad of ['', '.', '1.', '.5', '1e5', '0x10', ' 1', '1 ', '+1', 'NaN', 'Infinity', '1,5', '--1']) {
      expect(() => toScaled(bad, 2, { field: 'price' }), bad).toThrowError(/price must be a decimal number/);
    }
  });

  it('rejects too many decimals unless a rounding is asked for', () => {
    expect(() => toScaled('1.234', 2, { field: 'qty' })).toThrowError(DecimalError);
    expect(() => toScaled('1.234', 2, { field: 'qty' })).toThrowError(/qty 1.234 has more than 2 decimal places/);
    expect(toScaled('1.230', 2)).toBe(123n);
    expect(toScaled('1.234', 2, { rounding: 'down' })).toBe(123n);
    expect(toScaled('1.231', 2, { rounding: 'up' })).toBe(124n);
  });

  it('rejects negatives unless allowed', () => {
    expect(() => toScaled('-1', 0, { field: 'qty' })).toThrowError(/qty must not be negative/);
    expect(toScaled('-1.5', 1, { allowNegative: true })).toBe(-15n);
    expect(toScaled('-0', 1)).toBe(0n);
  });

  it('rejects tick values beyond the safe integer range', () => {
    expect(() => toTicks('99999999999999999', 0)).toThrowError(/too large/);
  });

  it('formats back to strings, optionally trimmed', () => {
    expect(fromScaled(125n, 2)).toBe('1.25');
    expect(fromScaled(5n, 3)).toBe('0.005');
    expect(fromScaled(-5n, 3)).toBe('-0.005');
    expect(fromScaled(1200n, 3)).toBe('1.200');
    expect(fromScaled(1200n, 3, { trim: true })).toBe('1.2');
    expect(fromScaled(1000n, 3, { trim: true })).toBe('1');
    expect(fromScaled(7, 0)).toBe('7');
  });

  it('round-trips any decimal through its scaled integer', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (v, scale) => {
        expect(toScaled(fromScaled(v, scale), scale, { allowNegative: true })).toBe(v);
      }),
    );
  });

  it('multiplies and divides scaled values with explicit rounding', () => {
    expect(mulScaled(250n, 2, 3000n, 3, 2)).toBe(750n);
    expect(mulScaled(1n, 2, 1n, 2, 2)).toBe(0n);
    expect(mulScaled(1n, 2, 1n, 2, 2, 'up')).toBe(1n);
    expect(divScaled(100n, 0, 3n, 0, 4)).toBe(333333n);
    expect(divScaled(100n, 0, 3n, 0, 4, 'up')).toBe(333334n);
    expect(rescale(12345n, 4, 2)).toBe(123n);
    expect(rescale(12345n, 4, 2, 'up')).toBe(124n);
    expect(rescale(-12345n, 4, 2, 'up')).toBe(-124n);
  });

  it('compares and adds decimal strings exactly, where floats would not', () => {
    expect(addDecimal('0.1', '0.2')).toBe('0.3');
    expect(compareDecimal('0.30', '0.3')).toBe(0);
    expect(compareDecimal('10', '9.99999999999')).toBe(1);
    expect(compareDecimal('-1', '0')).toBe(-1);
    expect(scaleOf('0.001')).toBe(3);
    expect(scaleOf('1')).toBe(0);
    expect(isDecimalString('1.5')).toBe(true);
    expect(isDecimalString(1.5)).toBe(false);
  });
});
