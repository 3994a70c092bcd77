// What idempotent placement needs from the exchange, as an interface so the state
// machines are tested with a fake (issue 9), and its binding to the catalog client.
import type { z } from 'zod';
import { endpoints } from '@contract/catalog/endpoints';
import type { BatchItemResult, cancelOrderRequest, modifyOrderRequest, OrderAck, OrderRecord, PlaceOrderRequest } from '@contract/schemas/orders';
import type { CallEndpoint } from '@web/lib/api/call-endpoint';

/** Modify and cancel as the caller writes them (the schema's input: categories in either case). */
export type ModifyParams = z.input<typeof modifyOrderRequest>;
export type CancelParams = z.input<typeof cancelOrderRequest>;

export type { OrderAck };

export interface PlacementApi {
  place(order: PlaceOrderRequest, signal: AbortSignal): Promise<OrderAck>;
  placeBatch(orders: PlaceOrderRequest[], signal: AbortSignal): Promise<BatchItemResult[]>;
  modify(request: ModifyParams, signal: AbortSignal): Promise<OrderAck>;
  cancel(request: CancelParams, signal: AbortSignal): Promise<OrderAck>;
  cancelBatch(requests: CancelParams[], signal: AbortSignal): Promise<BatchItemResult[]>;
  /** The order with this clientOid, open or finished; null when the exchange has none. */
  findByClientOid(clientOid: string, category: string, signal: AbortSignal): Promise<OrderRecord | null>;
  findByOrderId(orderId: string, category: string, signal: AbortSignal): Promise<OrderRecord | null>;
}

/** The PlacementApi over the proxy for one of the user's accounts. */
export function catalogPlacementApi(call: CallEndpoint, account: () => string | undefined): PlacementApi {
  const opts = (signal: AbortSignal) => ({ account: account(), signal });
  const find = async (query: { clientOid?: string; orderId?: string; category: string }, signal: AbortSignal) => {
    // Open orders first: a resting order is the usual case; then the finished ones.
    for (const endpoint of [endpoints.unfilledOrders, endpoints.historyOrders]) {
      const page = await call(endpoint, query as never, opts(signal));
      const hit = page.list.find((o) => (query.clientOid === undefined || o.clientOid === query.clientOid) && (query.orderId === undefined || o.orderId === query.orderId));
      if (hit) return hit;
    }
    return null;
  };
  return {
    place: (order, signal) => call(endpoints.placeOrder, order, opts(signal)),
    placeBatch: (orders, signal) => call(endpoints.placeBatch, orders, opts(signal)),
    modify: (request, signal) => call(endpoints.modifyOrder, request, opts(signal)),
    cancel: (request, signal) => call(endpoints.cancelOrder, request, opts(signal)),
    cancelBatch: (requests, signal) => call(endpoints.cancelBatch, requests, opts(signal)),
    findByClientOid: (clientOid, category, signal) => find({ clientOid, category }, signal),
    findByOrderId: (orderId, category, signal) => find({ orderId, category }, signal),
  };
}
