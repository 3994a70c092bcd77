import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crc32Update } from './crc32';
import { toScaled, toTicks } from './decimal';
import { DecimalError, DecimalReader, type Rounding } from './decimal-reader';

// The naive reference: the regex-and-BigInt reader decimal.ts had before the one fast
// reader replaced it (and the book's twin of it). The reader must agree with it on every
// text: the value, and for a failure the field, the reason and the whole message, because
// the simulator's order checks send these messages out over the API.
const NAIVE_RE = /^(-)?(\d+)(?:\.(\d+))?$/;
function naiveToScaled(s: string, scale: number, field: string, rounding: Rounding = 'exact', allowNegative = false): bigint {
  const m = typeof s === 'string' ? NAIVE_RE.exec(s) : null;
  if (!m) throw new DecimalError(field, 'malformed', `${field} must be a decimal number in plain notation, got ${JSON.stringify(s)}`);
  let frac = m[3] ?? '';
  let bump = 0n;
  if (frac.length > scale) {
    const dropped = frac.slice(scale);
    frac = frac.slice(0, scale);
    if (/[1-9]/.test(dropped)) {
      if (rounding === 'exact') throw new DecimalError(field, 'too_many_decimals', `${field} ${s} has more than ${scale} decimal places`);
      if (rounding === 'up') bump = 1n;
    }
  }
  let v = BigInt(m[2]! + frac.padEnd(scale, '0')) + bump;
  if (m[1] === '-' && v !== 0n) {
    if (!allowNegative) throw new DecimalError(field, 'negative', `${field} must not be negative, got ${s}`);
    v = -v;
  }
  return v;
}
function naiveTicks(s: string, scale: number, field: string, rounding: Rounding = 'exact', allowNegative = false): number {
  const v = naiveToScaled(s, scale, field, rounding, allowNegative);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecimalError(field, 'too_large', `${field} ${s} is too large at ${scale} decimals`);
  }
  return Number(v);
}

function outcome(run: () => number | bigint) {
  try {
    return { value: run() };
  } catch (e) {
    return e instanceof DecimalError ? { field: e.field, reason: e.reason, message: e.message } : { other: String(e) };
  }
}

// Decimal-looking text, odd text and the edge cases the earlier readers' tests collected.
const decimalish = fc.oneof(
  fc.tuple(fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{0,8}$/)).map(([i, f]) => (f === '' ? String(i) : `${i}.${f}`)),
  fc.stringMatching(/^-?[0-9]{0,20}(\.[0-9]{0,20})?$/),
  fc
    .tuple(fc.constantFrom('', '-', '+'), fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 20 }), fc.constantFrom('', '.', 'x'), fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), maxLength: 20 }))
    .map(([sign, a, dot, b]) => `${sign}${a}${dot}${b}`),
  fc.string({ maxLength: 12 }),
  fc.constantFrom('', '.', '1.', '.5', '-0', '-1', '+1', '1e3', ' 1', '0x10', '00012.50', '9007199254740993', '1.000000000', '-0.001', '90071992547409.92'),
);
const roundings = fc.constantFrom<Rounding>('exact', 'down', 'up');

describe('DecimalReader.ticks', () => {
  const ticks = (s: string, scale: number, field: string) => new DecimalReader().ticks(s, scale, field);

  it('parses prices and sizes into integer ticks', () => {
    expect(ticks('43231.1', 1, 'price')).toBe(432311);
    expect(ticks('43231', 1, 'price')).toBe(432310);
    expect(ticks('0.005', 4, 'size')).toBe(50);
    expect(ticks('1.2300', 2, 'size')).toBe(123);
    expect(ticks('65000.01', 2, 'price')).toBe(6500001);
  });

  it('rejects malformed text, excess decimals and negatives naming the field', () => {
    expect(() => ticks('1e5', 2, 'price')).toThrow(/price must be a decimal number/);
    expect(() => ticks('1.', 2, 'price')).toThrow(DecimalError);
    expect(() => ticks('.5', 2, 'price')).toThrow(DecimalError);
    expect(() => ticks('', 2, 'price')).toThrow(DecimalError);
    expect(() => ticks('1.234', 2, 'size')).toThrow(/size 1.234 has more than 2 decimal places/);
    expect(() => ticks('-1', 2, 'size')).toThrow(/size must not be negative/);
    expect(() => ticks('90071992547409.92', 2, 'price')).toThrow(/too large/);
    expect(() => ticks(7 as unknown as string, 2, 'price')).toThrow(/price must be a decimal number/);
  });

  it('agrees with the naive reader on values and exact errors for any text and rounding', () => {
    fc.assert(
      fc.property(decimalish, fc.integer({ min: 0, max: 18 }), roundings, fc.boolean(), (s, scale, rounding, allowNegative) => {
        expect(outcome(() => ticks(s, scale, 'price'))).toEqual(outcome(() => naiveTicks(s, scale, 'price')));
        expect(outcome(() => toTicks(s, scale, { field: 'f', rounding, allowNegative }))).toEqual(outcome(() => naiveTicks(s, scale, 'f', rounding, allowNegative)));
      }),
      { numRuns: 3000 },
    );
  });

  it('runs the CRC32 over exactly the characters it parsed when asked, and leaves it alone when not', () => {
    const text = fc.tuple(fc.nat({ max: 10 ** 9 }), fc.nat({ max: 9999 }), fc.boolean()).map(([a, b, frac]) => (frac ? `${a}.${b}` : String(a)));
    fc.assert(
      fc.property(text, fc.integer(), fc.boolean(), (s, start, track) => {
        const reader = new DecimalReader();
        reader.trackCrc = track;
        reader.crc = start | 0;
        reader.ticks(s, 4, 'f');
        expect(reader.crc).toBe(track ? crc32Update(start | 0, s) : start | 0);
      }),
    );
  });
});

describe('toScaled over the reader', () => {
  it('agrees with the naive reader for any text, rounding and size, past 2^53 too', () => {
    const long = fc.tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat({ max: 24 })).map(([v, cut]) => {
      const digits = (v < 0n ? -v : v).toString().padStart(cut + 1, '0');
      const text = cut === 0 ? digits : `${digits.slice(0, -cut)}.${digits.slice(-cut)}`;
      return v < 0n ? `-${text}` : text;
    });
    fc.assert(
      fc.property(fc.oneof(decimalish, long), fc.integer({ min: 0, max: 24 }), roundings, fc.boolean(), (s, scale, rounding, allowNegative) => {
        expect(outcome(() => toScaled(s, scale, { field: 'amount', rounding, allowNegative }))).toEqual(
          outcome(() => naiveToScaled(s, scale, 'amount', rounding, allowNegative)),
        );
      }),
      { numRuns: 3000 },
    );
  });
});
