// Display formatting of decimal strings. Money never becomes a float here: the text is
// re-cut digit by digit (contract/core/decimal.ts does the exact arithmetic), so what the user
// reads is exactly what the exchange sent.
import { fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';

export interface DecimalFormat {
  /** Show exactly this many decimals (rounded toward zero); omit to keep the text's own. */
  scale?: number;
  /** Group the integer part in thousands with commas. Default true. */
  group?: boolean;
  /** Drop trailing fraction zeros. Default false (columns of prices line up). */
  trim?: boolean;
  /** What to show for an empty or malformed value. Default an em dash. */
  fallback?: string;
}

/** "12345.6" -> "12,345.60" with scale 2; signed values keep their sign. */
export function formatDecimal(value: string | undefined | null, opts: DecimalFormat = {}): string {
  const fallback = opts.fallback ?? '—';
  if (value === undefined || value === null || value === '') return fallback;
  const negative = value.startsWith('-');
  const abs = negative ? value.slice(1) : value;
  if (!isDecimalString(abs)) return fallback;
  let text = abs;
  if (opts.scale !== undefined) text = fromScaled(toScaled(abs, opts.scale, { rounding: 'down' }), opts.scale);
  let [intPart = '0', frac = ''] = text.split('.');
  intPart = intPart.replace(/^0+(?=\d)/, '');
  if (opts.trim) frac = frac.replace(/0+$/, '');
  if (opts.group ?? true) intPart = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const isZero = !/[1-9]/.test(intPart + frac);
  const sign = negative && !isZero ? '-' : '';
  return frac ? `${sign}${intPart}.${frac}` : `${sign}${intPart}`;
}

/** A signed decimal with an explicit "+" for gains, as PnL columns show it. */
export function formatSigned(value: string | undefined | null, opts: DecimalFormat = {}): string {
  const text = formatDecimal(value, opts);
  if (text === (opts.fallback ?? '—') || text.startsWith('-') || !/[1-9]/.test(text)) return text;
  return `+${text}`;
}

/**
 * A chart library's float (lightweight-charts works in floats) as the desk writes prices:
 * `scale` decimals, thousands grouped. For display only: nothing is computed from it.
 */
export function formatChartPrice(price: number, scale: number): string {
  return Number.isFinite(price) ? formatDecimal(price.toFixed(scale)) : '—';
}
