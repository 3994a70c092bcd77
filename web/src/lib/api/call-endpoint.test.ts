import { describe, expect, it } from 'vitest';
import { endpoints } from '@contract/catalog/endpoints';
import { createApiFetch } from './api-fetch';
import { createCallEndpoint } from './call-endpoint';
import { endpointQueryKey, endpointQueryOptions } from './endpoint-query';

interface Call {
  url: string;
  init: RequestInit;
}

function caller(status: number, data: unknown, calls: Call[] = []) {
  const apiFetch = createApiFetch({
    fetch: async (url, init) => {
      calls.push({ url, init });
      return new Response(JSON.stringify({ code: '00000', msg: 'success', requestTime: 1, data }), { status });
    },
    session: () => ({ account: 'main', csrfToken: 'c' }),
  });
  return createCallEndpoint(apiFetch);
}

const order = {
  orderId: '1',
  clientOid: 'c1',
  category: 'spot',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  side: 'buy',
  price: '100',
  qty: '0.01',
  cumExecQty: '0',
  cumExecValue: '0',
  avgPrice: '0',
  timeInForce: 'gtc',
  orderStatus: 'live',
  createdTime: '1700000000000',
  updatedTime: '1700000000000',
};

describe('callEndpoint', () => {
  it('sends a GET with the params as the query and returns the validated data', async () => {
    const calls: Call[] = [];
    const call = caller(200, { list: [order], cursor: '' }, calls);
    const page = await call(endpoints.unfilledOrders, { category: 'spot', limit: '50' });
    expect(calls[0]?.url).toBe('/api/v3/trade/unfilled-orders?category=spot&limit=50');
    expect(page.list[0]?.orderId).toBe('1');
  });

  it('sends a POST with the params as the JSON body', async () => {
    const calls: Call[] = [];
    const call = caller(200, { orderId: '9', clientOid: 'x' }, calls);
    const body = { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.01', price: '100' } as const;
    const result = await call(endpoints.placeOrder, body);
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual(body);
    expect(result).toEqual({ orderId: '9', clientOid: 'x' });
  });

  it('refuses invalid params before sending anything, naming the field', async () => {
    const calls: Call[] = [];
    const call = caller(200, {}, calls);
    const error = await call(endpoints.placeOrder, { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.01' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'desk.invalid-request', field: 'price' });
    expect(calls).toHaveLength(0);
  });

  it('refuses a float-looking quantity such as 1e-3 (money travels as plain decimal strings)', async () => {
    const call = caller(200, {});
    await expect(call(endpoints.placeOrder, { category: 'spot', symbol: 'BTCUSDT', orderType: 'market', side: 'buy', qty: '1e-3' })).rejects.toMatchObject({ field: 'qty' });
  });

  it('refuses an answer that breaks the contract, naming the field', async () => {
    const call = caller(200, { list: [{ ...order, price: undefined }], cursor: '' });
    await expect(call(endpoints.unfilledOrders, {})).rejects.toMatchObject({ code: 'desk.bad-response', field: 'list.0.price' });
  });

  it('uses the account named for the call', async () => {
    const calls: Call[] = [];
    const call = caller(200, { list: [], cursor: '' }, calls);
    await call(endpoints.unfilledOrders, {}, { account: 'sub' });
    expect((calls[0]?.init.headers as Record<string, string>)['x-desk-account']).toBe('sub');
  });
});

describe('endpoint query keys', () => {
  it('separate accounts and params so cached data never crosses accounts', () => {
    const a = endpointQueryKey(endpoints.assets, 'main', {});
    const b = endpointQueryKey(endpoints.assets, 'sub', {});
    expect(a).not.toEqual(b);
    expect(a.slice(0, 3)).toEqual(['exchange', 'main', 'assets']);
  });

  it('queryOptions carry the key and a fetcher', () => {
    const options = endpointQueryOptions(endpoints.unfilledOrders, { symbol: 'BTCUSDT' }, 'main');
    expect(options.queryKey).toEqual(['exchange', 'main', 'unfilledOrders', { symbol: 'BTCUSDT' }]);
    expect(typeof options.queryFn).toBe('function');
  });
});
