// A hot-path twin of decimal.ts toTicks for the order book: same grammar, same errors,
// same results (a property test holds it to toTicks), but a single char loop on plain
// numbers instead of a regex and a BigInt, because the book parses two strings per
// level on every message.

import { DecimalError } from '../decimal';

const MAX = Number.MAX_SAFE_INTEGER;

/**
 * Parses a non-negative decimal string ("43231.1", "0.005") into an integer scaled by
 * 10^scale. Throws DecimalError naming `field` when the text is malformed, negative,
 * has non-zero digits beyond `scale`, or does not fit a safe integer.
 */
export function parseFixed(s: string, scale: number, field: string): number {
  if (typeof s !== 'string') throw malformed(s, field);
  const n = s.length;
  let i = 0;
  let negative = false;
  if (n > 0 && s.charCodeAt(0) === 45 /* - */) {
    negative = true;
    i = 1;
  }
  let v = 0;
  const intStart = i;
  let c = 0;
  for (; i < n; i++) {
    c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) break;
    v = v * 10 + c;
  }
  if (i === intStart) throw malformed(s, field);
  let frac = 0;
  if (i < n) {
    if (s.charCodeAt(i) !== 46 /* . */) throw malformed(s, field);
    i++;
    const fracStart = i;
    let inexact = false;
    for (; i < n; i++) {
      c = s.charCodeAt(i) - 48;
      if (c < 0 || c > 9) throw malformed(s, field);
      if (frac < scale) {
        v = v * 10 + c;
        frac++;
      } else if (c !== 0) {
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
  return v;
}

function malformed(s: unknown, field: string): DecimalError {
  return new DecimalError(field, 'malformed', `${field} must be a decimal number in plain notation, got ${JSON.stringify(s)}`);
}

function tooLarge(s: string, scale: number, field: string): DecimalError {
  return new DecimalError(field, 'too_large', `${field} ${s} is too large at ${scale} decimals`);
}
