// Account resources of the unified trading account (spec 2.7, 2.9, 4.5), with the
// fields of upstream-facts.md "Shapes (v3)".
import { z } from 'zod';
import {
  accountMode,
  category,
  coin,
  decimalString,
  holdMode,
  intString,
  marginMode,
  optionalDecimalString,
  orderType,
  positiveDecimalString,
  side,
  signedDecimalString,
  stpMode,
  symbol,
} from './common';
import { page, pageQuery, timeRangeOrdered } from './pagination';

/** GET /api/v3/account/settings. */
export const settings = z.object({
  uid: z.string(),
  accountMode: z.union([accountMode, z.string()]),
  assetMode: z.string(),
  holdMode,
  stpMode,
  symbolConfigList: z.array(z.object({ category: z.string(), symbol: z.string(), marginMode: z.string(), leverage: z.string() })),
  coinConfigList: z.array(z.object({ coin: z.string(), leverage: z.string() })),
});
export type Settings = z.infer<typeof settings>;

export const emptyQuery = z.strictObject({});

/** POST /api/v3/account/set-hold-mode (spec 4.5; refused with positions or pending orders, spec 7 rule 7). */
export const setHoldModeRequest = z.strictObject({ holdMode, category: category.optional() });

/**
 * POST /api/v3/account/set-leverage. The live API (and the SDK) name the product
 * `category`; the seed spec calls it `productType`. Either is accepted, and the parsed
 * request always carries `category` (lower case), so consumers read one field. Futures
 * take a symbol, margin takes a coin.
 */
const leverageValue = z
  .string()
  .regex(/^\d{1,3}(?:\.\d{1,2})?$/, 'must be a number such as "10"')
  .refine((s) => /[1-9]/.test(s), 'must be greater than zero');
export const setLeverageRequest = z
  .strictObject({
    leverage: leverageValue,
    category: category.optional(),
    productType: category.optional(),
    symbol: symbol.optional(),
    coin: coin.optional(),
    posSide: z.enum(['long', 'short']).optional(),
    marginMode: marginMode.optional(),
  })
  .superRefine((o, ctx) => {
    const product = o.category ?? o.productType;
    if (!product) {
      ctx.addIssue({ code: 'custom', path: ['category'], message: 'is required (category, or the seed name productType)' });
      return;
    }
    if (o.category && o.productType && o.category !== o.productType) {
      ctx.addIssue({ code: 'custom', path: ['productType'], message: 'names a different product than category' });
    }
    const field = o.category ? 'category' : 'productType';
    if (product === 'margin' && !o.coin) ctx.addIssue({ code: 'custom', path: ['coin'], message: 'is required for margin leverage' });
    if (product !== 'margin' && !o.symbol) ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'is required for futures leverage' });
    if (product === 'spot') ctx.addIssue({ code: 'custom', path: [field], message: 'spot has no leverage; use MARGIN or USDT-FUTURES' });
  })
  .transform((o) => ({ ...o, category: (o.category ?? o.productType)! }));
export type SetLeverageRequest = z.infer<typeof setLeverageRequest>;

/** set-leverage and set-hold-mode answer "success" (upstream-facts.md). */
export const successString = z.string();

/** GET /api/v3/account/assets. */
export const assetRow = z.object({
  coin: z.string(),
  equity: signedDecimalString,
  usdValue: signedDecimalString,
  balance: signedDecimalString,
  available: signedDecimalString,
  debt: decimalString,
  locked: decimalString,
});
export const assets = z.object({
  accountEquity: signedDecimalString,
  usdtEquity: signedDecimalString,
  btcEquity: signedDecimalString,
  unrealisedPnl: signedDecimalString,
  effEquity: signedDecimalString,
  mmr: decimalString,
  imr: decimalString,
  mgnRatio: decimalString,
  positionMgnRatio: decimalString,
  assets: z.array(assetRow),
});
export type Assets = z.infer<typeof assets>;

/** GET /api/v3/account/funding-assets. */
export const fundingAssetsQuery = z.strictObject({ coin: coin.optional() });
export const fundingAssets = z.array(z.object({ coin: z.string(), available: decimalString, frozen: decimalString, balance: decimalString }));

/** POST /api/v3/account/max-open-available (a POST with a JSON body, upstream-facts.md). */
export const maxOpenRequest = z.strictObject({
  category,
  symbol,
  orderType,
  side,
  price: positiveDecimalString.optional(),
  size: positiveDecimalString.optional(),
});
/** spec 2.7: all strings; the empty string is possible. */
export const maxOpen = z.object({
  available: optionalDecimalString,
  maxOpen: optionalDecimalString,
  buyOpenCost: optionalDecimalString,
  sellOpenCost: optionalDecimalString,
  maxBuyOpen: optionalDecimalString,
  maxSellOpen: optionalDecimalString,
});
export type MaxOpen = z.infer<typeof maxOpen>;

/** GET /api/v3/account/max-transferable. */
export const maxTransferableQuery = z.strictObject({ coin, subUid: z.string().regex(/^\d{1,20}$/, 'must be a numeric UID').optional() });
export const maxTransferable = z.object({ coin: z.string(), maxTransfer: decimalString, borrowMaxTransfer: decimalString });

/** GET /api/v3/position/current-position. */
export const positionQuery = z.strictObject({ category: category.optional(), symbol: symbol.optional(), posSide: z.enum(['long', 'short']).optional() });
export const position = z.object({
  category: z.string(),
  symbol: z.string(),
  marginCoin: z.string(),
  holdMode: z.string(),
  posSide: z.string(),
  marginMode: z.string(),
  positionBalance: signedDecimalString,
  available: decimalString,
  frozen: decimalString,
  total: decimalString,
  leverage: z.string(),
  curRealisedPnl: signedDecimalString,
  avgPrice: decimalString,
  positionStatus: z.string(),
  unrealisedPnl: signedDecimalString,
  liquidationPrice: z.string(),
  mmr: z.string(),
  profitRate: signedDecimalString,
  markPrice: decimalString,
  breakEvenPrice: z.string(),
  totalFunding: signedDecimalString,
  openFeeTotal: signedDecimalString,
  closeFeeTotal: signedDecimalString,
  createdTime: z.string(),
  updatedTime: z.string(),
});
export type Position = z.infer<typeof position>;
export const positionList = z.object({ list: z.array(position) });

/** GET /api/v3/account/financial-records (spec 4.6 pagination). */
export const financialRecordsQuery = z
  .strictObject({ category: category.optional(), coin: coin.optional(), type: z.string().regex(/^[A-Za-z_]{1,32}$/, 'must be a record type such as TRADE').optional(), ...pageQuery })
  .superRefine((q, ctx) => {
    if (!timeRangeOrdered(q)) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must not be before startTime' });
  });
export const financialRecord = z.object({
  category: z.string(),
  id: z.string(),
  symbol: z.string(),
  coin: z.string(),
  type: z.string(),
  amount: signedDecimalString,
  fee: signedDecimalString,
  balance: signedDecimalString,
  ts: z.string(),
});
export type FinancialRecord = z.infer<typeof financialRecord>;
export const financialRecordPage = page(financialRecord);

export { intString };
