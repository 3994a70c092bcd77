// The two legs of a take-profit / stop-loss (trade.md place-order presets, strategy.md):
// each a trigger price watched on the mark or the last price, and the order it places when
// it fires (market, or limit at its execution price). Pure: parsing the request's decimal
// strings into ticks, the direction rules against the current price, and when a leg fires.
import type { OrderType } from '@contract/schemas/common';
import type { TpslInput, TriggerBy } from '@contract/schemas/tpsl';
import { fmtMoneyAt } from '../core/money';
import { paramError, SimError } from '../core/sim-error';
import type { Instrument } from '../instruments/instrument-registry';
import { priceTicksOf } from './order-checks';
import type { PosSide } from './position-book';

export interface TpslLeg {
  /** strategy.md: `market` (the default) watches the last traded price, `mark` the mark price. */
  triggerBy: TriggerBy;
  priceTicks: number;
  orderType: OrderType;
  /** The limit price of the closing order; 0 for a market one. */
  limitTicks: number;
}

export interface TpslLegs {
  tp?: TpslLeg;
  sl?: TpslLeg;
}

export type LegName = 'takeProfit' | 'stopLoss';

/** The current price a trigger watches, money units, and its name for messages. */
export type ReferencePrice = (triggerBy: TriggerBy) => { price: bigint; label: string };

/** A price of a TP/SL field on the instrument's tick; the error names the field. */
export function fieldTicks(inst: Instrument, field: string, price: string): number {
  try {
    return priceTicksOf(inst, price);
  } catch (error) {
    if (error instanceof SimError && error.code === '25244') throw new SimError('25244', { detail: `${inst.tickSize} (${field})` });
    if (error instanceof SimError) throw paramError(field, `${price} is out of range`);
    throw error;
  }
}

/** The legs a request names, parsed (no leg for a side without its trigger price). */
export function legsOf(inst: Instrument, req: TpslInput): TpslLegs {
  const leg = (price: string | undefined, by: TriggerBy | undefined, type: OrderType | undefined, limit: string | undefined, field: LegName, limitField: string): TpslLeg | undefined => {
    if (price === undefined) return undefined;
    const orderType = type ?? 'market';
    // trade.md: the execution price is "only valid for limit orders"; it is ignored for market ones.
    const limitTicks = orderType === 'limit' && limit !== undefined ? fieldTicks(inst, limitField, limit) : 0;
    return { triggerBy: by ?? 'market', priceTicks: fieldTicks(inst, field, price), orderType, limitTicks };
  };
  const tp = leg(req.takeProfit, req.tpTriggerBy, req.tpOrderType, req.tpLimitPrice, 'takeProfit', 'tpLimitPrice');
  const sl = leg(req.stopLoss, req.slTriggerBy, req.slOrderType, req.slLimitPrice, 'stopLoss', 'slLimitPrice');
  return { ...(tp ? { tp } : {}), ...(sl ? { sl } : {}) };
}

/**
 * A take-profit lies on the profitable side of the price it is judged against and a
 * stop-loss on the losing side (above for a long's TP, below for its SL; the reverse for a
 * short): otherwise it would fire at once. `against` gives that price: the current price
 * the leg watches, or (a preset on a limit order) the order's price.
 */
export function checkLegs(inst: Instrument, posSide: PosSide, legs: TpslLegs, against: ReferencePrice): void {
  const check = (leg: TpslLeg | undefined, name: LegName) => {
    if (!leg) return;
    const { price, label } = against(leg.triggerBy);
    const trigger = BigInt(leg.priceTicks) * inst.tickMoney;
    const above = (name === 'takeProfit') === (posSide === 'long');
    if (above ? trigger <= price : trigger >= price) {
      const text = (v: bigint) => fmtMoneyAt(v, inst.priceScale);
      throw paramError(name, `${text(trigger)} must be ${above ? 'above' : 'below'} the ${label} ${text(price)} for a ${posSide} position`);
    }
  };
  check(legs.tp, 'takeProfit');
  check(legs.sl, 'stopLoss');
}

/** Whether a leg fires at `price` (money units) for a position on `posSide`. */
export function legFires(inst: Instrument, leg: TpslLeg, name: LegName, posSide: PosSide, price: bigint): boolean {
  const trigger = BigInt(leg.priceTicks) * inst.tickMoney;
  const above = (name === 'takeProfit') === (posSide === 'long');
  return above ? price >= trigger : price <= trigger;
}

/** A TP or SL leg after a modify: the fields given over the leg it had; a new leg needs its trigger price. */
export function mergeLeg(inst: Instrument, had: TpslLeg | undefined, name: LegName, price: string | undefined, by: TriggerBy | undefined, type: OrderType | undefined, limit: string | undefined): TpslLeg | undefined {
  const prefix = name === 'takeProfit' ? 'tp' : 'sl';
  if (had === undefined && price === undefined) {
    if (by !== undefined || type !== undefined || limit !== undefined) throw paramError(name, `is required to add a ${name === 'takeProfit' ? 'take-profit' : 'stop-loss'}`);
    return undefined;
  }
  const orderType = type ?? had?.orderType ?? 'market';
  let limitTicks = 0;
  if (orderType === 'limit') {
    if (limit !== undefined) limitTicks = fieldTicks(inst, `${prefix}LimitPrice`, limit);
    else if (had?.orderType === 'limit') limitTicks = had.limitTicks;
    else throw paramError(`${prefix}LimitPrice`, `is required when ${prefix}OrderType is limit`);
  }
  const priceTicks = price !== undefined ? fieldTicks(inst, name, price) : had!.priceTicks;
  return { triggerBy: by ?? had?.triggerBy ?? 'market', priceTicks, orderType, limitTicks };
}
