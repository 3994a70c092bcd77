// Strategy orders (strategy.md): take-profit / stop-loss on a futures position and trigger
// orders. Place, modify and cancel (answering the order's two IDs, cancel answers null), the
// pending ones (a bare array) and the history (a cursor page). Read field by field from
// the docs; strings stay strings and every price is a decimal string.
import { z } from 'zod';
import { categoryName, clientOid, decimalString, futuresCategory, id, msString, optionalDecimalString, orderType, posSide, positiveDecimalString, side, symbol, yesNo } from './common';
import { page, pageQuery } from './pagination';
import { timeRangeRule } from './pagination';
import { strategyStatus, strategyTriggerType, strategyType, tpslFields, tpslMode, tpslRule, triggerBy, type TpslInput } from './tpsl';

const triggerFields = {
  /** Trigger orders: the price they watch (default `market`). */
  triggerBy: triggerBy.optional(),
  triggerPrice: positiveDecimalString.optional(),
  triggerOrderType: orderType.optional(),
  /** Only for triggerOrderType=limit. */
  triggerOrderPrice: positiveDecimalString.optional(),
};

type PlaceShape = TpslInput & {
  type?: string | undefined;
  tpslMode?: string | undefined;
  qty?: string | undefined;
  side?: string | undefined;
  triggerPrice?: string | undefined;
  triggerOrderType?: string | undefined;
  triggerOrderPrice?: string | undefined;
};
function placeStrategyRule(o: PlaceShape, ctx: z.RefinementCtx) {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if ((o.type ?? 'tpsl') === 'tpsl') {
    if (o.takeProfit === undefined && o.stopLoss === undefined) issue('takeProfit', 'takeProfit or stopLoss is required for a tpsl strategy order');
    // strategy.md: qty is required when tpslMode=partial.
    if (o.tpslMode === 'partial' && o.qty === undefined) issue('qty', 'is required when tpslMode is partial');
    tpslRule(o, ctx);
  } else {
    // strategy.md: qty is required for trigger orders; without a side and a trigger price there is nothing to trigger.
    if (o.qty === undefined) issue('qty', 'is required for a trigger order');
    if (o.side === undefined) issue('side', 'is required for a trigger order (buy or sell)');
    if (o.triggerPrice === undefined) issue('triggerPrice', 'is required for a trigger order');
    if (o.triggerOrderType === 'limit' && o.triggerOrderPrice === undefined) issue('triggerOrderPrice', 'is required when triggerOrderType is limit');
  }
}

/** POST /api/v3/trade/place-strategy-order. Futures categories only. */
export const placeStrategyOrderRequest = z
  .strictObject({
    category: futuresCategory,
    symbol,
    clientOid: clientOid.optional(),
    type: strategyType.optional(),
    tpslMode: tpslMode.optional(),
    /** Base coin; required for tpslMode=partial and for trigger orders. */
    qty: positiveDecimalString.optional(),
    side: side.optional(),
    posSide: posSide.optional(),
    reduceOnly: yesNo.optional(),
    ...tpslFields,
    ...triggerFields,
  })
  .superRefine(placeStrategyRule);
export type PlaceStrategyOrderRequest = z.infer<typeof placeStrategyOrderRequest>;

type Ident = { orderId?: string | undefined; clientOid?: string | undefined };
function identRule(o: Ident, ctx: z.RefinementCtx) {
  if (o.orderId === undefined && o.clientOid === undefined) {
    ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'orderId or clientOid is required' });
  }
}

/**
 * POST /api/v3/trade/modify-strategy-order. The docs mark qty required (it changes only a
 * partial TP/SL or a trigger order); the other fields change what they name.
 */
export const modifyStrategyOrderRequest = z
  .strictObject({
    orderId: id.optional(),
    clientOid: clientOid.optional(),
    qty: positiveDecimalString,
    ...tpslFields,
    ...triggerFields,
  })
  .superRefine(identRule);
export type ModifyStrategyOrderRequest = z.infer<typeof modifyStrategyOrderRequest>;

/** POST /api/v3/trade/cancel-strategy-order. */
export const cancelStrategyOrderRequest = z.strictObject({ orderId: id.optional(), clientOid: clientOid.optional() }).superRefine(identRule);
export type CancelStrategyOrderRequest = z.infer<typeof cancelStrategyOrderRequest>;

/** Cancel answers `data: null` (strategy.md). */
export const cancelStrategyResult = z.null();

/** GET /api/v3/trade/unfilled-strategy-orders: category required, type optional; no paging (docs). */
export const unfilledStrategyQuery = z.strictObject({ category: futuresCategory, type: strategyType.optional() });

/** GET /api/v3/trade/history-strategy-orders: category, type, a time range and cursor paging. */
export const historyStrategyQuery = z
  .strictObject({ category: futuresCategory, type: strategyType.optional(), ...pageQuery })
  .superRefine(timeRangeRule);

/**
 * A strategy order as the two lists answer it. `triggerType` is in the history's record
 * (which side fired); `type`, `side` and `reduceOnly` are in the strategy-order push and
 * accepted here too. Unset prices are ''.
 */
export const strategyOrderRecord = z.object({
  orderId: z.string(),
  clientOid: z.string(),
  category: categoryName,
  symbol: z.string(),
  qty: decimalString,
  posSide: z.string(),
  status: strategyStatus,
  type: strategyType.optional(),
  side: z.string().optional(),
  reduceOnly: z.string().optional(),
  triggerType: z.union([strategyTriggerType, z.literal('')]).optional(),
  tpTriggerBy: z.string(),
  slTriggerBy: z.string(),
  takeProfit: optionalDecimalString,
  stopLoss: optionalDecimalString,
  tpOrderType: z.string(),
  slOrderType: z.string(),
  tpLimitPrice: optionalDecimalString,
  slLimitPrice: optionalDecimalString,
  triggerBy: z.string(),
  triggerPrice: optionalDecimalString,
  triggerOrderType: z.string(),
  triggerOrderPrice: optionalDecimalString,
  createdTime: msString,
  updatedTime: msString,
});
export type StrategyOrderRecord = z.infer<typeof strategyOrderRecord>;
export type StrategyOrderRecordInput = z.input<typeof strategyOrderRecord>;

export const strategyOrderList = z.array(strategyOrderRecord);
export const strategyOrderPage = page(strategyOrderRecord);
