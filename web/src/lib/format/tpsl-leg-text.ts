// How one TP or SL leg reads wherever it is shown (the order confirmation, the TP/SL tab's
// pending and history rows): its trigger price on the instrument's tick, the price it
// watches, and what it sends when it fires. One wording, so a limit leg never reads as a
// market one on some screen.
import { formatDecimal } from './format-decimal';

export interface TpslLeg {
  /** Trigger price; '' or absent: no leg. */
  price: string | undefined;
  /** `mark` or `market` (the last price). */
  by: string | undefined;
  /** `limit` or `market`; absent reads as market. */
  orderType?: string | undefined;
  limitPrice?: string | undefined;
}

/** "45,000.0 (last), limit 44,990.0" or "45,000.0 (mark), market"; "—" when the leg is unset. */
export function tpslLegText(leg: TpslLeg, priceScale: number | undefined, unit?: string): string {
  if (!leg.price) return '—';
  const price = (p: string) => `${formatDecimal(p, { scale: priceScale })}${unit ? ` ${unit}` : ''}`;
  const watched = leg.by === 'mark' ? 'mark' : 'last';
  const exec = leg.orderType === 'limit' && leg.limitPrice ? `limit ${price(leg.limitPrice)}` : 'market';
  return `${price(leg.price)} (${watched}), ${exec}`;
}
