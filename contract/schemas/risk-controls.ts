// The one-click risk controls of the v3 trade API (trade.md: Cancel All Orders, Close All
// Positions, CountDown Cancel All): requests and answers, field by field from the docs.
import { z } from 'zod';
import { categories, ciEnum, posSide, symbol } from './common';

/** POST /api/v3/trade/cancel-symbol-order: every open order of a category, or of one symbol in it. */
export const cancelSymbolOrderRequest = z.strictObject({
  category: ciEnum(categories),
  /** Absent: every pending order of the category. */
  symbol: symbol.optional(),
});

/** Futures only: a position belongs to a futures category (trade.md, Close All Positions). */
export const futuresCategories = ['usdt-futures', 'coin-futures', 'usdc-futures'] as const;

/** POST /api/v3/trade/close-positions: at market, every position of a category, or of a symbol, or of one side. */
export const closePositionsRequest = z.strictObject({
  category: ciEnum(futuresCategories),
  symbol: symbol.optional(),
  posSide: posSide.optional(),
});

/** One order the control touched and what became of it (`code`/`msg` when it failed, trade.md). */
export const riskControlItem = z.object({
  orderId: z.string(),
  clientOid: z.string().optional().default(''),
  code: z.string().optional(),
  msg: z.string().optional(),
});
export type RiskControlItem = z.infer<typeof riskControlItem>;

/** The answer of cancel-symbol-order and close-positions. */
export const riskControlResult = z.object({ list: z.array(riskControlItem) });
export type RiskControlResult = z.infer<typeof riskControlResult>;

/**
 * POST /api/v3/trade/countdown-cancel-all: the dead-man's switch. A whole number of
 * seconds from 5 to 60 arms (or re-arms) it; 0 turns it off. The docs type it as a string.
 */
export const countdownCancelAllRequest = z.strictObject({
  countdown: z
    .string()
    .regex(/^\d{1,2}$/, 'must be a whole number of seconds')
    .refine((s) => s === '0' || (Number(s) >= 5 && Number(s) <= 60), 'must be 0 (off) or from 5 to 60 seconds'),
});
