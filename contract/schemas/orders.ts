// Orders: placement, modification and cancellation bodies (spec 4.5, 6.4), batch bodies
// (top-level JSON arrays of 1 to 20, spec 8), and the order record (spec 2.8 plus the
// fields of upstream-facts.md).
import { z } from 'zod';
import {
  cancelSource,
  cancelSources,
  category,
  categoryName,
  clientOid,
  decimalString,
  feeDetail,
  holdMode,
  id,
  marginMode,
  orderState,
  orderType,
  posSide,
  positiveDecimalString,
  side,
  stpMode,
  symbol,
  timeInForce,
  yesNo,
  type CancelSource,
} from './common';
import { SUCCESS } from './envelope';
import { page, pageQuery, timeRangeRule } from './pagination';
import { tpslFields, tpslRule } from './tpsl';

export const MAX_BATCH = 20;

const orderFields = {
  symbol,
  orderType,
  qty: positiveDecimalString,
  price: positiveDecimalString.optional(),
  side,
  posSide: posSide.optional(),
  timeInForce: timeInForce.optional(),
  reduceOnly: yesNo.optional(),
  clientOid: clientOid.optional(),
  stpMode: stpMode.optional(),
  /** Futures only; the exchange defaults to `crossed` (SDK and docs send it on place-order). */
  marginMode: marginMode.optional(),
  /** Preset take-profit / stop-loss (trade.md Place Order): futures only, attached to the position the order opens. */
  ...tpslFields,
};

type PriceRule = { orderType: string; price?: string | undefined; timeInForce?: string | undefined };
function priceRule(o: PriceRule, ctx: z.RefinementCtx) {
  if (o.orderType === 'limit' && o.price === undefined) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'is required for a limit order' });
  }
  if (o.orderType === 'market' && o.timeInForce === 'post_only') {
    ctx.addIssue({ code: 'custom', path: ['timeInForce'], message: 'post_only applies only to limit orders' });
  }
}

function placeRule(o: PriceRule & Parameters<typeof tpslRule>[0], ctx: z.RefinementCtx) {
  priceRule(o, ctx);
  tpslRule(o, ctx);
}

/** POST /api/v3/trade/place-order. */
export const placeOrderRequest = z.strictObject({ category, ...orderFields }).superRefine(placeRule);
export type PlaceOrderRequest = z.infer<typeof placeOrderRequest>;

/** One order of a WebSocket place-order/batch-place (category sits on the message, spec 6.4). */
export const wsPlaceOrderArg = z
  // websocket.md spells the two preset prices `takeprofit` and `stoploss`; they parse to REST's names.
  .strictObject({ category: category.optional(), ...orderFields, takeprofit: positiveDecimalString.optional(), stoploss: positiveDecimalString.optional() })
  .transform(({ takeprofit, stoploss, ...o }) => ({
    ...o,
    ...(o.takeProfit === undefined && takeprofit !== undefined ? { takeProfit: takeprofit } : {}),
    ...(o.stopLoss === undefined && stoploss !== undefined ? { stopLoss: stoploss } : {}),
  }))
  .superRefine(placeRule);

function batch<T extends z.ZodType>(item: T) {
  return z
    .array(item)
    .min(1, 'must hold at least 1 order')
    .max(MAX_BATCH, `must hold at most ${MAX_BATCH} orders`);
}

type Ident = { orderId?: string | undefined; clientOid?: string | undefined };
function identRule(o: Ident, ctx: z.RefinementCtx) {
  if (o.orderId === undefined && o.clientOid === undefined) {
    ctx.addIssue({ code: 'custom', path: ['orderId'], message: 'orderId or clientOid is required' });
  }
}

const modifyFields = {
  orderId: id.optional(),
  clientOid: clientOid.optional(),
  // The docs and the SDK leave symbol out: the order ID (or clientOid) names the order.
  symbol: symbol.optional(),
  category: category.optional(),
  price: positiveDecimalString.optional(),
  qty: positiveDecimalString.optional(),
  autoCancel: yesNo.optional(),
};
type ModifyShape = Ident & { price?: string | undefined; qty?: string | undefined };
function modifyRule(o: ModifyShape, ctx: z.RefinementCtx) {
  identRule(o, ctx);
  if (o.price === undefined && o.qty === undefined) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'price or qty is required to modify an order' });
  }
}

/** POST /api/v3/trade/modify-order. */
export const modifyOrderRequest = z.strictObject(modifyFields).superRefine(modifyRule);
export type ModifyOrderRequest = z.infer<typeof modifyOrderRequest>;

const cancelFields = {
  orderId: id.optional(),
  clientOid: clientOid.optional(),
  symbol: symbol.optional(),
  category: category.optional(),
};
/** POST /api/v3/trade/cancel-order. */
export const cancelOrderRequest = z.strictObject(cancelFields).superRefine(identRule);
export type CancelOrderRequest = z.infer<typeof cancelOrderRequest>;

/** The answer to a place, modify or cancel: the order's two IDs. */
export const orderAck = z.object({ orderId: z.string(), clientOid: z.string() });
export type OrderAck = z.infer<typeof orderAck>;

export const placeBatchRequest = batch(placeOrderRequest);
export const batchModifyRequest = batch(modifyOrderRequest);
export const cancelBatchRequest = batch(cancelOrderRequest);

/**
 * spec 4.7 rule 4: each order of a batch has its own code and msg ("00000" when accepted).
 * The live API leaves both out of the items it accepted (trade.md examples); such an item
 * parses as accepted, so an order that went through is never reported as failed.
 */
export const batchItemResult = z
  .object({
    orderId: z.string(),
    clientOid: z.string(),
    code: z.string().optional(),
    msg: z.string().optional(),
  })
  .transform((o) => ({ ...o, code: o.code ?? SUCCESS, msg: o.msg ?? 'success' }));
export const batchResult = z.array(batchItemResult);
export type BatchItemResult = z.infer<typeof batchItemResult>;

const knownSources = new Set<string>(cancelSources);
/**
 * The desk's cancel source for the live API's `cancelReason`. The docs name only
 * `normal_cancel` (the user's own cancel); any other reason we do not know is the
 * exchange's doing, so it reads as `system` and the raw reason stays in cancelReason.
 */
function sourceOfReason(reason: string | undefined): CancelSource | '' {
  if (!reason) return '';
  if (knownSources.has(reason)) return reason as CancelSource;
  return reason === 'normal_cancel' ? 'user' : 'system';
}

/**
 * The order record. The spec names the state `state` and the cancel reason
 * `cancelSource`; the public API calls them `orderStatus` and `cancelReason`, spells the
 * final state `cancelled`, and (in the order push) names the position side `holdSide`.
 * Parsing accepts every form and yields `state` (= `orderStatus`, in the desk's
 * spelling), `cancelSource`, `posSide`, and a lower-case `category`.
 */
export const orderRecord = z
  .object({
    orderId: z.string(),
    clientOid: z.string(),
    category: categoryName,
    symbol: z.string(),
    orderType,
    side,
    price: z.string(),
    qty: z.string(),
    amount: z.string().optional(),
    cumExecQty: z.string(),
    cumExecValue: z.string(),
    avgPrice: z.string(),
    timeInForce: z.string(),
    state: orderState.optional(),
    orderStatus: orderState.optional(),
    cancelSource: z.union([cancelSource, z.literal('')]).optional(),
    cancelReason: z.string().optional(),
    posSide: z.string().optional(),
    holdSide: z.string().optional(),
    holdMode: z.union([holdMode, z.literal('')]).optional(),
    marginMode: z.string().optional(),
    reduceOnly: z.string().optional(),
    feeDetail: feeDetail.optional(),
    stpMode: z.string().optional(),
    /** The order's preset TP/SL ('' when none; trade.md order details, open orders, history). */
    takeProfit: z.string().optional(),
    stopLoss: z.string().optional(),
    tpTriggerBy: z.string().optional(),
    slTriggerBy: z.string().optional(),
    tpOrderType: z.string().optional(),
    slOrderType: z.string().optional(),
    tpLimitPrice: z.string().optional(),
    slLimitPrice: z.string().optional(),
    /** What placed the order (trade.md): `normal`, `market`, or e.g. `position_stop_profit_market` for a triggered TP. */
    delegateType: z.string().optional(),
    execType: z.string().optional(),
    createdTime: z.string(),
    updatedTime: z.string(),
  })
  .transform((o, ctx) => {
    const state = o.state ?? o.orderStatus;
    if (!state) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'state or orderStatus is required' });
      return z.NEVER;
    }
    const { holdSide, ...rest } = o;
    const posSide = o.posSide ?? holdSide;
    return { ...rest, state, orderStatus: state, cancelSource: o.cancelSource || sourceOfReason(o.cancelReason), ...(posSide === undefined ? {} : { posSide }) };
  });
export type OrderRecord = z.infer<typeof orderRecord>;
export type OrderRecordInput = z.input<typeof orderRecord>;

const orderListFilters = {
  category: category.optional(),
  symbol: symbol.optional(),
  orderId: id.optional(),
  clientOid: clientOid.optional(),
  ...pageQuery,
};
/** GET /api/v3/trade/unfilled-orders and /history-orders. */
export const orderListQuery = z.strictObject(orderListFilters).superRefine(timeRangeRule);
export const orderPage = page(orderRecord);

/** GET /api/v3/trade/fills. */
export const fillsQuery = z
  .strictObject({ category: category.optional(), symbol: symbol.optional(), orderId: id.optional(), ...pageQuery })
  .superRefine(timeRangeRule);

const fillFields = {
  execId: z.string(),
  /** The trade both sides of a fill share (spec 2.8); execId is this side's own record. */
  tradeId: z.string().optional(),
  /** The live API's link between the two sides of a fill. */
  execLinkId: z.string().optional(),
  orderId: z.string(),
  clientOid: z.string(),
  category: categoryName,
  symbol: z.string(),
  orderType: z.string(),
  side,
  execPrice: decimalString,
  execQty: decimalString,
  execValue: decimalString,
  feeDetail,
  tradeScope: z.enum(['maker', 'taker']),
  tradeSide: z.string().optional(),
  execPnl: z.string(),
  createdTime: z.string(),
  updatedTime: z.string(),
};
export const fillRecord = z.object(fillFields);
/**
 * A fill as the `fill` channel pushes it (websocket.md): it carries `execTime` where the
 * REST record has `createdTime`, and `holdSide`. Parsed to the FillRecord shape.
 */
export const fillPushItem = z
  .object({ ...fillFields, createdTime: z.string().optional(), execTime: z.string().optional(), holdSide: z.string().optional() })
  .transform((f, ctx) => {
    const createdTime = f.createdTime ?? f.execTime;
    if (createdTime === undefined) {
      ctx.addIssue({ code: 'custom', path: ['execTime'], message: 'execTime or createdTime is required' });
      return z.NEVER;
    }
    return { ...f, createdTime };
  });
export type FillRecord = z.infer<typeof fillRecord>;
export const fillPage = page(fillRecord);

