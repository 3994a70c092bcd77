/**
 * The simulator's matching engine: one order book per symbol, price-time priority, and
 * nothing else. It knows no fees, balances or decimals; the accounts layer converts prices
 * to integer ticks and sizes to integer lots (contract/core/decimal.ts), locks balances, calls
 * in, and turns the events that come out into order states (spec 3.1), fills, fees and
 * WebSocket pushes.
 *
 * Commands (all synchronous; all events of a command are delivered before it returns):
 * - `addSymbol(symbol)` once per instrument.
 * - `submit(symbol, order)`: a limit order (timeInForce gtc | ioc | fok | post_only) or a
 *   market order sized in base lots or in a quote budget (tick x lot units). Throws
 *   EngineInputError, before changing anything, on input the caller should have validated.
 * - `cancel(orderId)`: false when the order is not resting (unknown, filled or canceled).
 * - `modify(orderId, {priceTicks?, lots?})`: `lots` is the new TOTAL size. A smaller size at
 *   the same price keeps time priority; a new price or a larger size goes to the back of the
 *   queue and, at a crossing price, trades first as a taker. Returns 'ok', 'unknown_order'
 *   or 'qty_not_above_filled' (nothing changes on a refusal).
 *
 * Events, in order, through the listener from `setListener`:
 * - `accepted` once per submitted order, before it matches (spec 3.1: live -> new).
 * - `fill` per trade, with an engine-wide increasing `tradeSeq`. `makerRemaining` 0 means the
 *   maker is filled and has left the book.
 * - `canceled` with a reason: cancel | ioc | fok | post_only | stp | market_no_liquidity.
 *   A maker removed by STP gets one too, in the middle of the taker's fills.
 * - `modified` when a modify is applied, before any trading it causes.
 * - `level_changed` {side, priceTicks, totalLots, orderCount} once per touched level per
 *   command (totalLots 0: the level is gone), so the depth publisher diffs without rescans.
 * - Every new or re-priced order ends with exactly one of `rested`, `filled` or `canceled`.
 * Event objects are reused (no allocation per fill): valid only during the callback; copy
 * what you keep. The listener must not call engine commands (they throw; queue them for
 * after the command returns) and must not throw: an exception thrown mid-match leaves that
 * book inconsistent.
 *
 * Self-trade prevention (spec 3.3): orders whose `stpGroup` (the parent UID, shared by its
 * sub-accounts) are equal never trade unless the taker's stpMode is 'none'. cancel_maker
 * (default) cancels the resting order and keeps matching; cancel_taker cancels the taker's
 * remainder and keeps the maker; cancel_both cancels both. The resting order's mode is
 * ignored. FOK counts only liquidity it could really take under its STP mode, so a FOK
 * either fills completely or leaves the book untouched. post_only is judged against the
 * best opposite price alone.
 *
 * Market orders never rest; whatever cannot trade is canceled with 'market_no_liquidity'.
 * A quote-budget market order that spent its budget down to less than one lot at the next
 * price is 'filled'.
 *
 * Queries: bestBid/bestAsk, depth(symbol, side, n), queue(symbol, side, priceTicks),
 * order(orderId), ordersOf(accountId),
 * canFullyFill(symbol, side, priceTicks | null, lots, stp?), lastTradeSeq.
 *
 * Cost: cancel and modify are O(1) plus, when a price level empties or appears, a binary
 * search and a short array move near the top of the book; a fill costs O(1). Orders and
 * levels come from pools, so steady-state matching creates no garbage per order.
 */
import {
  BUY,
  SELL,
  SIDE_NAMES,
  STP_CANCEL_BOTH,
  STP_CANCEL_MAKER,
  STP_CANCEL_TAKER,
  STP_NAMES,
  STP_NONE,
  TIF_FOK,
  TIF_GTC,
  TIF_IOC,
  TIF_NAMES,
  TIF_POST_ONLY,
} from './engine-codes';
import { EngineInputError } from './engine-input-error';
import type {
  TickLevel,
  EngineListener,
  ModifyInput,
  ModifyResult,
  OrderInput,
  RestingOrderView,
  Side,
  StpMode,
  TimeInForce,
} from './engine-types';
import { EventSink } from './event-sink';
import { NO_BUDGET, MatchingBook } from './matching-book';
import type { OrderNode } from './order-node';
import { OrderRegistry } from './order-registry';

export interface MatchingEngineOptions {
  /** Symbols to create books for up front. */
  symbols?: readonly string[];
  /** The first fill's tradeSeq (default 1), e.g. to continue a sequence after a restart. */
  firstTradeSeq?: number;
}

export class MatchingEngine {
  private readonly books = new Map<string, MatchingBook>();
  private readonly registry = new OrderRegistry();
  private readonly sink: EventSink;
  private busy = false;

  constructor(options: MatchingEngineOptions = {}) {
    const first = options.firstTradeSeq ?? 1;
    requireCount('firstTradeSeq', first);
    this.sink = new EventSink(first);
    for (const symbol of options.symbols ?? []) this.addSymbol(symbol);
  }

  setListener(listener: EngineListener | null): void {
    this.sink.listener = listener;
  }

  addSymbol(symbol: string): void {
    if (typeof symbol !== 'string' || symbol === '') throw new EngineInputError('symbol', 'must be a non-empty string');
    if (!this.books.has(symbol)) this.books.set(symbol, new MatchingBook(symbol, this.registry, this.sink));
  }

  hasSymbol(symbol: string): boolean {
    return this.books.has(symbol);
  }

  /** The tradeSeq of the last fill (firstTradeSeq - 1 before any fill). */
  get lastTradeSeq(): number {
    return this.sink.tradeSeq;
  }

  submit(symbol: string, order: OrderInput): void {
    const book = this.bookOf(symbol);
    if (typeof order.orderId !== 'string' || order.orderId === '') {
      throw new EngineInputError('orderId', 'must be a non-empty string');
    }
    if (this.registry.byId.has(order.orderId)) {
      throw new EngineInputError('orderId', `order ${order.orderId} is already resting`);
    }
    requireId('accountId', order.accountId);
    requireId('stpGroup', order.stpGroup);
    const side = sideCode(order.side);
    const stpMode = stpCode(order.stpMode);
    if (order.type === 'limit') {
      requireCount('priceTicks', order.priceTicks);
      requireCount('lots', order.lots);
      const tif = tifCode(order.timeInForce);
      this.enter();
      try {
        book.placeLimit(this.newNode(order.orderId, order.accountId, order.stpGroup, stpMode, side, tif, order.priceTicks, order.lots));
      } finally {
        this.busy = false;
      }
    } else if (order.type === 'market') {
      const byLots = order.lots !== undefined;
      if (byLots === (order.quoteBudget !== undefined)) {
        throw new EngineInputError('lots', 'a market order needs exactly one of lots and quoteBudget');
      }
      if (byLots) requireCount('lots', order.lots);
      else requireCount('quoteBudget', order.quoteBudget);
      this.enter();
      try {
        const node = this.newNode(order.orderId, order.accountId, order.stpGroup, stpMode, side, TIF_IOC, 0, order.lots ?? 0);
        book.placeMarket(node, byLots ? NO_BUDGET : order.quoteBudget!);
      } finally {
        this.busy = false;
      }
    } else {
      throw new EngineInputError('type', `unknown order type ${String((order as { type: unknown }).type)}`);
    }
  }

  cancel(orderId: string): boolean {
    const node = this.registry.byId.get(orderId);
    if (node === undefined) return false;
    this.enter();
    try {
      node.book!.cancel(node, 'cancel');
    } finally {
      this.busy = false;
    }
    return true;
  }

  modify(orderId: string, change: ModifyInput): ModifyResult {
    const node = this.registry.byId.get(orderId);
    if (node === undefined) return 'unknown_order';
    const priceTicks = change.priceTicks ?? node.priceTicks;
    const lots = change.lots ?? node.lots;
    requireCount('priceTicks', priceTicks);
    requireCount('lots', lots);
    this.enter();
    try {
      return node.book!.modify(node, priceTicks, lots);
    } finally {
      this.busy = false;
    }
  }

  bestBid(symbol: string): number | null {
    return this.bookOf(symbol).bids.best()?.priceTicks ?? null;
  }

  bestAsk(symbol: string): number | null {
    return this.bookOf(symbol).asks.best()?.priceTicks ?? null;
  }

  /** The best `n` aggregated levels of one side, best first. */
  depth(symbol: string, side: Side, n: number): TickLevel[] {
    const book = this.bookOf(symbol);
    return (sideCode(side) === BUY ? book.bids : book.asks).top(n);
  }

  /** The ids resting at one price, in time priority (head first); empty when no level. */
  queue(symbol: string, side: Side, priceTicks: number): string[] {
    const book = this.bookOf(symbol);
    const level = (sideCode(side) === BUY ? book.bids : book.asks).get(priceTicks);
    const ids: string[] = [];
    for (let n = level?.head ?? null; n !== null; n = n.next) ids.push(n.id);
    return ids;
  }

  /** A resting order; undefined once it is filled or canceled (or was never known). */
  order(orderId: string): RestingOrderView | undefined {
    const node = this.registry.byId.get(orderId);
    return node === undefined ? undefined : view(node);
  }

  /** The resting orders of one (sub-)account, across all symbols, oldest first; a scan of all resting orders. */
  ordersOf(accountId: number): RestingOrderView[] {
    return this.registry.ofAccount(accountId).map(view);
  }

  /**
   * Whether a taker could fill `lots` completely right now at `priceTicks` or better
   * (null: at any price), counting only liquidity its STP mode would let it take.
   */
  canFullyFill(
    symbol: string,
    side: Side,
    priceTicks: number | null,
    lots: number,
    stp: { stpGroup: number; stpMode?: StpMode } | null = null,
  ): boolean {
    const book = this.bookOf(symbol);
    if (priceTicks !== null) requireCount('priceTicks', priceTicks);
    requireCount('lots', lots);
    return book.canFullyFill(sideCode(side), priceTicks, lots, stp?.stpGroup ?? 0, stp === null ? STP_NONE : stpCode(stp.stpMode));
  }

  private bookOf(symbol: string): MatchingBook {
    const book = this.books.get(symbol);
    if (book === undefined) throw new EngineInputError('symbol', `unknown symbol ${symbol}`);
    return book;
  }

  private enter(): void {
    if (this.busy) throw new Error('MatchingEngine: commands may not be issued from inside an event listener');
    this.busy = true;
  }

  private newNode(
    id: string,
    accountId: number,
    stpGroup: number,
    stpMode: number,
    side: number,
    tif: number,
    priceTicks: number,
    lots: number,
  ): OrderNode {
    const node = this.registry.pool.acquire();
    node.id = id;
    node.accountId = accountId;
    node.stpGroup = stpGroup;
    node.stpMode = stpMode;
    node.side = side;
    node.tif = tif;
    node.priceTicks = priceTicks;
    node.lots = lots;
    node.filled = 0;
    return node;
  }
}

function view(node: OrderNode): RestingOrderView {
  return {
    orderId: node.id,
    symbol: node.book!.symbol,
    accountId: node.accountId,
    stpGroup: node.stpGroup,
    side: SIDE_NAMES[node.side]!,
    timeInForce: TIF_NAMES[node.tif]!,
    priceTicks: node.priceTicks,
    lots: node.lots,
    filledLots: node.filled,
    remainingLots: node.lots - node.filled,
  };
}

function requireCount(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) {
    throw new EngineInputError(field, `must be a positive safe integer, got ${String(value)}`);
  }
}

function requireId(field: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new EngineInputError(field, `must be a non-negative safe integer, got ${String(value)}`);
  }
}

function sideCode(side: Side): number {
  if (side === 'buy') return BUY;
  if (side === 'sell') return SELL;
  throw new EngineInputError('side', `must be buy or sell, got ${String(side)}`);
}

function tifCode(tif: TimeInForce | undefined): number {
  switch (tif) {
    case undefined:
    case 'gtc':
      return TIF_GTC;
    case 'ioc':
      return TIF_IOC;
    case 'fok':
      return TIF_FOK;
    case 'post_only':
      return TIF_POST_ONLY;
    default:
      throw new EngineInputError('timeInForce', `must be one of ${TIF_NAMES.join(', ')}, got ${String(tif)}`);
  }
}

function stpCode(mode: StpMode | undefined): number {
  switch (mode) {
    case undefined:
    case 'cancel_maker':
      return STP_CANCEL_MAKER;
    case 'none':
      return STP_NONE;
    case 'cancel_taker':
      return STP_CANCEL_TAKER;
    case 'cancel_both':
      return STP_CANCEL_BOTH;
    default:
      throw new EngineInputError('stpMode', `must be one of ${STP_NAMES.join(', ')}, got ${String(mode)}`);
  }
}
