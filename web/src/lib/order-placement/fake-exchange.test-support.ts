// Test support: an in-memory exchange behind the PlacementApi, with scripted faults. Each
// call takes the next fault from its queue: 'refuse5xx' (nothing done, HTTP 503), 'lost'
// (done, then the answer is lost as a 500), 'network' (nothing done, the fetch failed),
// 'hang' (never answers until the caller's signal aborts), 'ok'.
import type { BatchItemResult, OrderRecord, PlaceOrderRequest } from '@contract/schemas/orders';
import { DeskApiError, clientErrorCodes } from '@web/lib/api/api-error';
import type { OrderAck, PlacementApi } from './placement-api';
import type { RetryPolicy } from './retry-policy';

export type Fault = 'ok' | 'refuse5xx' | 'lost' | 'network' | 'hang';

export const instantPolicy: RetryPolicy = { rounds: 6, callTimeoutMs: 50, pauseMs: () => 0, sleep: () => Promise.resolve() };

export class FakeExchange implements PlacementApi {
  readonly orders: OrderRecord[] = [];
  readonly faults: Record<'place' | 'placeBatch' | 'modify' | 'cancel' | 'cancelBatch' | 'find', Fault[]> = {
    place: [], placeBatch: [], modify: [], cancel: [], cancelBatch: [], find: [],
  };
  readonly calls: string[] = [];
  private nextId = 1;

  place(order: PlaceOrderRequest, signal: AbortSignal): Promise<OrderAck> {
    return this.run('place', signal, () => {
      const r = this.accept(order);
      if ('code' in r) throw new DeskApiError({ code: r.code, msg: r.msg, status: 400 });
      return r;
    });
  }

  placeBatch(orders: PlaceOrderRequest[], signal: AbortSignal): Promise<BatchItemResult[]> {
    return this.run('placeBatch', signal, () =>
      orders.map((o) => {
        const r = this.accept(o);
        return 'code' in r ? { orderId: '', clientOid: o.clientOid ?? '', code: r.code, msg: r.msg } : { ...r, code: '00000', msg: 'success' };
      }),
    );
  }

  modify(request: { orderId?: string; price?: string; qty?: string }, signal: AbortSignal): Promise<OrderAck> {
    return this.run('modify', signal, () => {
      const o = this.orders.find((x) => x.orderId === request.orderId);
      if (!o || o.state === 'canceled') throw new DeskApiError({ code: '25205', msg: 'order is final', status: 400 });
      if (request.price) o.price = request.price;
      if (request.qty) o.qty = request.qty;
      return { orderId: o.orderId, clientOid: o.clientOid };
    });
  }

  cancel(request: { orderId?: string }, signal: AbortSignal): Promise<OrderAck> {
    return this.run('cancel', signal, () => this.cancelOne(request.orderId ?? ''));
  }

  cancelBatch(requests: { orderId?: string }[], signal: AbortSignal): Promise<BatchItemResult[]> {
    return this.run('cancelBatch', signal, () =>
      requests.map((r) => {
        try {
          return { ...this.cancelOne(r.orderId ?? ''), code: '00000', msg: 'success' };
        } catch (e) {
          return { orderId: r.orderId ?? '', clientOid: '', code: (e as DeskApiError).code, msg: (e as DeskApiError).message };
        }
      }),
    );
  }

  findByClientOid(clientOid: string, _category: string, signal: AbortSignal): Promise<OrderRecord | null> {
    return this.run('find', signal, () => this.orders.find((o) => o.clientOid === clientOid) ?? null);
  }

  findByOrderId(orderId: string, _category: string, signal: AbortSignal): Promise<OrderRecord | null> {
    return this.run('find', signal, () => this.orders.find((o) => o.orderId === orderId) ?? null);
  }

  byClientOid(clientOid: string): OrderRecord[] {
    return this.orders.filter((o) => o.clientOid === clientOid);
  }

  private cancelOne(orderId: string): OrderAck {
    const o = this.orders.find((x) => x.orderId === orderId);
    if (!o) throw new DeskApiError({ code: '25204', msg: 'order does not exist', status: 400 });
    if (o.state === 'canceled') throw new DeskApiError({ code: '25205', msg: 'order is canceled', status: 400 });
    o.state = o.orderStatus = 'canceled';
    return { orderId, clientOid: o.clientOid };
  }

  /** Uniqueness of clientOid among pending orders, as the exchange checks it (spec 4.7 rule 5). */
  private accept(order: PlaceOrderRequest): OrderAck | { code: string; msg: string } {
    const clientOid = order.clientOid ?? '';
    if (this.orders.some((o) => o.clientOid === clientOid && o.state !== 'canceled' && o.state !== 'filled')) return { code: '25212', msg: 'Duplicate clientOid' };
    if (order.qty === '999') return { code: '25202', msg: 'Insufficient balance' };
    const orderId = String(this.nextId++);
    this.orders.push({
      orderId, clientOid, category: order.category, symbol: order.symbol, orderType: order.orderType, side: order.side, price: order.price ?? '', qty: order.qty,
      cumExecQty: '0', cumExecValue: '0', avgPrice: '0', timeInForce: order.timeInForce ?? 'gtc', state: 'new', orderStatus: 'new', cancelSource: '', createdTime: '1', updatedTime: '1',
    });
    return { orderId, clientOid };
  }

  private run<T>(name: keyof FakeExchange['faults'], signal: AbortSignal, act: () => T): Promise<T> {
    const fault = this.faults[name].shift() ?? 'ok';
    this.calls.push(`${name}:${fault}`);
    if (fault === 'hang') {
      return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
    }
    if (fault === 'refuse5xx') return Promise.reject(new DeskApiError({ code: '45002', msg: 'Service temporarily unavailable', status: 503 }));
    if (fault === 'network') return Promise.reject(new DeskApiError({ code: clientErrorCodes.network, msg: 'the desk server did not answer', status: 0 }));
    try {
      const value = act();
      if (fault === 'lost') return Promise.reject(new DeskApiError({ code: '45001', msg: 'Internal error', status: 500 }));
      return Promise.resolve(value);
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }
}

export const limitBuy = (clientOid: string, qty = '0.01'): PlaceOrderRequest & { clientOid: string } => ({
  category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '50000', qty, timeInForce: 'gtc', clientOid,
} as PlaceOrderRequest & { clientOid: string });
