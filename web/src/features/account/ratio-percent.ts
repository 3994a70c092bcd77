// A margin ratio as the exchange sends it ("0.0123", a fraction) shown as a percentage,
// by moving the decimal point: exact, no float.
import { fromScaled, isDecimalString, toScaled } from '@contract/decimal';

export function ratioPercent(ratio: string): string {
  if (!isDecimalString(ratio)) return '—';
  // The ratio at scale 4 is the percentage at scale 2 (x100).
  return `${fromScaled(toScaled(ratio, 4, { allowNegative: true, rounding: 'down' }), 2)}%`;
}
