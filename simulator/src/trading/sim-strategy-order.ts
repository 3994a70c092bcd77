// A strategy order of the simulator (strategy.md): a take-profit / stop-loss on a futures
// position or a trigger order, what it watches, its status, and its record as the two
// strategy order lists answer it. strategy-orders.ts keeps them and fires them.
import type { OrderType, Side } from '@contract/schemas/common';
import type { StrategyOrderRecordInput } from '@contract/schemas/strategy-orders';
import { isOpenStrategyStatus, type StrategyStatus, type StrategyTriggerType, type StrategyType, type TpslMode, type TriggerBy } from '@contract/schemas/tpsl';
import { paramError } from '../core/sim-error';
import { categoryLabel, type Instrument } from '../instruments/instrument-registry';
import { currentPrice } from './order-entry';
import type { PosSide } from './position-book';
import { legsText, lotsText, ticksText } from './sim-order';
import { fieldTicks, type TpslLegs } from './tpsl-legs';
import type { TradingMarket } from './trading-market';


export interface TriggerSpec {
  triggerBy: TriggerBy;
  priceTicks: number;
  orderType: OrderType;
  /** The limit price of the order it places; 0 for a market one. */
  limitTicks: number;
  /** Fires when the watched price rises to the trigger (it was below when set), else when it falls to it. */
  rising: boolean;
}

export interface SimStrategyOrder {
  orderId: string;
  clientOid: string;
  uid: number;
  inst: Instrument;
  type: StrategyType;
  /** TP/SL only. */
  tpslMode?: TpslMode;
  /** The size: a partial TP/SL's or a trigger order's qty; a full TP/SL's is the position's (fixed once it fires). */
  lots: number;
  /** The position a TP/SL protects; a trigger order's posSide in hedge mode. */
  posSide?: PosSide;
  /** Trigger orders. */
  side?: Side;
  reduceOnly: boolean;
  legs: TpslLegs;
  trigger?: TriggerSpec;
  status: StrategyStatus;
  triggerType: StrategyTriggerType | '';
  /** The order a fired trigger placed. */
  placedOrderId?: string;
  /** A preset's order, whose filled size it follows. */
  presetOf?: string;
  createdTime: number;
  updatedTime: number;
}

export interface StrategyIdent {
  orderId?: string | undefined;
  clientOid?: string | undefined;
}

/** Still able to fire: what unfilled-strategy-orders lists. */
export function isOpenStrategy(s: SimStrategyOrder): boolean {
  return isOpenStrategyStatus(s.status);
}

/** The record of unfilled- and history-strategy-orders (strategy.md), showing `lots` as its qty; `history` adds triggerType. */
export function strategyRecord(s: SimStrategyOrder, lots: number, history: boolean): StrategyOrderRecordInput {
  const inst = s.inst;
  const t = s.trigger;
  return {
    orderId: s.orderId,
    clientOid: s.clientOid,
    category: categoryLabel(inst.category),
    symbol: inst.symbol,
    qty: lotsText(inst, lots),
    posSide: s.posSide ?? '',
    status: s.status,
    ...(history ? { triggerType: s.triggerType } : {}),
    ...legsText(inst, s.legs),
    triggerBy: t?.triggerBy ?? '',
    triggerPrice: t ? ticksText(inst, t.priceTicks) : '',
    triggerOrderType: t?.orderType ?? '',
    triggerOrderPrice: t && t.orderType === 'limit' ? ticksText(inst, t.limitTicks) : '',
    createdTime: String(s.createdTime),
    updatedTime: String(s.updatedTime),
  };
}

/**
 * The strategy-order push (websocket.md "Strategy Order Channel"): the record's fields with
 * a lower-case category, the strategy type, side, reduceOnly and triggerType.
 */
export function strategyPushRecord(s: SimStrategyOrder, lots: number): Record<string, unknown> {
  const { category, ...rest } = strategyRecord(s, lots, true);
  return {
    ...rest,
    category: String(category).toLowerCase(),
    type: s.type,
    // A TP/SL closes its position: the side of its closing order.
    side: s.side ?? (s.type === 'tpsl' ? (s.posSide === 'long' ? 'sell' : 'buy') : ''),
    reduceOnly: s.reduceOnly ? 'yes' : 'no',
  };
}

/**
 * A trigger order's trigger from a place or modify request, over the one it had. It fires
 * when the watched price reaches it from the side the price is on now; a trigger at the
 * current price is refused (it would have no side).
 */
export function triggerSpecOf(
  inst: Instrument,
  had: TriggerSpec | undefined,
  req: { triggerBy?: TriggerBy | undefined; triggerPrice?: string | undefined; triggerOrderType?: OrderType | undefined; triggerOrderPrice?: string | undefined },
  market: TradingMarket,
): TriggerSpec {
  const triggerBy = req.triggerBy ?? had?.triggerBy ?? 'market';
  const priceTicks = req.triggerPrice !== undefined ? fieldTicks(inst, 'triggerPrice', req.triggerPrice) : had?.priceTicks;
  if (priceTicks === undefined) throw paramError('triggerPrice', 'is required for a trigger order');
  const orderType = req.triggerOrderType ?? had?.orderType ?? 'market';
  let limitTicks = 0;
  if (orderType === 'limit') {
    if (req.triggerOrderPrice !== undefined) limitTicks = fieldTicks(inst, 'triggerOrderPrice', req.triggerOrderPrice);
    else if (had?.orderType === 'limit') limitTicks = had.limitTicks;
    else throw paramError('triggerOrderPrice', 'is required when triggerOrderType is limit');
  }
  const { price, label } = currentPrice(market, inst, triggerBy);
  const level = BigInt(priceTicks) * inst.tickMoney;
  if (level === price) throw paramError('triggerPrice', `equals the ${label}; set it above or below`);
  return { triggerBy, priceTicks, orderType, limitTicks, rising: level > price };
}
