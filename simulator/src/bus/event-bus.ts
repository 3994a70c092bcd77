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
 *               `previousState` is null for the first (live) push. One event per change;
 *               a fill emits its `fill` event first, then the `order` event.
 * - `fill`      one side of one trade, for its owner: `tradeId` (shared by maker and taker)
 *               and the fill record of GET /api/v3/trade/fills.
 * - `balance`   a coin of an account's unified balance changed (lock, unlock, settlement,
 *               fee, transfer): the coin's new balance, available and locked.
 * - `position`  a USDT-futures position changed (open, close, flip, mark-price update);
 *               `position.total` "0" means it is now closed.
 * - `settings`  hold mode or leverage changed.
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
 */
import type { z } from 'zod';
import type { OrderState } from '@contract/schemas/common';
import type { fillRecord, OrderRecordInput } from '@contract/schemas/orders';
import type { position } from '@contract/schemas/account';
import type { SimCategory } from '../instruments/instrument-specs';

export type FillRecordInput = z.input<typeof fillRecord>;
export type PositionRecordInput = z.input<typeof position>;

export type SimEvent =
  | { type: 'order'; uid: number; ts: number; previousState: OrderState | null; order: OrderRecordInput }
  | { type: 'fill'; uid: number; ts: number; tradeId: string; fill: FillRecordInput }
  | { type: 'balance'; uid: number; ts: number; coin: string; balance: string; available: string; locked: string }
  | { type: 'position'; uid: number; ts: number; position: PositionRecordInput }
  | { type: 'settings'; uid: number; ts: number; change: 'holdMode' | 'leverage' }
  | {
      type: 'book.level';
      ts: number;
      category: SimCategory;
      symbol: string;
      side: 'bid' | 'ask';
      price: string;
      size: string;
      orderCount: number;
      priceTicks: number;
      lots: number;
    }
  | { type: 'book.settled'; ts: number; category: SimCategory; symbol: string }
  | { type: 'trade'; ts: number; category: SimCategory; symbol: string; tradeId: string; side: 'buy' | 'sell'; price: string; size: string }
  | { type: 'mark'; ts: number; category: 'usdt-futures'; symbol: string; markPrice: string };

export type SimEventType = SimEvent['type'];
export type SimEventOf<T extends SimEventType> = Extract<SimEvent, { type: T }>;
type Listener<E> = (event: E) => void;

export class EventBus {
  private readonly byType = new Map<SimEventType, Set<Listener<SimEvent>>>();
  private readonly any = new Set<Listener<SimEvent>>();

  constructor(private readonly onListenerError: (error: unknown, event: SimEvent) => void = (e) => console.error('simulator bus listener failed', e)) {}

  /** Subscribes to one event type; returns the unsubscribe function. */
  on<T extends SimEventType>(type: T, listener: Listener<SimEventOf<T>>): () => void {
    let set = this.byType.get(type);
    if (!set) {
      set = new Set();
      this.byType.set(type, set);
    }
    const l = listener as Listener<SimEvent>;
    set.add(l);
    return () => set.delete(l);
  }

  /** Subscribes to every event, in emission order. */
  onAny(listener: Listener<SimEvent>): () => void {
    this.any.add(listener);
    return () => this.any.delete(listener);
  }

  emit(event: SimEvent): void {
    const set = this.byType.get(event.type);
    if (set) for (const l of set) this.deliver(l, event);
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
