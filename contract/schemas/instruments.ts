// GET /api/v3/public/instruments (alias /api/v3/market/instruments): the product
// configuration. Fields per upstream-facts.md; tick and lot are priceMultiplier and
// quantityMultiplier, whose decimals are pricePrecision and quantityPrecision.
import { z } from 'zod';
import { category, decimalString, symbol } from './common';

export const instrumentsQuery = z.strictObject({
  category: category.optional(),
  symbol: symbol.optional(),
});

export const instrument = z.object({
  symbol: z.string(),
  category: z.string(),
  baseCoin: z.string(),
  quoteCoin: z.string(),
  makerFeeRate: z.string(),
  takerFeeRate: z.string(),
  minOrderQty: decimalString,
  maxOrderQty: decimalString,
  minOrderAmount: decimalString,
  pricePrecision: z.string(),
  quantityPrecision: z.string(),
  quotePrecision: z.string(),
  priceMultiplier: decimalString,
  quantityMultiplier: decimalString,
  status: z.string(),
  minLever: z.string().optional(),
  maxLever: z.string().optional(),
  maxSymbolOrderNum: z.string().optional(),
  maxPositionNum: z.string().optional(),
  type: z.string().optional(),
  fundInterval: z.string().optional(),
});
export type Instrument = z.infer<typeof instrument>;

export const instrumentList = z.array(instrument);
