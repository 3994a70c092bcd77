import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DecimalError, toTicks } from '../decimal';
import { crc32Update } from './crc32';
import { FixedParser, parseFixed } from './parse-fixed';

function outcome(f: () => number): number | string {
  try {
    return f();
  } catch (err) {
    return err instanceof DecimalError ? `${err.reason}:${err.field}` : `other:${String(err)}`;
  }
}

describe('parseFixed', () => {
  it('parses prices and sizes into integer ticks', () => {
    expect(parseFixed('43231.1', 1, 'price')).toBe(432311);
    expect(parseFixed('43231', 1, 'price')).toBe(432310);
    expect(parseFixed('0.005', 4, 'size')).toBe(50);
    expect(parseFixed('1.2300', 2, 'size')).toBe(123);
  });

  it('rejects malformed text, excess decimals and negatives naming the field', () => {
    expect(() => parseFixed('1e5', 2, 'price')).toThrow(/price must be a decimal number/);
    expect(() => parseFixed('1.', 2, 'price')).toThrow(DecimalError);
    expect(() => parseFixed('.5', 2, 'price')).toThrow(DecimalError);
    expect(() => parseFixed('', 2, 'price')).toThrow(DecimalError);
    expect(() => parseFixed('1.234', 2, 'size')).toThrow(/size 1.234 has more than 2 decimal places/);
    expect(() => parseFixed('-1', 2, 'size')).toThrow(/size must not be negative/);
    expect(() => parseFixed('90071992547409.92', 2, 'price')).toThrow(/too large/);
    expect(() => parseFixed(7 as unknown as string, 2, 'price')).toThrow(/price must be a decimal number/);
  });

  it('agrees with decimal.ts toTicks on results and error reasons for any input', () => {
    const digits = fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 0, maxLength: 20 });
    const decimalish = fc
      .tuple(fc.constantFrom('', '-', '+'), digits, fc.constantFrom('', '.', 'x'), digits)
      .map(([sign, a, dot, b]) => `${sign}${a}${dot}${b}`);
    const text = fc.oneof(decimalish, fc.string({ maxLength: 8 }));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 12 }), (s, scale) => {
        expect(outcome(() => parseFixed(s, scale, 'f'))).toEqual(outcome(() => toTicks(s, scale, { field: 'f' })));
      }),
      { numRuns: 3000 },
    );
  });

  // The simulator's order checks parse with parseFixed too, and their error messages reach
  // the API: so the whole message must be toTicks' own, not only the reason. (These cases
  // were the simulator's parseTicks twin's, folded in here with it.)
  it('gives toTicks\' exact error message for any text, including the odd ones', () => {
    const full = (run: () => number) => {
      try {
        return { value: run() };
      } catch (e) {
        return e instanceof DecimalError ? { field: e.field, reason: e.reason, message: e.message } : { other: String(e) };
      }
    };
    const decimalish = fc.oneof(
      fc.tuple(fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{0,8}$/)).map(([i, f]) => (f === '' ? String(i) : `${i}.${f}`)),
      fc.stringMatching(/^-?[0-9]{0,20}(\.[0-9]{0,20})?$/),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('', '.', '1.', '.5', '-0', '-1', '+1', '1e3', ' 1', '0x10', '00012.50', '9007199254740993', '1.000000000'),
    );
    fc.assert(
      fc.property(decimalish, fc.integer({ min: 0, max: 18 }), (s, scale) => {
        expect(full(() => parseFixed(s, scale, 'price'))).toEqual(full(() => toTicks(s, scale, { field: 'price' })));
      }),
      { numRuns: 2000 },
    );
    expect(parseFixed('65000.01', 2, 'price')).toBe(6500001);
    expect(() => parseFixed('65000.011', 2, 'price')).toThrow(DecimalError);
  });

  it('runs the CRC32 over exactly the characters it parsed', () => {
    const text = fc.tuple(fc.nat({ max: 10 ** 9 }), fc.nat({ max: 9999 }), fc.boolean()).map(([a, b, frac]) => (frac ? `${a}.${b}` : String(a)));
    fc.assert(
      fc.property(text, fc.integer(), (s, start) => {
        const parser = new FixedParser();
        parser.crc = start | 0;
        parser.parse(s, 4, 'f');
        expect(parser.crc).toBe(crc32Update(start | 0, s));
      }),
    );
  });
});
