// The matcher for one symbol: price-time priority over two MatchingBookSides, limit and market
// orders, every time-in-force, and self-trade prevention (spec 3.3). It trusts its input;
// MatchingEngine validates before calling in.
import { MatchingBookSide } from './matching-book-side';
import {
  BUY,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  STP_NONE,
  TIF_FOK,
  TIF_IOC,
  TIF_POST_ONLY,
} from './engine-codes';
import type { CancelReason, ModifyResult } from './engine-types';
import type { EventSink } from './event-sink';
import type { OrderNode } from './order-node';
import type { OrderRegistry } from './order-registry';

// Why a sweep stopped.
const SWEEP_FILLED = 0; // taker has nothing left
const SWEEP_PRICE = 1; // next level is beyond the taker's limit price
const SWEEP_EMPTY = 2; // no opposite liquidity left
const SWEEP_STP = 3; // self-trade prevention cancels the taker
const SWEEP_BUDGET = 4; // quote budget cannot buy one more lot at the next price

export const NO_BUDGET = -1;
const MARKET_BUY_LIMIT = Number.MAX_SAFE_INTEGER;
const MARKET_SELL_LIMIT = 0;

export class MatchingBook {
  readonly bids = new MatchingBookSide(BUY);
  readonly asks = new MatchingBookSide(1 - BUY);
  /** Unspent quote budget after the last budget sweep. */
  private budgetLeft = 0;

  constructor(
    readonly symbol: string,
    private readonly registry: OrderRegistry,
    private readonly sink: EventSink,
  ) {}

  placeLimit(taker: OrderNode): void {
    this.sink.accepted(this.symbol, taker.id);
    this.executeLimit(taker);
  }

  /** `budget` is a quote budget in tick-lot units, or NO_BUDGET when sized in `taker.lots`. */
  placeMarket(taker: OrderNode, budget: number): void {
    const symbol = this.symbol;
    const sink = this.sink;
    sink.accepted(symbol, taker.id);
    const opposite = taker.side === BUY ? this.asks : this.bids;
    const limit = taker.side === BUY ? MARKET_BUY_LIMIT : MARKET_SELL_LIMIT;
    const stop = this.sweep(taker, opposite, limit, budget);
    const remaining = budget === NO_BUDGET ? taker.lots - taker.filled : this.budgetLeft;
    if (stop === SWEEP_STP) sink.canceled(symbol, taker, 'stp', remaining);
    else if (stop === SWEEP_FILLED || (stop === SWEEP_BUDGET && taker.filled > 0)) sink.filled(symbol, taker);
    else sink.canceled(symbol, taker, 'market_no_liquidity', remaining);
    this.registry.pool.release(taker);
  }

  /** Cancels a resting order. */
  cancel(node: OrderNode, reason: CancelReason): void {
    const level = node.level!;
    const open = node.lots - node.filled;
    level.unlink(node, open);
    this.registry.forget(node);
    this.sink.canceled(this.symbol, node, reason, open);
    this.sink.levelChanged(this.symbol, level);
    if (level.orderCount === 0) (node.side === BUY ? this.bids : this.asks).remove(level);
    this.registry.pool.release(node);
  }

  /**
   * Changes a resting order. A smaller size at the same price keeps its place in the queue;
   * a new price or a larger size sends it to the back, and at a new price it may trade first.
   */
  modify(node: OrderNode, priceTicks: number, lots: number): ModifyResult {
    if (lots <= node.filled) return 'qty_not_above_filled';
    const symbol = this.symbol;
    const sink = this.sink;
    const level = node.level!;
    if (priceTicks === node.priceTicks && lots <= node.lots) {
      level.totalLots -= node.lots - lots;
      node.lots = lots;
      sink.modified(symbol, node, true);
      sink.levelChanged(symbol, level);
      return 'ok';
    }
    level.unlink(node, node.lots - node.filled);
    this.registry.forget(node);
    node.priceTicks = priceTicks;
    node.lots = lots;
    sink.modified(symbol, node, false);
    sink.levelChanged(symbol, level);
    if (level.orderCount === 0) (node.side === BUY ? this.bids : this.asks).remove(level);
    this.executeLimit(node);
    return 'ok';
  }

  /**
   * Whether `lots` could trade right now for a taker on `side` with limit `limitTicks`
   * (null: a market order), given the taker's STP: liquidity that STP would cancel does not
   * count, and with cancel_taker or cancel_both nothing beyond the first same-group maker does.
   */
  canFullyFill(side: number, limitTicks: number | null, lots: number, stpGroup: number, stpMode: number): boolean {
    const limit = limitTicks ?? (side === BUY ? MARKET_BUY_LIMIT : MARKET_SELL_LIMIT);
    return this.fillable(side === BUY ? this.asks : this.bids, side === BUY, limit, lots, stpGroup, stpMode);
  }

  /** Matches a limit order (new, or re-priced by modify) and then rests, cancels or completes it. */
  private executeLimit(taker: OrderNode): void {
    const symbol = this.symbol;
    const sink = this.sink;
    const buy = taker.side === BUY;
    const opposite = buy ? this.asks : this.bids;
    const tif = taker.tif;
    if (tif === TIF_POST_ONLY) {
      const best = opposite.best();
      if (best !== undefined && (buy ? best.priceTicks <= taker.priceTicks : best.priceTicks >= taker.priceTicks)) {
        return this.discard(taker, 'post_only');
      }
    } else if (tif === TIF_FOK) {
      const open = taker.lots - taker.filled;
      if (!this.fillable(opposite, buy, taker.priceTicks, open, taker.stpGroup, taker.stpMode)) {
        return this.discard(taker, 'fok');
      }
    }
    const stop = this.sweep(taker, opposite, taker.priceTicks, NO_BUDGET);
    if (stop === SWEEP_STP) return this.discard(taker, 'stp');
    if (stop === SWEEP_FILLED) {
      sink.filled(symbol, taker);
      this.registry.pool.release(taker);
      return;
    }
    if (tif === TIF_IOC) return this.discard(taker, 'ioc');
    // FOK was checked to fill completely above, so only gtc and post_only get here.
    const level = (buy ? this.bids : this.asks).getOrCreate(taker.priceTicks);
    level.append(taker, taker.lots - taker.filled);
    taker.book = this;
    this.registry.remember(taker);
    sink.rested(symbol, taker);
    sink.levelChanged(symbol, level);
  }

  /** Cancels a taker that is not in the book. */
  private discard(taker: OrderNode, reason: CancelReason): void {
    this.sink.canceled(this.symbol, taker, reason, taker.lots - taker.filled);
    this.registry.pool.release(taker);
  }

  /**
   * Trades `taker` against `opposite` from the best level while prices cross `limit`.
   * With a budget (>= 0) the size is the budget, not taker.lots; what is left of it ends in
   * `budgetLeft`. Each level the sweep touched gets one level_changed as the sweep leaves it.
   */
  private sweep(taker: OrderNode, opposite: MatchingBookSide, limit: number, budget: number): number {
    const symbol = this.symbol;
    const sink = this.sink;
    const registry = this.registry;
    const buy = taker.side === BUY;
    const stpMode = taker.stpMode;
    const stpGroup = taker.stpGroup;
    const byBudget = budget !== NO_BUDGET;
    let left = byBudget ? Number.MAX_SAFE_INTEGER : taker.lots - taker.filled;
    let stop = SWEEP_FILLED;
    for (;;) {
      if (left === 0) break;
      if (budget === 0) {
        stop = SWEEP_BUDGET;
        break;
      }
      const level = opposite.best();
      if (level === undefined) {
        stop = SWEEP_EMPTY;
        break;
      }
      const price = level.priceTicks;
      if (buy ? price > limit : price < limit) {
        stop = SWEEP_PRICE;
        break;
      }
      let touched = false;
      let maker = level.head;
      while (maker !== null && left > 0 && budget !== 0) {
        const next = maker.next;
        const makerOpen = maker.lots - maker.filled;
        if (stpMode !== STP_NONE && maker.stpGroup === stpGroup) {
          if (stpMode === STP_CANCEL_TAKER) {
            stop = SWEEP_STP;
            break;
          }
          touched = true;
          level.unlink(maker, makerOpen);
          registry.forget(maker);
          sink.canceled(symbol, maker, 'stp', makerOpen);
          registry.pool.release(maker);
          if (stpMode === STP_CANCEL_BOTH) {
            stop = SWEEP_STP;
            break;
          }
          maker = next;
          continue;
        }
        let qty = makerOpen < left ? makerOpen : left;
        if (byBudget) {
          const affordable = Math.floor(budget / price);
          if (affordable === 0) {
            stop = SWEEP_BUDGET;
            break;
          }
          if (affordable < qty) qty = affordable;
          budget -= qty * price;
        } else {
          left -= qty;
        }
        touched = true;
        maker.filled += qty;
        taker.filled += qty;
        level.totalLots -= qty;
        sink.fill(symbol, taker, maker, price, qty, byBudget ? budget : left);
        if (qty < makerOpen) continue; // a budget too small for this maker's rest stops at the next turn
        level.unlink(maker, 0);
        registry.forget(maker);
        registry.pool.release(maker);
        maker = next;
      }
      if (touched) sink.levelChanged(symbol, level);
      if (level.orderCount === 0) opposite.remove(level);
      if (stop !== SWEEP_FILLED) break;
    }
    this.budgetLeft = budget;
    return stop;
  }

  private fillable(
    opposite: MatchingBookSide,
    buy: boolean,
    limit: number,
    lots: number,
    stpGroup: number,
    stpMode: number,
  ): boolean {
    let need = lots;
    const levels = opposite.levels;
    for (let i = levels.length - 1; i >= 0; i--) {
      const level = levels[i]!;
      if (buy ? level.priceTicks > limit : level.priceTicks < limit) return false;
      if (stpMode === STP_NONE) {
        need -= level.totalLots;
        if (need <= 0) return true;
        continue;
      }
      for (let n = level.head; n !== null; n = n.next) {
        if (n.stpGroup === stpGroup) {
          if (stpMode === STP_CANCEL_MAKER) continue;
          return false; // matching would stop here (cancel_taker / cancel_both)
        }
        need -= n.lots - n.filled;
        if (need <= 0) return true;
      }
    }
    return false;
  }
}
