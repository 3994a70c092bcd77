// Unrealised PnL as a percentage of the position's margin, computed exactly from the
// decimal strings (contract/core/decimal.ts), never through floats.
import { divScaled, fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';

const SCALE = 18;

function scaled(value: string): bigint | null {
  if (!isDecimalString(value)) return null;
  return toScaled(value, SCALE, { allowNegative: true, rounding: 'down' });
}

function signedPercent(hundredths: bigint): string {
  const text = fromScaled(hundredths, 2);
  if (hundredths > 0n) return `+${text}%`;
  return `${text}%`;
}

/**
 * "+12.34%": pnl / margin x 100, cut to two decimals toward zero. With no margin the
 * exchange's own profitRate (a ratio) is used; with neither, an em dash.
 */
export function pnlPercent(pnl: string, margin: string, profitRate?: string): string {
  const p = scaled(pnl);
  const m = scaled(margin);
  if (p !== null && m !== null && m !== 0n) {
    // (p / m) at scale 4 is the ratio in hundredths of a percent.
    return signedPercent(divScaled(p, SCALE, m < 0n ? -m : m, SCALE, 4));
  }
  const r = profitRate === undefined ? null : scaled(profitRate);
  if (r !== null) return signedPercent(toScaled(fromScaled(r, SCALE), 4, { allowNegative: true, rounding: 'down' }));
  return '—';
}
