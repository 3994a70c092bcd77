// Fixed-point integers to decimal text and back, for the simulator's hot paths (every
// command formats an order record, balances and book levels, and parses a price and a
// quantity). The results are exactly those of contract/decimal.ts fromScaled and toTicks
// (scaled-text.test.ts checks them against each other); the speed comes from staying on
// JS numbers while the integer is a safe one, and from not using regular expressions.
import { fromScaled, toTicks, type ParseOptions } from '@contract/decimal';

const ZERO = 48;
const NINE = 57;
const DOT = 46;

/** 10^i as bigint, i = 0..36. */
export const POW10: readonly bigint[] = Array.from({ length: 37 }, (_, i) => 10n ** BigInt(i));

/** The same text as fromScaled(v, scale, { trim }). */
export function scaledText(v: bigint | number, scale: number, trim = false): string {
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v)) return fromScaled(v, scale, { trim });
    return v < 0 ? `-${placePoint(String(-v), scale, trim)}` : placePoint(String(v), scale, trim);
  }
  return v < 0n ? `-${placePoint(String(-v), scale, trim)}` : placePoint(String(v), scale, trim);
}

/** The digits of a non-negative integer with the point put `scale` places from the right. */
function placePoint(digits: string, scale: number, trim: boolean): string {
  if (scale === 0) return digits;
  if (digits.length <= scale) digits = '0'.repeat(scale + 1 - digits.length) + digits;
  const cut = digits.length - scale;
  let end = digits.length;
  if (trim) while (end > cut && digits.charCodeAt(end - 1) === ZERO) end--;
  return end > cut ? `${digits.slice(0, cut)}.${digits.slice(cut, end)}` : digits.slice(0, cut);
}

/**
 * toTicks(s, scale, opts): a plain decimal with at most `scale` decimals and at most 15
 * digits in all is read directly; anything else (including every malformed or out-of-range
 * text) goes to toTicks, so the errors are toTicks' own.
 */
export function parseTicks(s: string, scale: number, opts: ParseOptions = {}): number {
  if (typeof s !== 'string') return toTicks(s, scale, opts);
  const n = s.length;
  let value = 0;
  let i = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c === DOT) break;
    if (c < ZERO || c > NINE) return toTicks(s, scale, opts);
    value = value * 10 + (c - ZERO);
  }
  const intDigits = i;
  let fracDigits = 0;
  if (i < n) {
    i++; // the point
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < ZERO || c > NINE) return toTicks(s, scale, opts);
      value = value * 10 + (c - ZERO);
      fracDigits++;
    }
    if (fracDigits === 0) return toTicks(s, scale, opts); // "1." is malformed
  }
  if (intDigits === 0 || fracDigits > scale || intDigits + scale > 15) return toTicks(s, scale, opts);
  for (let k = fracDigits; k < scale; k++) value *= 10;
  return value;
}
