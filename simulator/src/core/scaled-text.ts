// Fixed-point integers to decimal text, for the simulator's hot paths (every command
// formats an order record, balances and book levels). The results are exactly those of
// contract/core/decimal.ts fromScaled (scaled-text.property.test.ts checks them against each
// other); the speed comes from staying on JS numbers while the integer is a safe one.
// Parsing the other way is contract/core/decimal-reader.ts, the one decimal reader.
import { fromScaled } from '@contract/core/decimal';

const ZERO = 48;

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

