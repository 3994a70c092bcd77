// Delivers engine events to the one installed listener. Each event type has a single
// reused object, so matching allocates nothing per fill; the listener must copy what it
// keeps. While the listener runs, the engine refuses re-entrant commands: a command issued
// from inside a callback would overwrite the events and the book mid-match.
import { SIDE_NAMES } from './engine-codes';
import type {
  AcceptedEvent,
  CancelReason,
  CanceledEvent,
  EngineListener,
  FillEvent,
  FilledEvent,
  LevelChangedEvent,
  ModifiedEvent,
  RestedEvent,
} from './engine-types';
import type { OrderNode } from './order-node';
import type { PriceLevel } from './price-level';

export class EventSink {
  listener: EngineListener | null = null;
  tradeSeq: number;

  private readonly acceptedEvent: AcceptedEvent = { type: 'accepted', symbol: '', orderId: '' };
  private readonly fillEvent: FillEvent = {
    type: 'fill', symbol: '', tradeSeq: 0, takerId: '', makerId: '', takerSide: 'buy',
    priceTicks: 0, lots: 0, makerRemaining: 0, takerRemaining: 0,
  };
  private readonly canceledEvent: CanceledEvent = {
    type: 'canceled', symbol: '', orderId: '', reason: 'cancel', filledLots: 0, remaining: 0,
  };
  private readonly restedEvent: RestedEvent = {
    type: 'rested', symbol: '', orderId: '', side: 'buy', priceTicks: 0, filledLots: 0, remainingLots: 0,
  };
  private readonly filledEvent: FilledEvent = { type: 'filled', symbol: '', orderId: '', filledLots: 0 };
  private readonly modifiedEvent: ModifiedEvent = {
    type: 'modified', symbol: '', orderId: '', priceTicks: 0, lots: 0, keptPriority: true,
  };
  private readonly levelEvent: LevelChangedEvent = {
    type: 'level_changed', symbol: '', side: 'buy', priceTicks: 0, totalLots: 0, orderCount: 0,
  };

  constructor(firstTradeSeq: number) {
    this.tradeSeq = firstTradeSeq - 1;
  }

  accepted(symbol: string, orderId: string): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.acceptedEvent;
    e.symbol = symbol;
    e.orderId = orderId;
    listener(e);
  }

  /** Numbers the trade (even with no listener, so sequence numbers never depend on who listens). */
  fill(symbol: string, taker: OrderNode, maker: OrderNode, priceTicks: number, lots: number, takerRemaining: number): void {
    const seq = ++this.tradeSeq;
    const listener = this.listener;
    if (listener === null) return;
    const e = this.fillEvent;
    e.symbol = symbol;
    e.tradeSeq = seq;
    e.takerId = taker.id;
    e.makerId = maker.id;
    e.takerSide = SIDE_NAMES[taker.side]!;
    e.priceTicks = priceTicks;
    e.lots = lots;
    e.makerRemaining = maker.lots - maker.filled;
    e.takerRemaining = takerRemaining;
    listener(e);
  }

  canceled(symbol: string, node: OrderNode, reason: CancelReason, remaining: number): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.canceledEvent;
    e.symbol = symbol;
    e.orderId = node.id;
    e.reason = reason;
    e.filledLots = node.filled;
    e.remaining = remaining;
    listener(e);
  }

  rested(symbol: string, node: OrderNode): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.restedEvent;
    e.symbol = symbol;
    e.orderId = node.id;
    e.side = SIDE_NAMES[node.side]!;
    e.priceTicks = node.priceTicks;
    e.filledLots = node.filled;
    e.remainingLots = node.lots - node.filled;
    listener(e);
  }

  filled(symbol: string, node: OrderNode): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.filledEvent;
    e.symbol = symbol;
    e.orderId = node.id;
    e.filledLots = node.filled;
    listener(e);
  }

  modified(symbol: string, node: OrderNode, keptPriority: boolean): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.modifiedEvent;
    e.symbol = symbol;
    e.orderId = node.id;
    e.priceTicks = node.priceTicks;
    e.lots = node.lots;
    e.keptPriority = keptPriority;
    listener(e);
  }

  levelChanged(symbol: string, level: PriceLevel): void {
    const listener = this.listener;
    if (listener === null) return;
    const e = this.levelEvent;
    e.symbol = symbol;
    e.side = SIDE_NAMES[level.side]!;
    e.priceTicks = level.priceTicks;
    e.totalLots = level.totalLots;
    e.orderCount = level.orderCount;
    listener(e);
  }
}
