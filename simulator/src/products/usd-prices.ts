// USD prices of coins for valuations in the product layer (small-balance conversion).
// Coins with a USDT spot market here are priced at that market's mid when its book has
// both sides, else at the instrument's reference price; the dust coins, which have no
// market, at their documented reference prices (instruments/instrument-specs.ts).
import { instrumentSpecs, referenceUsdPrices } from '../instruments/instrument-specs';
import { money } from '../core/money';

export type MidPrice = (symbol: string) => string | undefined;

export function usdPriceOf(mid: MidPrice = () => undefined) {
  return (coin: string): bigint | undefined => {
    const fixed = referenceUsdPrices[coin];
    if (fixed !== undefined) return money(fixed);
    const spot = instrumentSpecs.find((s) => s.category === 'spot' && s.baseCoin === coin && s.quoteCoin === 'USDT');
    if (spot === undefined) return undefined;
    return money(mid(spot.symbol) ?? spot.referencePrice);
  };
}

/** Every coin the simulator lists: instrument coins and the priced dust coins. */
export function listedCoins(): Set<string> {
  const coins = new Set(Object.keys(referenceUsdPrices));
  for (const s of instrumentSpecs) {
    coins.add(s.baseCoin);
    coins.add(s.quoteCoin);
  }
  return coins;
}
