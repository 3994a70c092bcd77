// A deliberately naive matcher, the reference the property test compares the engine with.
// It keeps resting orders in one flat array and, for every single trade, filters and sorts
// it to find the best maker. Fill-or-kill is decided by matching on a deep copy and keeping
// the copy only if the order filled completely, so it shares no fillability logic with the
// engine. Slow and obviously right is the point.
import type { CancelReason, ModifyInput, ModifyResult, OrderInput, Side, StpMode, TimeInForce } from '../engine-types';

export type NaiveOutcome =
  | { kind: 'fill'; takerId: string; makerId: string; priceTicks: number; lots: number }
  | { kind: 'canceled'; orderId: string; reason: CancelReason; filledLots: number; remaining: number }
  | { kind: 'rested'; orderId: string; priceTicks: number; remainingLots: number }
  | { kind: 'filled'; orderId: string; filledLots: number };

interface NaiveOrder {
  id: string;
  stpGroup: number;
  stpMode: StpMode;
  side: Side;
  tif: TimeInForce;
  priceTicks: number;
  lots: number;
  filled: number;
  /** Time priority: lower is older. */
  priority: number;
}

type Stop = 'filled' | 'exhausted' | 'stp' | 'budget';

interface State {
  resting: NaiveOrder[];
  outcomes: NaiveOutcome[];
}

export class NaiveMatcher {
  private state: State = { resting: [], outcomes: [] };
  private clock = 0;

  get outcomes(): NaiveOutcome[] {
    return this.state.outcomes;
  }

  submit(input: OrderInput): void {
    const order: NaiveOrder = {
      id: input.orderId,
      stpGroup: input.stpGroup,
      stpMode: input.stpMode ?? 'cancel_maker',
      side: input.side,
      tif: input.type === 'limit' ? (input.timeInForce ?? 'gtc') : 'ioc',
      priceTicks: input.type === 'limit' ? input.priceTicks : 0,
      lots: input.lots ?? 0,
      filled: 0,
      priority: 0,
    };
    if (input.type === 'limit') {
      this.executeLimit(order);
      return;
    }
    const budget = input.quoteBudget ?? null;
    const result = match(this.state, order, null, budget);
    const remaining = budget === null ? order.lots - order.filled : result.budget!;
    if (result.stop === 'stp') this.emit({ kind: 'canceled', orderId: order.id, reason: 'stp', filledLots: order.filled, remaining });
    else if (result.stop === 'filled' || (result.stop === 'budget' && order.filled > 0)) {
      this.emit({ kind: 'filled', orderId: order.id, filledLots: order.filled });
    } else this.emit({ kind: 'canceled', orderId: order.id, reason: 'market_no_liquidity', filledLots: order.filled, remaining });
  }

  cancel(orderId: string): boolean {
    const order = this.state.resting.find((o) => o.id === orderId);
    if (!order) return false;
    this.state.resting = this.state.resting.filter((o) => o !== order);
    this.emit({ kind: 'canceled', orderId, reason: 'cancel', filledLots: order.filled, remaining: order.lots - order.filled });
    return true;
  }

  modify(orderId: string, change: ModifyInput): ModifyResult {
    const order = this.state.resting.find((o) => o.id === orderId);
    if (!order) return 'unknown_order';
    const priceTicks = change.priceTicks ?? order.priceTicks;
    const lots = change.lots ?? order.lots;
    if (lots <= order.filled) return 'qty_not_above_filled';
    if (priceTicks === order.priceTicks && lots <= order.lots) {
      order.lots = lots;
      return 'ok';
    }
    this.state.resting = this.state.resting.filter((o) => o !== order);
    order.priceTicks = priceTicks;
    order.lots = lots;
    this.executeLimit(order);
    return 'ok';
  }

  /** Resting orders of one side, best first, in time priority within a price. */
  bookSide(side: Side): { orderId: string; priceTicks: number; remainingLots: number }[] {
    return this.state.resting
      .filter((o) => o.side === side)
      .sort(priorityOrder)
      .map((o) => ({ orderId: o.id, priceTicks: o.priceTicks, remainingLots: o.lots - o.filled }));
  }

  private executeLimit(order: NaiveOrder): void {
    const crossing = this.state.resting.filter((o) => o.side !== order.side && crosses(order, o.priceTicks, order.priceTicks));
    if (order.tif === 'post_only' && crossing.length > 0) {
      return this.emit({ kind: 'canceled', orderId: order.id, reason: 'post_only', filledLots: order.filled, remaining: order.lots - order.filled });
    }
    if (order.tif === 'fok') {
      const trial: State = { resting: this.state.resting.map((o) => ({ ...o })), outcomes: [...this.state.outcomes] };
      const trialOrder = { ...order };
      if (match(trial, trialOrder, order.priceTicks, null).stop !== 'filled') {
        return this.emit({ kind: 'canceled', orderId: order.id, reason: 'fok', filledLots: order.filled, remaining: order.lots - order.filled });
      }
    }
    const { stop } = match(this.state, order, order.priceTicks, null);
    const remaining = order.lots - order.filled;
    if (stop === 'stp') this.emit({ kind: 'canceled', orderId: order.id, reason: 'stp', filledLots: order.filled, remaining });
    else if (stop === 'filled') this.emit({ kind: 'filled', orderId: order.id, filledLots: order.filled });
    else if (order.tif === 'ioc') this.emit({ kind: 'canceled', orderId: order.id, reason: 'ioc', filledLots: order.filled, remaining });
    else {
      order.priority = ++this.clock;
      this.state.resting.push(order);
      this.emit({ kind: 'rested', orderId: order.id, priceTicks: order.priceTicks, remainingLots: remaining });
    }
  }

  private emit(outcome: NaiveOutcome): void {
    this.state.outcomes.push(outcome);
  }
}

function crosses(taker: { side: Side }, makerPrice: number, limit: number | null): boolean {
  if (limit === null) return true;
  return taker.side === 'buy' ? makerPrice <= limit : makerPrice >= limit;
}

function priorityOrder(a: NaiveOrder, b: NaiveOrder): number {
  if (a.priceTicks !== b.priceTicks) return a.side === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks;
  return a.priority - b.priority;
}

function match(state: State, taker: NaiveOrder, limit: number | null, budget: number | null): { stop: Stop; budget: number | null } {
  for (;;) {
    if (budget === null && taker.filled === taker.lots) return { stop: 'filled', budget };
    if (budget === 0) return { stop: 'budget', budget };
    const maker = state.resting
      .filter((o) => o.side !== taker.side && crosses(taker, o.priceTicks, limit))
      .sort(priorityOrder)[0];
    if (!maker) return { stop: 'exhausted', budget };
    if (taker.stpMode !== 'none' && maker.stpGroup === taker.stpGroup) {
      if (taker.stpMode === 'cancel_taker') return { stop: 'stp', budget };
      state.resting = state.resting.filter((o) => o !== maker);
      state.outcomes.push({ kind: 'canceled', orderId: maker.id, reason: 'stp', filledLots: maker.filled, remaining: maker.lots - maker.filled });
      if (taker.stpMode === 'cancel_both') return { stop: 'stp', budget };
      continue;
    }
    let lots = maker.lots - maker.filled;
    if (budget === null) lots = Math.min(lots, taker.lots - taker.filled);
    else {
      const affordable = Math.floor(budget / maker.priceTicks);
      if (affordable === 0) return { stop: 'budget', budget };
      lots = Math.min(lots, affordable);
      budget -= lots * maker.priceTicks;
    }
    maker.filled += lots;
    taker.filled += lots;
    state.outcomes.push({ kind: 'fill', takerId: taker.id, makerId: maker.id, priceTicks: maker.priceTicks, lots });
    if (maker.filled === maker.lots) state.resting = state.resting.filter((o) => o !== maker);
  }
}
