// Exact conversions between decimal strings and fixed-point integers.
//
// Money never passes through a JS float: a price, quantity or balance travels as a
// string and is turned into an integer scaled by the instrument's precision (ticks,
// lots, or minor units). Arithmetic happens on bigint; formatting goes back to a string.

export class DecimalError extends Error {
  constructor(
    readonly field: string,
    readonly reason: 'malformed' | 'too_many_decimals' | 'negative' | 'too_large',
    message: string,
  ) {
    super(message);
    this.name = 'DecimalError';
  }
}

export type Rounding = 'exact' | 'down' | 'up';

export interface ParseOptions {
  /** Field name used in error messages, e.g. "price". */
  field?: string;
  /** Allow a leading minus sign. Default false: prices, quantities and amounts are non-negative. */
  allowNegative?: boolean;
  /** What to do with digits beyond `scale`: reject them (default), or round toward zero / away from zero. */
  rounding?: Rounding;
}

// Plain decimal notation only: no exponent, no hex, no spaces, no "+" sign, no lone dot.
const DECIMAL_RE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** True when `s` is a plain decimal string such as "0", "12.5" or "-3.000". */
export function isDecimalString(s: unknown): s is string {
  return typeof s === 'string' && DECIMAL_RE.test(s);
}

/** The number of decimals a step like "0.001" or "1" has: its scale. */
export function scaleOf(step: string): number {
  const m = DECIMAL_RE.exec(step);
  if (!m) throw new DecimalError('step', 'malformed', `step "${step}" is not a decimal number`);
  return m[3]?.length ?? 0;
}

/**
 * Parses `s` into an integer scaled by 10^scale: toScaled("1.25", 2) === 125n.
 * Throws DecimalError naming the field when the text is malformed, negative where not
 * allowed, or has more decimals than `scale` (unless a rounding is asked for).
 */
export function toScaled(s: string, scale: number, opts: ParseOptions = {}): bigint {
  const field = opts.field ?? 'value';
  const m = typeof s === 'string' ? DECIMAL_RE.exec(s) : null;
  if (!m) throw new DecimalError(field, 'malformed', `${field} must be a decimal number in plain notation, got ${JSON.stringify(s)}`);
  const negative = m[1] === '-';
  const intPart = m[2]!;
  let frac = m[3] ?? '';
  let bump = 0n;
  if (frac.length > scale) {
    const dropped = frac.slice(scale);
    frac = frac.slice(0, scale);
    if (/[1-9]/.test(dropped)) {
      const rounding = opts.rounding ?? 'exact';
      if (rounding === 'exact') {
        throw new DecimalError(field, 'too_many_decimals', `${field} ${s} has more than ${scale} decimal places`);
      }
      if (rounding === 'up') bump = 1n;
    }
  }
  let v = BigInt(intPart + frac.padEnd(scale, '0')) + bump;
  if (negative && v !== 0n) {
    if (!opts.allowNegative) throw new DecimalError(field, 'negative', `${field} must not be negative, got ${s}`);
    v = -v;
  }
  return v;
}

/**
 * Like toScaled, but returns a JS number, for hot paths (the order book) where the
 * integer is known to be small. Rejects values beyond Number.MAX_SAFE_INTEGER.
 */
export function toTicks(s: string, scale: number, opts: ParseOptions = {}): number {
  const v = toScaled(s, scale, opts);
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new DecimalError(opts.field ?? 'value', 'too_large', `${opts.field ?? 'value'} ${s} is too large at ${scale} decimals`);
  }
  return Number(v);
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
  const m = DECIMAL_RE.exec(s);
  if (!m) throw new DecimalError('value', 'malformed', `not a decimal number: ${JSON.stringify(s)}`);
  return m[3]?.length ?? 0;
}

/** Adds decimal strings exactly at the largest scale among them. */
export function addDecimal(...values: string[]): string {
  const scale = Math.max(0, ...values.map(fracDigits));
  const sum = values.reduce((acc, s) => acc + toScaled(s, scale, { allowNegative: true }), 0n);
  return fromScaled(sum, scale, { trim: true });
}
