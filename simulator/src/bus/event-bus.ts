/**
 * The simulator's event bus: every state change is an event, emitted synchronously and in
 * the order the changes happen, after the state it describes is in place. REST handlers
 * read the same state, so a WebSocket push built from an event can never disagree with a
 * REST answer given after it (ARCHITECTURE.md "Simulator", spec 6.2).
 *
 * Event types (for the WebSocket layer):
 * - `order`     an order record changed: a state transition of spec 3.1 (live, new,
 *               partially_filled, filled, canceled with cancelSource), a fill's cumulative
 *               fields, or a modification. `order` is the full record as REST returns it;
 *               `push` the same order as the `order` channel sends it (websocket.md);
 *               `previousState` is null for the first (live) push. One event per change;
 *               a fill emits its `fill` event first, then the `order` event.
 * - `fill`      one side of one trade, for its owner: `tradeId` (shared by maker and taker)
 *               and the fill record of GET /api/v3/trade/fills, with the position side
 *               (`holdSide`) and `tradeSide` (open/close) of a futures fill ('' otherwise).
 * - `balance`   a coin of an account's unified balance changed (lock, unlock, settlement,
 *               fee, transfer): the coin's new balance, available and locked.
 * - `position`  a USDT-futures position changed (open, close, flip, mark-price update);
 *               `position.total` "0" means it is now closed.
 * - `settings`  hold mode or leverage changed.
 * - `strategy-order` a strategy order (take-profit / stop-loss, trigger) was placed,
 *               modified, fired or cancelled: `push` as the strategy-order channel sends it.
 * - `book.level` one aggregated price level of a public book after a command touched it;
 *               size "0" means the level is gone. Spot and margin share the spot book.
 * - `book.settled` the end of one engine command that changed this book: a good moment to
 *               publish an incremental depth push (all its `book.level` events came before).
 * - `trade`     a public trade (taker side, price, size).
 * - `mark`      a new mark price for a futures symbol.
 *
 * Listeners run inside simulator commands: they must not call back into trading services
 * synchronously (queue the work, e.g. with queueMicrotask). A listener that throws is
 * reported and does not stop the others.
 *
 * Events of one account (`uid`) may be listened to for some accounts only (`on`'s
 * `accepts`); an emitter asks `wants(type, uid)` before building such an event, so an
 * account nobody watches (the market maker, thousands of commands a second) costs no order
 * record or balance text.
 */
import type { TradedCategory } from '@contract/schemas/common';
import type { z } from 'zod';
import type { OrderState } from '@contract/schemas/common';
import type { fillRecord, OrderRecordInput } from '@contract/schemas/orders';
import type { position } from '@contract/schemas/account';

export type FillRecordInput = z.input<typeof fillRecord>;
export type PositionRecordInput = z.input<typeof position>;

export type SimEvent =
  | { type: 'order'; uid: number; ts: number; previousState: OrderState | null; order: OrderRecordInput; push: Record<string, unknown> }
  | { type: 'fill'; uid: number; ts: number; tradeId: string; fill: FillRecordInput; holdSide: string; tradeSide: string }
  | { type: 'balance'; uid: number; ts: number; coin: string; balance: string; available: string; locked: string }
  | { type: 'position'; uid: number; ts: number; position: PositionRecordInput }
  | { type: 'settings'; uid: number; ts: number; change: 'holdMode' | 'leverage' }
  | { type: 'strategy-order'; uid: number; ts: number; push: Record<string, unknown> }
  | {
      type: 'book.level';
      ts: number;
      category: TradedCategory;
      symbol: string;
      side: 'bid' | 'ask';
      price: string;
      size: string;
      orderCount: number;
      priceTicks: number;
      lots: number;
    }
  | { type: 'book.settled'; ts: number; category: TradedCategory; symbol: string }
  | { type: 'trade'; ts: number; category: TradedCategory; symbol: string; tradeId: string; side: 'buy' | 'sell'; price: string; size: string; priceTicks: number; lots: number }
  | { type: 'mark'; ts: number; category: 'usdt-futures'; symbol: string; markPrice: string };

export type SimEventType = SimEvent['type'];
export type SimEventOf<T extends SimEventType> = Extract<SimEvent, { type: T }>;
type Listener<E> = (event: E) => void;
/** The event types that belong to one account. */
export type AccountEventType = { [T in SimEventType]: SimEventOf<T> extends { uid: number } ? T : never }[SimEventType];
/** Which accounts a listener wants events of. */
export type AccountFilter = (uid: number) => boolean;

export class EventBus {
  private readonly byType = new Map<SimEventType, Set<Listener<SimEvent>>>();
  private readonly any = new Set<Listener<SimEvent>>();
  private readonly filters = new Map<Listener<SimEvent>, AccountFilter>();

  constructor(private readonly onListenerError: (error: unknown, event: SimEvent) => void = (e) => console.error('simulator bus listener failed', e)) {}

  /**
   * Subscribes to one event type; returns the unsubscribe function. With `accepts` (account
   * event types only), the listener gets the events of the accounts it accepts, and the
   * others may not be built at all.
   */
  on<T extends SimEventType>(type: T, listener: Listener<SimEventOf<T>>, accepts?: T extends AccountEventType ? AccountFilter : never): () => void {
    let set = this.byType.get(type);
    if (!set) {
      set = new Set();
      this.byType.set(type, set);
    }
    // A wrapper per subscription, so the same function subscribed twice stays two listeners.
    const l: Listener<SimEvent> = accepts === undefined ? (listener as Listener<SimEvent>) : (e) => listener(e as SimEventOf<T>);
    if (accepts !== undefined) this.filters.set(l, accepts);
    set.add(l);
    return () => {
      set.delete(l);
      this.filters.delete(l);
    };
  }

  /** Whether any listener wants `type` events of account `uid` (emitters skip building the others). */
  wants(type: AccountEventType, uid: number): boolean {
    if (this.any.size > 0) return true;
    const set = this.byType.get(type);
    if (set === undefined) return false;
    for (const l of set) {
      const accepts = this.filters.get(l);
      if (accepts === undefined || accepts(uid)) return true;
    }
    return false;
  }

  /** Subscribes to every event, in emission order. */
  onAny(listener: Listener<SimEvent>): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }

  emit(event: SimEvent): void {
    const set = this.byType.get(event.type);
    if (set) {
      for (const l of set) {
        const accepts = this.filters.size === 0 ? undefined : this.filters.get(l);
        if (accepts === undefined || accepts((event as { uid: number }).uid)) this.deliver(l, event);
      }
    }
    for (const l of this.any) this.deliver(l, event);
  }

  private deliver(l: Listener<SimEvent>, event: SimEvent): void {
    try {
      l(event);
    } catch (error) {
      this.onListenerError(error, event);
    }
  }
}
