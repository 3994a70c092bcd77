// Exact conversions between decimal strings and fixed-point integers.
//
// Money never passes through a JS float: a price, quantity or balance travels as a
// string and is turned into an integer scaled by the instrument's precision (ticks,
// lots, or minor units). Arithmetic happens on bigint; formatting goes back to a string.

import { DecimalReader, malformedDecimal, type Rounding } from './decimal-reader';

// What a decimal string is, and the errors, are decimal-reader.ts's: this module is the
// arithmetic over what it reads.
export { DecimalError, type Rounding } from './decimal-reader';

export interface ParseOptions {
  /** Field name used in error messages, e.g. "price". */
  field?: string;
  /** Allow a leading minus sign. Default false: prices, quantities and amounts are non-negative. */
  allowNegative?: boolean;
  /** What to do with digits beyond `scale`: reject them (default), or round toward zero / away from zero. */
  rounding?: Rounding;
}

// Not the book's reader: that one carries its CRC state between calls.
const reader = new DecimalReader();

/** True when `s` is a plain decimal string such as "0", "12.5" or "-3.000". */
export function isDecimalString(s: unknown): s is string {
  return reader.read(s, 0) >= 0;
}

/** True when `s` is a plain decimal string without a sign, such as "0" or "12.5". */
export function isUnsignedDecimalString(s: unknown): s is string {
  return reader.read(s, 0) >= 0 && !reader.negative;
}

/** The number of decimals a step like "0.001" or "1" has: its scale. */
export function scaleOf(step: string, field = 'step'): number {
  if (reader.read(step, 0) < 0) throw malformedDecimal(field, step);
  return reader.fracDigits(step);
}

/**
 * Parses `s` into an integer scaled by 10^scale: toScaled("1.25", 2) === 125n.
 * Throws DecimalError naming the field when the text is malformed, negative where not
 * allowed, or has more decimals than `scale` (unless a rounding is asked for).
 */
export function toScaled(s: string, scale: number, opts: ParseOptions = {}): bigint {
  const v = reader.read(s, scale);
  const bump = reader.judge(v, s, scale, opts.field ?? 'value', opts.rounding ?? 'exact', opts.allowNegative ?? false);
  // Past MAX_SAFE_INTEGER the reader's number is not exact: take the digits instead.
  const m = (v <= Number.MAX_SAFE_INTEGER ? BigInt(v) : BigInt(reader.digits(s, scale))) + BigInt(bump);
  return reader.negative ? -m : m;
}

/**
 * Like toScaled, but returns a JS number, for hot paths (the order book, order checks)
 * where the integer is known to be small. Rejects values beyond Number.MAX_SAFE_INTEGER.
 */
export function toTicks(s: string, scale: number, opts: ParseOptions = {}): number {
  return reader.ticks(s, scale, opts.field ?? 'value', opts.rounding, opts.allowNegative);
}

export interface FormatOptions {
  /** Drop trailing zeros of the fraction ("1.50" -> "1.5", "2.00" -> "2"). Default false. */
  trim?: boolean;
}

/** Formats a scaled integer back into a decimal string: fromScaled(125n, 2) === "1.25". */
export function fromScaled(v: bigint | number, scale: number, opts: FormatOptions = {}): string {
  let n = typeof v === 'bigint' ? v : BigInt(v);
  const negative = n < 0n;
  if (negative) n = -n;
  let digits = n.toString();
  let out: string;
  if (scale === 0) {
    out = digits;
  } else {
    digits = digits.padStart(scale + 1, '0');
    const intPart = digits.slice(0, digits.length - scale);
    let frac = digits.slice(digits.length - scale);
    if (opts.trim) frac = frac.replace(/0+$/, '');
    out = frac ? `${intPart}.${frac}` : intPart;
  }
  return negative ? `-${out}` : out;
}

/** Rescales an integer from one scale to another, rounding as asked when precision is lost. */
export function rescale(v: bigint, from: number, to: number, rounding: Rounding = 'down'): bigint {
  if (to >= from) return v * 10n ** BigInt(to - from);
  const div = 10n ** BigInt(from - to);
  return divRound(v, div, rounding);
}

/** Integer division with an explicit rounding mode ('down' is toward zero, 'up' away from zero). */
export function divRound(a: bigint, b: bigint, rounding: Rounding = 'down'): bigint {
  if (b === 0n) throw new RangeError('division by zero');
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  if (rounding === 'exact') throw new RangeError('inexact division');
  if (rounding === 'down') return q;
  return (a < 0n) !== (b < 0n) ? q - 1n : q + 1n;
}

/**
 * Multiplies two scaled integers and returns the product at `outScale`:
 * mulScaled(2_50n, 2, 3_000n, 3, 2) is 2.50 * 3.000 = 7.50 -> 750n.
 */
export function mulScaled(a: bigint, aScale: number, b: bigint, bScale: number, outScale: number, rounding: Rounding = 'down'): bigint {
  return rescale(a * b, aScale + bScale, outScale, rounding);
}

/** Divides a/b (both scaled) and returns the quotient at `outScale`. */
export function divScaled(a: bigint, aScale: number, b: bigint, bScale: number, outScale: number, rounding: Rounding = 'down'): bigint {
  // a/10^as / (b/10^bs) * 10^os = a * 10^(bs + os - as) / b
  const shift = bScale + outScale - aScale;
  const num = shift >= 0 ? a * 10n ** BigInt(shift) : a;
  const den = shift >= 0 ? b : b * 10n ** BigInt(-shift);
  return divRound(num, den, rounding);
}

/** Compares two decimal strings exactly, without floats. */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const scale = Math.max(fracDigits(a), fracDigits(b));
  const x = toScaled(a, scale, { allowNegative: true });
  const y = toScaled(b, scale, { allowNegative: true });
  return x < y ? -1 : x > y ? 1 : 0;
}

function fracDigits(s: string): number {
  return scaleOf(s, 'value');
}

/** Adds decimal strings exactly at the largest scale among them. */
export function addDecimal(...values: string[]): string {
  const scale = Math.max(0, ...values.map(fracDigits));
  const sum = values.reduce((acc, s) => acc + toScaled(s, scale, { allowNegative: true }), 0n);
  return fromScaled(sum, scale, { trim: true });
}
