// Quantity presets (25/50/75/100% of the maximum the exchange says can be opened), in
// exact fixed-point: a float here would offer 0.30000000000000004 BTC, and a quantity
// that is not a whole number of lots is one the exchange rejects. So: percent of the
// maximum, rounded DOWN to the lot, never above the maximum.
import { fromScaled, isDecimalString, toScaled } from '@contract/core/decimal';
import type { InstrumentMeta } from './instrument-meta';

export const qtyPresetPercents = [25, 50, 75, 100] as const;
export type QtyPresetPercent = (typeof qtyPresetPercents)[number];

/**
 * The quantity for `percent` of `max` (a decimal string in the base coin), rounded down
 * to the lot. Empty string when the maximum is unknown, or the result is below one lot.
 */
export function presetQty(max: string, percent: number, meta: Pick<InstrumentMeta, 'sizeScale' | 'lot' | 'maxQty'>): string {
  if (!isDecimalString(max) || !Number.isInteger(percent) || percent <= 0 || percent > 100) return '';
  const maxUnits = toScaled(max, meta.sizeScale, { rounding: 'down' });
  let units = (maxUnits * BigInt(percent)) / 100n;
  if (meta.maxQty > 0n && units > meta.maxQty) units = meta.maxQty;
  units -= units % meta.lot;
  return units > 0n ? fromScaled(units, meta.sizeScale) : '';
}
