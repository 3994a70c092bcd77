// The simulator's order: what the engine needs (ticks, lots), what the accounts layer
// needs (the remaining lock), and what REST and the bus show (the record of spec 2.8 with
// the fields of upstream-facts.md).
import { isOpenState, type HoldMode, type OrderType, type Side, type StpMode, type TimeInForce } from '@contract/schemas/common';
import type { CancelSource, OrderState } from '@contract/schemas/common';
import type { OrderRecordInput } from '@contract/schemas/orders';
import type { Dialect } from '../core/dialect';
import { categoryLabel, type Instrument } from '../instruments/instrument-registry';
import { fmtMoney, fmtMoneyAt, ONE } from '../core/money';
import { scaledText } from '../core/scaled-text';
import type { PosSide } from './position-book';
import type { TpslLeg, TpslLegs } from './tpsl-legs';

export interface SimOrder {
  orderId: string;
  clientOid: string;
  uid: number;
  inst: Instrument;
  orderType: OrderType;
  side: Side;
  timeInForce: TimeInForce;
  /** Given in hedge mode (futures). */
  posSide?: PosSide;
  reduceOnly: boolean;
  /** A futures order that only reduces a position: it locks no margin and freezes position lots. */
  closes?: PosSide;
  stpMode: StpMode;
  holdMode: HoldMode;
  /** 0 for market orders. */
  priceTicks: number;
  /** Total size in lots; 0 for a spot market buy sized in the quote coin. */
  lots: number;
  /** Spot market buy: the quote amount to spend, money units. */
  quoteBudget?: bigint;
  state: OrderState;
  cancelSource: CancelSource | '';
  createdTime: number;
  updatedTime: number;
  filledLots: number;
  /** Sum of price x quantity of the fills, money units. */
  execValue: bigint;
  fees: Map<string, bigint>;
  lockCoin: string;
  /** What this order still holds locked in lockCoin; 0 once it is terminal. */
  lockRemaining: bigint;
  /** Accepted by the engine, waiting to show `new` until it rests or trades (spec 3.1). */
  pendingNew: boolean;
  /** The cancelSource to record when the engine reports a requested cancel. */
  requestedCancel?: CancelSource;
  /** Preset take-profit / stop-loss (trade.md place-order): attached to the position as the order fills. */
  preset?: TpslLegs;
  /** What placed the order, when not the trader (trade.md delegateType, e.g. `position_stop_profit_market`). */
  delegateType?: string;
}

/** Still on the book or about to be: the contract's open states. */
export function isPending(o: SimOrder): boolean {
  return isOpenState(o.state);
}

export function lotsText(inst: Instrument, lots: number): string {
  const units = lots * inst.lotUnits;
  return Number.isSafeInteger(units) ? scaledText(units, inst.qtyScale, true) : fmtMoneyAt(BigInt(lots) * inst.lotMoney, inst.qtyScale);
}

export function ticksText(inst: Instrument, ticks: number): string {
  const units = ticks * inst.tickUnits;
  return Number.isSafeInteger(units) ? scaledText(units, inst.priceScale, true) : fmtMoneyAt(BigInt(ticks) * inst.tickMoney, inst.priceScale);
}

/** The state as the dialect spells it: the seed's `canceled`, the live docs' `cancelled`. */
export function stateText(state: OrderState, dialect: Dialect): string {
  return dialect === 'live' && state === 'canceled' ? 'cancelled' : state;
}

/** The live docs name a user's own cancel `normal_cancel`; other reasons keep our names. */
function cancelReasonText(o: SimOrder, dialect: Dialect): string {
  return dialect === 'live' && o.cancelSource === 'user' ? 'normal_cancel' : o.cancelSource;
}

const futuresOf = (o: SimOrder) => o.inst.category === 'usdt-futures';

/** The position side a futures order acts on (holdSide): its posSide, or the side it opens or closes. */
function holdSideOf(o: SimOrder): string {
  if (!futuresOf(o)) return '';
  return o.closes ?? o.posSide ?? (o.side === 'buy' ? 'long' : 'short');
}

function tradeSideOf(o: SimOrder): string {
  if (!futuresOf(o)) return '';
  return o.closes !== undefined ? 'close' : 'open';
}

/** The eight TP/SL fields of a record ('' for a leg that is not set), as trade.md and strategy.md answer them. */
export function legsText(inst: Instrument, legs: TpslLegs | undefined) {
  const price = (leg: TpslLeg | undefined) => (leg ? ticksText(inst, leg.priceTicks) : '');
  const limit = (leg: TpslLeg | undefined) => (leg && leg.orderType === 'limit' ? ticksText(inst, leg.limitTicks) : '');
  return {
    takeProfit: price(legs?.tp),
    stopLoss: price(legs?.sl),
    tpTriggerBy: legs?.tp?.triggerBy ?? '',
    slTriggerBy: legs?.sl?.triggerBy ?? '',
    tpOrderType: legs?.tp?.orderType ?? '',
    slOrderType: legs?.sl?.orderType ?? '',
    tpLimitPrice: limit(legs?.tp),
    slLimitPrice: limit(legs?.sl),
  };
}

function delegateTypeOf(o: SimOrder): string {
  return o.delegateType ?? (o.orderType === 'limit' ? 'normal' : 'market');
}

function filledValues(o: SimOrder) {
  const filledQty = BigInt(o.filledLots) * o.inst.lotMoney;
  const avg = filledQty === 0n ? 0n : (o.execValue * ONE) / filledQty;
  return {
    qty: o.quoteBudget !== undefined ? fmtMoneyAt(o.quoteBudget, o.inst.quoteScale) : lotsText(o.inst, o.lots),
    cumExecQty: lotsText(o.inst, o.filledLots),
    cumExecValue: fmtMoney(o.execValue),
    avgPrice: fmtMoneyAt(avg, o.inst.priceScale + 2),
    feeDetail: [...o.fees].map(([feeCoin, fee]) => ({ feeCoin, fee: fmtMoney(fee) })),
  };
}

/**
 * The order as REST answers it (trade.md "Get Order Details"): the seed's `state` and
 * `cancelSource` beside the docs' `orderStatus` and `cancelReason` in the seed dialect; the
 * live dialect sends only the docs' names, `cancelled`, and reduceOnly as YES/NO.
 */
export function orderRecord(o: SimOrder, dialect: Dialect = 'seed'): OrderRecordInput {
  const v = filledValues(o);
  const live = dialect === 'live';
  const status = stateText(o.state, dialect);
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    category: categoryLabel(o.inst.category),
    symbol: o.inst.symbol,
    orderType: o.orderType,
    side: o.side,
    price: o.orderType === 'limit' ? ticksText(o.inst, o.priceTicks) : '',
    qty: v.qty,
    // The quote amount of a market buy; "" for orders sized in the base coin.
    amount: o.quoteBudget !== undefined ? v.qty : '',
    cumExecQty: v.cumExecQty,
    cumExecValue: v.cumExecValue,
    avgPrice: v.avgPrice,
    timeInForce: o.timeInForce,
    ...(live ? {} : { state: o.state, cancelSource: o.cancelSource }),
    orderStatus: status as OrderState,
    cancelReason: cancelReasonText(o, dialect),
    posSide: o.posSide ?? '',
    tradeSide: tradeSideOf(o),
    holdMode: futuresOf(o) ? o.holdMode : '',
    marginMode: futuresOf(o) ? 'crossed' : '',
    reduceOnly: live ? (o.reduceOnly ? 'YES' : 'NO') : o.reduceOnly ? 'yes' : 'no',
    feeDetail: v.feeDetail,
    stpMode: o.stpMode,
    ...legsText(o.inst, o.preset),
    delegateType: delegateTypeOf(o),
    execType: o.filledLots > 0 ? 'normal' : '',
    createdTime: String(o.createdTime),
    updatedTime: String(o.updatedTime),
  } as OrderRecordInput;
}

/**
 * The order as the `order` channel pushes it (websocket.md "Order"): lower-case category,
 * holdSide, delegateType, tradeSide, marginCoin, totalProfit, leverage. The seed dialect
 * adds the seed's names (state, cancelSource, posSide) beside the docs' ones.
 */
export function orderPushRecord(o: SimOrder, dialect: Dialect, leverage: string): Record<string, unknown> {
  const v = filledValues(o);
  const futures = futuresOf(o);
  return {
    category: o.inst.category,
    symbol: o.inst.symbol,
    orderId: o.orderId,
    clientOid: o.clientOid,
    price: o.orderType === 'limit' ? ticksText(o.inst, o.priceTicks) : '',
    qty: v.qty,
    amount: o.quoteBudget !== undefined ? v.qty : '',
    holdMode: futures ? o.holdMode : '',
    holdSide: holdSideOf(o),
    delegateType: delegateTypeOf(o),
    tradeSide: tradeSideOf(o),
    orderType: o.orderType,
    timeInForce: o.timeInForce,
    side: o.side,
    marginMode: futures ? 'crossed' : '',
    marginCoin: futures ? o.inst.quoteCoin : '',
    reduceOnly: o.reduceOnly ? 'yes' : 'no',
    cumExecQty: v.cumExecQty,
    cumExecValue: v.cumExecValue,
    avgPrice: v.avgPrice,
    totalProfit: '0',
    orderStatus: stateText(o.state, dialect),
    cancelReason: cancelReasonText(o, dialect),
    leverage,
    feeDetail: v.feeDetail,
    createdTime: String(o.createdTime),
    updatedTime: String(o.updatedTime),
    stpMode: o.stpMode,
    ...(dialect === 'seed' ? { state: o.state, cancelSource: o.cancelSource, posSide: o.posSide ?? '' } : {}),
  };
}
