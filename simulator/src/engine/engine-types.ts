// The engine's public vocabulary. Sides, time-in-force and STP modes use the exchange's
// own spellings (spec 2.8, spec 3.3) so the accounts layer passes them through unchanged;
// everything numeric is an integer count of ticks or lots (never a decimal string).
import type { sides, StpMode, timeInForces } from '@contract/schemas/common';

export type Side = (typeof sides)[number];
export type TimeInForce = (typeof timeInForces)[number];
export type { StpMode };

export type CancelReason =
  | 'cancel' // the owner (or the accounts layer) asked
  | 'ioc' // immediate-or-cancel remainder
  | 'fok' // fill-or-kill could not fill completely; nothing traded
  | 'post_only' // post-only would have taken liquidity
  | 'stp' // self-trade prevention, spec 3.3
  | 'market_no_liquidity'; // market order remainder with no opposite liquidity left

export interface LimitOrderInput {
  type: 'limit';
  orderId: string;
  /** The (sub-)account that owns the order; indexes ordersOf(). */
  accountId: number;
  /** The parent account's UID, shared by its sub-accounts: orders with equal groups self-trade. */
  stpGroup: number;
  /** Applied when this order is the taker; a resting order's own mode is ignored (spec 3.3). Default cancel_maker. */
  stpMode?: StpMode;
  side: Side;
  priceTicks: number;
  lots: number;
  /** Default gtc. */
  timeInForce?: TimeInForce;
}

export interface MarketOrderInput {
  type: 'market';
  orderId: string;
  accountId: number;
  stpGroup: number;
  stpMode?: StpMode;
  side: Side;
  /** Base-coin size in lots. Exactly one of `lots` and `quoteBudget` is given. */
  lots?: number;
  /**
   * Quote-coin size (spot market buys sized in quote), in units of one tick times one lot:
   * a fill of `l` lots at `p` ticks spends `p * l`. The caller converts the quote amount
   * with contract/core/decimal.ts, rounding down.
   */
  quoteBudget?: number;
}

export type OrderInput = LimitOrderInput | MarketOrderInput;

export interface ModifyInput {
  /** New limit price; omitted keeps the price. */
  priceTicks?: number;
  /** New total order size in lots (filled lots included); omitted keeps the size. */
  lots?: number;
}

/** Why a modify was refused; the accounts layer maps these to exchange error codes. */
export type ModifyRefusal = 'unknown_order' | 'qty_not_above_filled';
export type ModifyResult = 'ok' | ModifyRefusal;

export interface AcceptedEvent {
  type: 'accepted';
  symbol: string;
  orderId: string;
}

export interface FillEvent {
  type: 'fill';
  symbol: string;
  /** Engine-wide, strictly increasing; the caller turns it into a tradeId. */
  tradeSeq: number;
  takerId: string;
  makerId: string;
  takerSide: Side;
  priceTicks: number;
  lots: number;
  /** Maker lots still open after this fill; 0 means the maker is now filled and gone from the book. */
  makerRemaining: number;
  /** Taker lots still open after this fill; for a quote-budget market order, the unspent budget. */
  takerRemaining: number;
}

export interface CanceledEvent {
  type: 'canceled';
  symbol: string;
  orderId: string;
  reason: CancelReason;
  filledLots: number;
  /** Lots not filled; for a quote-budget market order, the unspent budget. */
  remaining: number;
}

export interface RestedEvent {
  type: 'rested';
  symbol: string;
  orderId: string;
  side: Side;
  priceTicks: number;
  filledLots: number;
  remainingLots: number;
}

/** The taker (a new or re-priced order) finished with nothing left: it is filled. */
export interface FilledEvent {
  type: 'filled';
  symbol: string;
  orderId: string;
  filledLots: number;
}

export interface ModifiedEvent {
  type: 'modified';
  symbol: string;
  orderId: string;
  priceTicks: number;
  lots: number;
  /** False when the order lost its time priority and is matched again as a taker. */
  keptPriority: boolean;
}

/** A price level's aggregate after a command touched it; totalLots 0 means the level is gone. */
export interface LevelChangedEvent {
  type: 'level_changed';
  symbol: string;
  side: Side;
  priceTicks: number;
  totalLots: number;
  orderCount: number;
}

/**
 * Event objects are reused: one instance per type, overwritten by the next event.
 * A listener that keeps an event must copy it.
 */
export type EngineEvent =
  | AcceptedEvent
  | FillEvent
  | CanceledEvent
  | RestedEvent
  | FilledEvent
  | ModifiedEvent
  | LevelChangedEvent;

export type EngineListener = (event: EngineEvent) => void;

export interface RestingOrderView {
  orderId: string;
  symbol: string;
  accountId: number;
  stpGroup: number;
  side: Side;
  timeInForce: TimeInForce;
  priceTicks: number;
  lots: number;
  filledLots: number;
  remainingLots: number;
}

/** One price level of a matching book, in integer ticks and lots (the wire's DepthLevel is the contract's, in decimals). */
export interface TickLevel {
  priceTicks: number;
  totalLots: number;
  orderCount: number;
}
