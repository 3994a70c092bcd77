// Test support: a simulator on a manual clock with no market flow, and a recorder of the
// order states each order went through (from the bus, as the WebSocket layer sees them).
import type { SimEvent } from '../bus/event-bus';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf, type TestKey } from './signed-client';

export const T0 = 1_760_000_000_000;

export interface Fixture {
  sim: Simulator;
  clock: ManualClock;
  events: SimEvent[];
  /** The states an order went through, in order. */
  states(orderId: string): string[];
  /** Places an order through REST; returns the whole answer. */
  place(body: Record<string, string>, key?: TestKey): Promise<{ code: string; msg: string; orderId: string; status: number }>;
  order(orderId: string, key?: TestKey): Promise<Record<string, string>>;
}

export function fixture(): Fixture {
  const clock = new ManualClock(T0);
  const sim = createSimulator({ clock });
  const events: SimEvent[] = [];
  sim.bus.onAny((e) => events.push(e));
  return {
    sim,
    clock,
    events,
    states: (orderId) =>
      events.flatMap((e) => (e.type === 'order' && e.order.orderId === orderId && e.order.state !== (e.previousState ?? undefined) ? [e.order.state ?? ''] : [])),
    async place(body, key = keysOf.main) {
      const a = await call<{ orderId: string }>(sim, 'POST', '/api/v3/trade/place-order', body, { key });
      return { code: a.code, msg: a.msg, status: a.status, orderId: a.data?.orderId ?? '' };
    },
    async order(orderId, key = keysOf.main) {
      for (const path of ['/api/v3/trade/unfilled-orders', '/api/v3/trade/history-orders']) {
        const a = await call<{ list: Record<string, string>[] }>(sim, 'GET', path, { orderId }, { key });
        const found = a.data.list[0];
        if (found) return found;
      }
      throw new Error(`order ${orderId} not found`);
    },
  };
}

export const spotBuy = (price: string, qty: string, extra: Record<string, string> = {}) => ({
  category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price, qty, ...extra,
});
export const spotSell = (price: string, qty: string, extra: Record<string, string> = {}) => ({
  category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'sell', price, qty, ...extra,
});
