// A hot-path twin of decimal.ts toTicks for the order book: same grammar, same errors,
// same results (a property test holds it to toTicks), but a single char loop on plain
// numbers instead of a regex and a BigInt, because the book parses two strings per
// level on every message. The same loop also runs the CRC32 over the characters it
// reads, so the book gets each level's checksum piece without reading the text twice.

import { DecimalError } from '../decimal';
import { CRC32_TABLE } from './crc32';

const MAX = Number.MAX_SAFE_INTEGER;

export class FixedParser {
  /** Running CRC32 state (crc32.ts, before crc32Final) over every character parsed; callers reset it. */
  crc = 0;

  /**
   * Parses a non-negative decimal string ("43231.1", "0.005") into an integer scaled by
   * 10^scale. Throws DecimalError naming `field` when the text is malformed, negative,
   * has non-zero digits beyond `scale`, or does not fit a safe integer.
   */
  parse(s: string, scale: number, field: string): number {
    if (typeof s !== 'string') throw malformed(s, field);
    const table = CRC32_TABLE;
    let crc = this.crc;
    const n = s.length;
    let i = 0;
    let negative = false;
    let code = n > 0 ? s.charCodeAt(0) : 0;
    if (code === 45 /* - */) {
      negative = true;
      crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      i = 1;
    }
    let v = 0;
    const intStart = i;
    for (; i < n; i++) {
      code = s.charCodeAt(i);
      const d = code - 48;
      if (d < 0 || d > 9) break;
      crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      v = v * 10 + d;
    }
    if (i === intStart) throw malformed(s, field);
    let frac = 0;
    if (i < n) {
      if (code !== 46 /* . */) throw malformed(s, field);
      crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
      i++;
      const fracStart = i;
      let inexact = false;
      for (; i < n; i++) {
        code = s.charCodeAt(i);
        const d = code - 48;
        if (d < 0 || d > 9) throw malformed(s, field);
        crc = (crc >>> 8) ^ table[(crc ^ code) & 0xff]!;
        if (frac < scale) {
          v = v * 10 + d;
          frac++;
        } else if (d !== 0) {
          inexact = true;
        }
      }
      if (i === fracStart) throw malformed(s, field);
      // Checked after the whole text, so that malformed input is reported as malformed, as toScaled does.
      if (inexact) throw new DecimalError(field, 'too_many_decimals', `${field} ${s} has more than ${scale} decimal places`);
    }
    for (; frac < scale; frac++) v *= 10;
    // Digits accumulate in a double: exact up to MAX, and once past MAX they never come back
    // under it, so one check at the end is enough. Precedence of errors follows toTicks.
    if (negative && v !== 0) throw new DecimalError(field, 'negative', `${field} must not be negative, got ${s}`);
    if (v > MAX) throw tooLarge(s, scale, field);
    this.crc = crc;
    return v;
  }
}

const shared = new FixedParser();

/** FixedParser.parse without the CRC, for callers that only want the number. */
export function parseFixed(s: string, scale: number, field: string): number {
  return shared.parse(s, scale, field);
}

function malformed(s: unknown, field: string): DecimalError {
  return new DecimalError(field, 'malformed', `${field} must be a decimal number in plain notation, got ${JSON.stringify(s)}`);
}

function tooLarge(s: string, scale: number, field: string): DecimalError {
  return new DecimalError(field, 'too_large', `${field} ${s} is too large at ${scale} decimals`);
}
