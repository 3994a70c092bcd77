// Instruments with real tick and lot precision, for the tests of this folder and of the
// trading screen's calculators.
import type { Instrument } from '@contract/schemas/instruments';

export const btcSpot: Instrument = {
  symbol: 'BTCUSDT',
  category: 'SPOT',
  baseCoin: 'BTC',
  quoteCoin: 'USDT',
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  minOrderQty: '0.0001',
  maxOrderQty: '100',
  minOrderAmount: '5',
  pricePrecision: '2',
  quantityPrecision: '4',
  quotePrecision: '8',
  priceMultiplier: '0.01',
  quantityMultiplier: '0.0001',
  status: 'online',
};

export const btcPerp: Instrument = {
  ...btcSpot,
  category: 'USDT-FUTURES',
  minOrderQty: '0.001',
  maxOrderQty: '1000',
  pricePrecision: '1',
  quantityPrecision: '3',
  priceMultiplier: '0.5',
  quantityMultiplier: '0.001',
  maxLever: '125',
};
