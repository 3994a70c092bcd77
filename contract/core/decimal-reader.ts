// The one reader of decimal text: what a decimal string is, and what each way of not
// being one is called and says. Everything that turns money text into numbers builds on
// it: decimal.ts (bigint, any size, with rounding), the order book (contract/book, two
// strings per level on every message) and, through the schemas, every request check.
//
// It is a single char loop on plain JS numbers, with no regex and no BigInt, because the
// book's hot path runs through it. When asked (trackCrc), the same loop runs the depth
// CRC32 over the characters it reads, so the book gets each level's checksum piece
// without reading the text twice; pushes without a checksum (the live exchange's) do not
// ask, and pay one untaken branch per character for it.

import { CRC32_TABLE } from './crc32';

export type DecimalProblem = 'malformed' | 'too_many_decimals' | 'negative' | 'too_large';

export class DecimalError extends Error {
  constructor(
    readonly field: string,
    readonly reason: DecimalProblem,
    message: string,
  ) {
    super(message);
    this.name = 'DecimalError';
  }
}

export type Rounding = 'exact' | 'down' | 'up';

const MAX = Number.MAX_SAFE_INTEGER;

export class DecimalReader {
  /** Run the CRC32 over the characters read, into `crc`. */
  trackCrc = false;
  /** Running CRC32 state (crc32.ts, before crc32Final) over every character read while trackCrc is on; callers set it. */
  crc = 0;

  // What the last successful read found. Fields rather than a result object, so the book's
  // hot path allocates nothing.
  /** The text had a leading minus sign (even "-0"). */
  negative = false;
  /** Index just past the integer digits. */
  intEnd = 0;
  /** Index just past the last fraction digit kept at the scale asked for (intEnd when none). */
  keptEnd = 0;
  /** Non-zero digits beyond the scale asked for were dropped. */
  inexact = false;

  /**
   * Reads `s` as plain decimal notation, -?digits(.digits)?: no exponent, no "+", no
   * spaces, no lone dot. Returns its magnitude scaled by 10^scale with the digits beyond
   * `scale` dropped (see `inexact`), or -1 when `s` is not a decimal string. The magnitude
   * is exact up to Number.MAX_SAFE_INTEGER; past it, it is only known to be past it.
   */
  read(s: unknown, scale: number): number {
    if (typeof s !== 'string') return -1;
    const table = CRC32_TABLE;
    const track = this.trackCrc;
    let crc = this.crc;
    const n = s.length;
    let i = 0;
    let negative = false;
    let code = n > 0 ? s.charCodeAt(0) : 0;
    if (code === 45 /* - */) {
      negative = true;
      if (track) crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      i = 1;
    }
    let v = 0;
    const intStart = i;
    for (; i < n; i++) {
      code = s.charCodeAt(i);
      const d = code - 48;
      if (d < 0 || d > 9) break;
      if (track) crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      v = v * 10 + d;
    }
    if (i === intStart) return -1;
    const intEnd = i;
    let keptEnd = i;
    let frac = 0;
    let inexact = false;
    if (i < n) {
      if (code !== 46 /* . */) return -1;
      if (track) crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      i++;
      for (; i < n; i++) {
        code = s.charCodeAt(i);
        const d = code - 48;
        if (d < 0 || d > 9) return -1;
        if (track) crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
        if (frac < scale) {
          v = v * 10 + d;
          frac++;
          keptEnd = i + 1;
        } else if (d !== 0) {
          inexact = true;
        }
      }
      if (i === intEnd + 1) return -1;
    }
    // Digits accumulate in a double: exact up to MAX, and once past MAX they never come
    // back under it, so callers need only one check at the end.
    for (let k = frac; k < scale; k++) v *= 10;
    this.crc = crc;
    this.negative = negative;
    this.intEnd = intEnd;
    this.keptEnd = keptEnd;
    this.inexact = inexact;
    return v;
  }

  /**
   * Judges what read(s, scale) returned (`v`), in the one order every caller reports
   * problems in: malformed, then too many decimals (unless a rounding is asked for), then
   * negative (unless allowed). Returns what the rounding adds to the magnitude: 0 or 1.
   */
  judge(v: number, s: unknown, scale: number, field: string, rounding: Rounding, allowNegative: boolean): number {
    if (v < 0) throw malformedDecimal(field, s);
    let bump = 0;
    if (this.inexact) {
      if (rounding === 'exact') throw new DecimalError(field, 'too_many_decimals', `${field} ${String(s)} has more than ${scale} decimal places`);
      if (rounding === 'up') bump = 1;
    }
    if (this.negative && !allowNegative && (v !== 0 || bump !== 0)) {
      throw new DecimalError(field, 'negative', `${field} must not be negative, got ${String(s)}`);
    }
    return bump;
  }

  /**
   * Reads `s` into an integer scaled by 10^scale that must be a safe JS number: the book's
   * ticks and lots, the simulator's order checks. Throws DecimalError naming `field`.
   */
  ticks(s: string, scale: number, field: string, rounding: Rounding = 'exact', allowNegative = false): number {
    const v = this.read(s, scale);
    // The book's common case, decided without the judge: nothing to round, sign or refuse.
    if (v >= 0 && v <= MAX && !this.inexact && !this.negative) return v;
    const m = v + this.judge(v, s, scale, field, rounding, allowNegative);
    if (m > MAX) throw new DecimalError(field, 'too_large', `${field} ${s} is too large at ${scale} decimals`);
    return this.negative && m !== 0 ? -m : m;
  }

  /** How many fraction digits the last read's text `s` has in all: its scale. */
  fracDigits(s: string): number {
    return this.intEnd < s.length ? s.length - this.intEnd - 1 : 0;
  }

  /** The digits of the last read's magnitude at `scale`, for a bigint when it is past MAX. */
  digits(s: string, scale: number): string {
    const intStart = this.negative ? 1 : 0;
    return s.slice(intStart, this.intEnd) + s.slice(this.intEnd + 1, this.keptEnd).padEnd(scale, '0');
  }
}

/** The error for text that is not a decimal string at all. */
export function malformedDecimal(field: string, s: unknown): DecimalError {
  return new DecimalError(field, 'malformed', `${field} must be a decimal number in plain notation, got ${JSON.stringify(s)}`);
}
