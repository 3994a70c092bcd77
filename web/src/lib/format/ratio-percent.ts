// A ratio as the exchange sends it ("0.0123", a fraction) shown as a percentage, by moving
// the decimal point two places: exact, no float. One implementation for the margin ratios
// (two decimals) and the ticker's changes and funding rates (every digit, signed).
import { fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';

export interface PercentFormat {
  /** Decimals of the percentage (rounded toward zero); omit to keep every digit sent. */
  scale?: number;
  /** "+" before a gain, "-" before a loss; a plain ratio must not be negative. */
  signed?: boolean;
  /** "2.5 %" rather than "2.5%". */
  spaced?: boolean;
}

export function percentText(ratio: string, opts: PercentFormat = {}): string {
  const negative = opts.signed === true && ratio.startsWith('-');
  const abs = opts.signed ? ratio.replace(/^[-+]/, '') : ratio;
  if (!isDecimalString(abs)) return '—';
  const digits = abs.split('.')[1]?.length ?? 0;
  const scale = opts.scale ?? Math.max(0, digits - 2);
  const text = fromScaled(toScaled(abs, scale + 2, { rounding: 'down' }), scale);
  const nonZero = /[1-9]/.test(text);
  const sign = opts.signed && nonZero ? (negative ? '-' : '+') : '';
  return `${sign}${text}${opts.spaced ? ' %' : '%'}`;
}

/** A margin ratio: two decimals. */
export function ratioPercent(ratio: string): string {
  return percentText(ratio, { scale: 2 });
}
