// The simulator's order: what the engine needs (ticks, lots), what the accounts layer
// needs (the remaining lock), and what REST and the bus show (the record of spec 2.8 with
// the fields of upstream-facts.md).
import type { CancelSource, OrderState } from '@contract/schemas/common';
import type { OrderRecordInput } from '@contract/schemas/orders';
import type { HoldMode, StpMode } from '../accounts/account-store';
import { categoryLabel, type Instrument } from '../instruments/instrument-registry';
import { fmtMoney, fmtMoneyAt, ONE } from '../money';
import { scaledText } from '../scaled-text';
import type { PosSide } from './position-book';

export interface SimOrder {
  orderId: string;
  clientOid: string;
  uid: number;
  inst: Instrument;
  orderType: 'limit' | 'market';
  side: 'buy' | 'sell';
  timeInForce: 'gtc' | 'ioc' | 'fok' | 'post_only';
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
}

export function isPending(o: SimOrder): boolean {
  return o.state === 'live' || o.state === 'new' || o.state === 'partially_filled';
}

export function lotsText(inst: Instrument, lots: number): string {
  const units = lots * inst.lotUnits;
  return Number.isSafeInteger(units) ? scaledText(units, inst.qtyScale, true) : fmtMoneyAt(BigInt(lots) * inst.lotMoney, inst.qtyScale);
}

export function ticksText(inst: Instrument, ticks: number): string {
  const units = ticks * inst.tickUnits;
  return Number.isSafeInteger(units) ? scaledText(units, inst.priceScale, true) : fmtMoneyAt(BigInt(ticks) * inst.tickMoney, inst.priceScale);
}

export function orderRecord(o: SimOrder): OrderRecordInput {
  const filledQty = BigInt(o.filledLots) * o.inst.lotMoney;
  const avg = filledQty === 0n ? 0n : (o.execValue * ONE) / filledQty;
  const qty = o.quoteBudget !== undefined ? fmtMoneyAt(o.quoteBudget, o.inst.quoteScale) : lotsText(o.inst, o.lots);
  return {
    orderId: o.orderId,
    clientOid: o.clientOid,
    category: categoryLabel(o.inst.category),
    symbol: o.inst.symbol,
    orderType: o.orderType,
    side: o.side,
    price: o.orderType === 'limit' ? ticksText(o.inst, o.priceTicks) : '',
    qty,
    ...(o.quoteBudget !== undefined ? { amount: qty } : {}),
    cumExecQty: lotsText(o.inst, o.filledLots),
    cumExecValue: fmtMoney(o.execValue),
    avgPrice: fmtMoneyAt(avg, o.inst.priceScale + 2),
    timeInForce: o.timeInForce,
    state: o.state,
    orderStatus: o.state,
    cancelSource: o.cancelSource,
    cancelReason: o.cancelSource,
    posSide: o.posSide ?? '',
    holdMode: o.inst.category === 'usdt-futures' ? o.holdMode : '',
    reduceOnly: o.reduceOnly ? 'yes' : 'no',
    feeDetail: [...o.fees].map(([feeCoin, fee]) => ({ feeCoin, fee: fmtMoney(fee) })),
    stpMode: o.stpMode,
    createdTime: String(o.createdTime),
    updatedTime: String(o.updatedTime),
  };
}
