// Account resources of the unified trading account (spec 2.7, 2.9, 4.5), with the
// fields of upstream-facts.md "Shapes (v3)".
import { z } from 'zod';
import {
  accountMode,
  categories,
  category,
  categoryName,
  ciEnum,
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
import { page, pageQuery, timeRangeRule } from './pagination';

/** GET /api/v3/account/settings. */
export const settings = z.object({
  uid: z.string(),
  accountMode: z.union([accountMode, z.string()]),
  assetMode: z.string(),
  /** The live API's account level (basic, advanced, ...); the seed has none. */
  accountLevel: z.string().optional(),
  holdMode,
  stpMode,
  symbolConfigList: z.array(z.object({ category: categoryName, symbol: z.string(), marginMode: z.string(), leverage: z.string() })),
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
  /** Borrowed amount: sent by the live account push, not by GET assets. */
  borrow: decimalString.optional(),
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
/**
 * The futures category of a position push, which names none (websocket.md): USDT- and
 * USDC-margined contracts settle in those coins, coin-margined ones in their base coin.
 */
function futuresCategoryOf(marginCoin: string): string {
  if (marginCoin === 'USDT') return 'usdt-futures';
  if (marginCoin === 'USDC') return 'usdc-futures';
  return 'coin-futures';
}

/**
 * A position, as GET current-position answers it or as the `position` channel pushes it.
 * The push names several fields differently (size, marginSize, liqPrice, totalFundingFee)
 * and sends no category; both parse to the REST names below. Fee totals, profit rate,
 * mmr, break-even and liquidation price may be "" (websocket.md example) before they apply.
 */
export const position = z
  .object({
    category: categoryName.optional(),
    symbol: z.string(),
    marginCoin: z.string(),
    holdMode: z.string(),
    posSide: z.string(),
    marginMode: z.string(),
    positionBalance: signedDecimalString.optional(),
    marginSize: signedDecimalString.optional(),
    available: decimalString,
    frozen: decimalString,
    total: decimalString.optional(),
    size: decimalString.optional(),
    leverage: z.string(),
    curRealisedPnl: signedDecimalString,
    avgPrice: decimalString,
    positionStatus: z.string(),
    unrealisedPnl: signedDecimalString,
    liquidationPrice: z.string().optional(),
    liqPrice: z.string().optional(),
    mmr: z.string(),
    /** Margin rate: pushed by the live position channel only. */
    marginRate: z.string().optional(),
    profitRate: optionalDecimalString,
    markPrice: decimalString,
    breakEvenPrice: z.string(),
    totalFunding: signedDecimalString.optional(),
    totalFundingFee: signedDecimalString.optional(),
    openFeeTotal: optionalDecimalString,
    closeFeeTotal: optionalDecimalString,
    createdTime: z.string(),
    updatedTime: z.string(),
  })
  .transform((p, ctx) => {
    const { marginSize, size, liqPrice, totalFundingFee, ...rest } = p;
    const pick = (value: string | undefined, field: string, alias: string): string => {
      if (value === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} (or ${alias}) is required` });
      return value ?? '';
    };
    return {
      ...rest,
      category: p.category ?? futuresCategoryOf(p.marginCoin),
      positionBalance: pick(p.positionBalance ?? marginSize, 'positionBalance', 'marginSize'),
      total: pick(p.total ?? size, 'total', 'size'),
      liquidationPrice: pick(p.liquidationPrice ?? liqPrice, 'liquidationPrice', 'liqPrice'),
      totalFunding: pick(p.totalFunding ?? totalFundingFee, 'totalFunding', 'totalFundingFee'),
    };
  });
export type Position = z.infer<typeof position>;
export const positionList = z.object({ list: z.array(position) });

/** GET /api/v3/account/financial-records (spec 4.6 pagination). */
/** Financial records also list the live API's `OTHER` business line (account.md). */
const recordCategory = ciEnum([...categories, 'other']);
export const financialRecordsQuery = z
  .strictObject({ category: recordCategory.optional(), coin: coin.optional(), type: z.string().regex(/^[A-Za-z_]{1,32}$/, 'must be a record type such as TRADE').optional(), ...pageQuery })
  .superRefine(timeRangeRule);
export const financialRecord = z.object({
  category: categoryName,
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
