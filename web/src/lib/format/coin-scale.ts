// How many decimals an amount of a coin is shown with on a market's screen (issue 19:
// balances showed 18 decimals and wrapped). The market's own steps say what precision
// matters there: the lot's for its base coin, the tick's for its quote coin. Amounts are
// cut toward zero by formatDecimal, so a balance is never shown as more than it is.
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

export function coinDisplayScale(meta: Pick<InstrumentMeta, 'baseCoin' | 'quoteCoin' | 'sizeScale' | 'priceScale'>, coin: string): number | undefined {
  if (coin === meta.baseCoin) return meta.sizeScale;
  if (coin === meta.quoteCoin) return meta.priceScale;
  return undefined;
}
