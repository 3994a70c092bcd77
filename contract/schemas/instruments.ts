// GET /api/v3/public/instruments (alias /api/v3/market/instruments, the live path, where
// category is required): the product configuration. Fields per upstream-facts.md and
// market-data.md; tick and lot are priceMultiplier and quantityMultiplier, whose decimals
// are pricePrecision and quantityPrecision.
import { z } from 'zod';
import { category, categoryName, decimalString, positiveDecimalString, symbol } from './common';

/** Decimal places, as digits ("0" to "18"). */
const precision = z.string().regex(/^(?:1[0-8]|\d)$/, 'must be a number of decimal places, 0 to 18');

export const instrumentsQuery = z.strictObject({
  category: category.optional(),
  symbol: symbol.optional(),
});

/** The step of a price or quantity with this many decimals: "2" -> "0.01", "0" -> "1". */
function stepOf(precision: string): string {
  const n = Number(precision);
  return n <= 0 ? '1' : `0.${'0'.repeat(n - 1)}1`;
}

/**
 * One instrument. The live spot and margin answers carry no fee rates and no
 * priceMultiplier/quantityMultiplier (market-data.md): there the price and quantity
 * only have to respect pricePrecision and quantityPrecision, so the multipliers parse to
 * the step those precisions give. The live API names leverage bounds minLeverage and
 * maxLeverage (the seed minLever and maxLever); both parse to minLever and maxLever.
 */
export const instrument = z
  .object({
    symbol: z.string(),
    category: categoryName,
    baseCoin: z.string(),
    quoteCoin: z.string(),
    // A maker rate can be negative (a rebate), so these stay plain text.
    makerFeeRate: z.string().optional(),
    takerFeeRate: z.string().optional(),
    minOrderQty: decimalString,
    maxOrderQty: decimalString,
    minOrderAmount: decimalString,
    pricePrecision: precision,
    quantityPrecision: precision,
    quotePrecision: z.string(),
    priceMultiplier: positiveDecimalString.optional(),
    quantityMultiplier: positiveDecimalString.optional(),
    status: z.string(),
    minLever: z.string().optional(),
    maxLever: z.string().optional(),
    minLeverage: z.string().optional(),
    maxLeverage: z.string().optional(),
    maxSymbolOrderNum: z.string().optional(),
    maxPositionNum: z.string().optional(),
    type: z.string().optional(),
    fundInterval: z.string().optional(),
  })
  .transform(({ minLeverage, maxLeverage, ...i }) => ({
    ...i,
    priceMultiplier: i.priceMultiplier ?? stepOf(i.pricePrecision),
    quantityMultiplier: i.quantityMultiplier ?? stepOf(i.quantityPrecision),
    ...(i.minLever ?? minLeverage ? { minLever: i.minLever ?? minLeverage } : {}),
    ...(i.maxLever ?? maxLeverage ? { maxLever: i.maxLever ?? maxLeverage } : {}),
  }));
export type Instrument = z.infer<typeof instrument>;

export const instrumentList = z.array(instrument);
