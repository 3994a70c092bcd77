// The seeded instruments (ARCHITECTURE.md: spot BTCUSDT, ETHUSDT and the native-token pair,
// margin on BTC and ETH, USDT-futures perpetuals BTCUSDT and ETHUSDT). Tick and lot sizes,
// limits and fee rates follow the public exchange's published values for these markets.
// The native token is called NTK here (spec 4.4 writes its name with a neutral word).
import type { TradedCategory } from '@contract/schemas/common';

export interface InstrumentSpec {
  category: TradedCategory;
  symbol: string;
  baseCoin: string;
  quoteCoin: string;
  /** Price step, e.g. "0.01". */
  tickSize: string;
  /** Quantity step, e.g. "0.0001". */
  lotSize: string;
  minOrderQty: string;
  maxOrderQty: string;
  /** Minimum order value in the quote coin. */
  minOrderAmount: string;
  makerFeeRate: string;
  takerFeeRate: string;
  /** Futures: leverage range; margin: the coin's leverage range. */
  minLever?: string;
  maxLever?: string;
  /** Where the synthetic market flow starts its mid price, and the first mark price. */
  referencePrice: string;
}

export const NATIVE_COIN = 'NTK';

export const instrumentSpecs: readonly InstrumentSpec[] = [
  { category: 'spot', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', tickSize: '0.01', lotSize: '0.000001', minOrderQty: '0.00001', maxOrderQty: '1000', minOrderAmount: '1', makerFeeRate: '0.001', takerFeeRate: '0.001', referencePrice: '65000' },
  { category: 'spot', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', tickSize: '0.01', lotSize: '0.0001', minOrderQty: '0.0001', maxOrderQty: '10000', minOrderAmount: '1', makerFeeRate: '0.001', takerFeeRate: '0.001', referencePrice: '3200' },
  { category: 'spot', symbol: `${NATIVE_COIN}USDT`, baseCoin: NATIVE_COIN, quoteCoin: 'USDT', tickSize: '0.0001', lotSize: '0.01', minOrderQty: '0.01', maxOrderQty: '1000000', minOrderAmount: '1', makerFeeRate: '0.0008', takerFeeRate: '0.0008', referencePrice: '4.5' },
  // Margin trades on the spot books of the same symbols (one market, two products).
  { category: 'margin', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', tickSize: '0.01', lotSize: '0.000001', minOrderQty: '0.00001', maxOrderQty: '1000', minOrderAmount: '1', makerFeeRate: '0.001', takerFeeRate: '0.001', minLever: '1', maxLever: '10', referencePrice: '65000' },
  { category: 'margin', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', tickSize: '0.01', lotSize: '0.0001', minOrderQty: '0.0001', maxOrderQty: '10000', minOrderAmount: '1', makerFeeRate: '0.001', takerFeeRate: '0.001', minLever: '1', maxLever: '10', referencePrice: '3200' },
  { category: 'usdt-futures', symbol: 'BTCUSDT', baseCoin: 'BTC', quoteCoin: 'USDT', tickSize: '0.1', lotSize: '0.001', minOrderQty: '0.001', maxOrderQty: '1200', minOrderAmount: '5', makerFeeRate: '0.0002', takerFeeRate: '0.0006', minLever: '1', maxLever: '125', referencePrice: '65000' },
  { category: 'usdt-futures', symbol: 'ETHUSDT', baseCoin: 'ETH', quoteCoin: 'USDT', tickSize: '0.01', lotSize: '0.01', minOrderQty: '0.01', maxOrderQty: '10000', minOrderAmount: '5', makerFeeRate: '0.0002', takerFeeRate: '0.0006', minLever: '1', maxLever: '100', referencePrice: '3200' },
];

/** USD reference prices of coins without a USDT market here (the dust coins), for valuations. */
export const referenceUsdPrices: Readonly<Record<string, string>> = {
  USDT: '1',
  USDC: '1',
  DOGE: '0.12',
  XRP: '0.52',
  ADA: '0.38',
  TRX: '0.11',
};
