// Take-profit / stop-loss: the words and the eight fields place-order takes as presets
// (trade.md "Place Order") and the strategy orders take and answer (strategy.md). Declared
// once here; orders.ts and strategy-orders.ts build on them.
import { z } from 'zod';
import { orderType, positiveDecimalString } from './common';

/** Which price a trigger watches: `market` the last traded price, `mark` the mark price (default `market`). */
export const triggerBys = ['market', 'mark'] as const;
export const triggerBy = z.enum(triggerBys);
export type TriggerBy = (typeof triggerBys)[number];

/** Strategy type: `tpsl` take-profit and stop-loss (the default), `trigger` a trigger order. */
export const strategyTypes = ['tpsl', 'trigger'] as const;
export const strategyType = z.enum(strategyTypes);
export type StrategyType = (typeof strategyTypes)[number];

/** `full`: the whole position (the default); `partial`: `qty` of it. */
export const tpslModes = ['full', 'partial'] as const;
export const tpslMode = z.enum(tpslModes);
export type TpslMode = (typeof tpslModes)[number];

/** A strategy order's status (strategy.md; the live spelling `cancelled` in both dialects: the seed has no word of its own). */
export const strategyStatuses = ['pending', 'success', 'failed', 'cancelled', 'submitting'] as const;
export const strategyStatus = z.enum(strategyStatuses);
export type StrategyStatus = (typeof strategyStatuses)[number];
/** Statuses of a strategy order that may still trigger: unfilled-strategy-orders lists these, history the rest. */
export const openStrategyStatuses: readonly StrategyStatus[] = ['pending', 'submitting'];
export const isOpenStrategyStatus = (s: StrategyStatus): boolean => openStrategyStatuses.includes(s);

/** Which side of a TP/SL strategy fired (history-strategy-orders, the strategy-order push). */
export const strategyTriggerTypes = ['takeProfit', 'stopLoss'] as const;
export const strategyTriggerType = z.enum(strategyTriggerTypes);
export type StrategyTriggerType = (typeof strategyTriggerTypes)[number];

/** The eight TP/SL fields, as place-order (presets) and the strategy orders take them. */
export const tpslFields = {
  tpTriggerBy: triggerBy.optional(),
  slTriggerBy: triggerBy.optional(),
  takeProfit: positiveDecimalString.optional(),
  stopLoss: positiveDecimalString.optional(),
  tpOrderType: orderType.optional(),
  slOrderType: orderType.optional(),
  /** Only for tpOrderType=limit; ignored for market (docs). */
  tpLimitPrice: positiveDecimalString.optional(),
  slLimitPrice: positiveDecimalString.optional(),
};

export type TpslInput = { [K in keyof typeof tpslFields]?: z.infer<(typeof tpslFields)[K]> | undefined };

/** A limit TP or SL needs the price it executes at; an execution price needs the trigger it belongs to. */
export function tpslRule(o: TpslInput, ctx: z.RefinementCtx): void {
  if (o.tpOrderType === 'limit' && o.tpLimitPrice === undefined) {
    ctx.addIssue({ code: 'custom', path: ['tpLimitPrice'], message: 'is required when tpOrderType is limit' });
  }
  if (o.slOrderType === 'limit' && o.slLimitPrice === undefined) {
    ctx.addIssue({ code: 'custom', path: ['slLimitPrice'], message: 'is required when slOrderType is limit' });
  }
  if (o.tpLimitPrice !== undefined && o.takeProfit === undefined) {
    ctx.addIssue({ code: 'custom', path: ['takeProfit'], message: 'is required with tpLimitPrice' });
  }
  if (o.slLimitPrice !== undefined && o.stopLoss === undefined) {
    ctx.addIssue({ code: 'custom', path: ['stopLoss'], message: 'is required with slLimitPrice' });
  }
}

/** True when a request carries a take-profit or a stop-loss. */
export function hasTpsl(o: TpslInput): boolean {
  return o.takeProfit !== undefined || o.stopLoss !== undefined;
}
