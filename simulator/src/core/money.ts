// Every balance, fee, value and PnL inside the simulator is a bigint at one fixed scale
// (MONEY_SCALE decimals). Products of a price (<= 4 decimals), a quantity (<= 6) and a fee
// rate (<= 6) fit exactly, so fills, fees and locks never round and the books balance.
import { fromScaled, mulScaled, rescale, toScaled } from '@contract/core/decimal';
import { POW10, scaledText } from './scaled-text';

export const MONEY_SCALE = 18;
export const ONE = 10n ** BigInt(MONEY_SCALE);

/** Parses a decimal string into money units (may be negative). */
export function money(s: string, field = 'value'): bigint {
  return toScaled(s, MONEY_SCALE, { field, allowNegative: true });
}

/** Formats money units as a plain decimal string without trailing zeros. */
export function fmtMoney(v: bigint): string {
  return scaledText(v, MONEY_SCALE, true);
}

/** Formats money units rounded (toward zero) to `scale` decimals, trailing zeros trimmed. */
export function fmtMoneyAt(v: bigint, scale: number): string {
  // bigint division truncates toward zero: rescale's 'down'.
  if (scale >= 0 && scale <= MONEY_SCALE) return scaledText(v / POW10[MONEY_SCALE - scale]!, scale, true);
  return fromScaled(rescale(v, MONEY_SCALE, scale, 'down'), scale, { trim: true });
}

/** a * b for two money values. */
export function mulMoney(a: bigint, b: bigint): bigint {
  return mulScaled(a, MONEY_SCALE, b, MONEY_SCALE, MONEY_SCALE, 'down');
}

/** Integer count (ticks, lots) times a step in money units. */
export function countTimes(count: number, stepMoney: bigint): bigint {
  return BigInt(count) * stepMoney;
}

export function minBig(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

export function maxBig(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
