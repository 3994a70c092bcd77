import { describe, expect, it } from 'vitest';
import { ApiError as ContractApiError } from '@contract/core/errors';
import { DeskApiError } from './api-error';
import { buildQueryString, createApiFetch, type SessionHeaders } from './api-fetch';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(status: number, body: unknown, calls: Call[] = []) {
  return async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  };
}

const ok = (data: unknown) => ({ code: '00000', msg: 'success', requestTime: 1700000000000, data });
const session = (over: Partial<SessionHeaders> = {}) => () => ({ account: 'main', csrfToken: 'csrf-1', ...over });
const headersOf = (call: Call | undefined) => (call?.init.headers ?? {}) as Record<string, string>;

describe('apiFetch', () => {
  it('returns the envelope data of a successful call', async () => {
    const api = createApiFetch({ fetch: fakeFetch(200, ok({ list: [] })), session: session() });
    await expect(api({ path: '/api/v3/trade/unfilled-orders' })).resolves.toEqual({ list: [] });
  });

  it('sends the account header on reads, and no CSRF header on GET', async () => {
    const calls: Call[] = [];
    const api = createApiFetch({ fetch: fakeFetch(200, ok(null), calls), session: session() });
    await api({ path: '/api/v3/account/assets', query: { coin: 'BTC', limit: 5, cursor: undefined } });
    expect(calls[0]?.url).toBe('/api/v3/account/assets?coin=BTC&limit=5');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headersOf(calls[0])['x-desk-account']).toBe('main');
    expect(headersOf(calls[0])['x-desk-csrf']).toBeUndefined();
  });

  it('sends the CSRF token and a JSON body on mutations', async () => {
    const calls: Call[] = [];
    const api = createApiFetch({ fetch: fakeFetch(200, ok({ orderId: '1' }), calls), session: session() });
    const body = { symbol: 'BTCUSDT', side: 'buy', qty: '0.01' };
    await api({ method: 'POST', path: '/api/v3/trade/place-order', body });
    expect(headersOf(calls[0])['x-desk-csrf']).toBe('csrf-1');
    expect(headersOf(calls[0])['content-type']).toBe('application/json');
    expect(calls[0]?.init.body).toBe(JSON.stringify(body));
  });

  it('lets one call name another account than the session’s', async () => {
    const calls: Call[] = [];
    const api = createApiFetch({ fetch: fakeFetch(200, ok(null), calls), session: session() });
    await api({ path: '/api/v3/account/assets', account: 'broker' });
    expect(headersOf(calls[0])['x-desk-account']).toBe('broker');
  });

  it('throws DeskApiError with code, msg and status when the exchange refuses', async () => {
    const api = createApiFetch({
      fetch: fakeFetch(400, { code: '25202', msg: 'Insufficient balance', requestTime: 1, data: null }),
      session: session(),
    });
    const error = await api({ method: 'POST', path: '/api/v3/trade/place-order', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeskApiError);
    expect(error).toBeInstanceOf(ContractApiError);
    expect(error).toMatchObject({ code: '25202', msg: 'Insufficient balance', status: 400 });
  });

  it('throws when the code is not 00000 even if HTTP says 200', async () => {
    const api = createApiFetch({ fetch: fakeFetch(200, { code: '40017', msg: 'bad', requestTime: 1, data: null }), session: session() });
    await expect(api({ path: '/api/v3/account/settings' })).rejects.toMatchObject({ code: '40017', status: 200 });
  });

  it('throws when HTTP is not 2xx even if the code says success', async () => {
    const api = createApiFetch({ fetch: fakeFetch(502, ok(null)), session: session() });
    await expect(api({ path: '/api/v3/account/settings' })).rejects.toMatchObject({ code: '00000', status: 502 });
  });

  it('carries the field the proxy names for a validation error', async () => {
    const api = createApiFetch({
      fetch: fakeFetch(400, { code: 'DESK400', msg: 'qty: must be a decimal', requestTime: 1, data: null, field: 'qty' }),
      session: session(),
    });
    await expect(api({ method: 'POST', path: '/api/v3/trade/place-order', body: {} })).rejects.toMatchObject({ field: 'qty', code: 'DESK400' });
  });

  it('reports a body that is not JSON as a bad response', async () => {
    const api = createApiFetch({ fetch: fakeFetch(500, '<html>oops</html>'), session: session() });
    await expect(api({ path: '/api/v3/account/settings' })).rejects.toMatchObject({ code: 'desk.bad-response', status: 500 });
  });

  it('reports JSON that is not an envelope as a bad response', async () => {
    const api = createApiFetch({ fetch: fakeFetch(200, { hello: 'world' }), session: session() });
    await expect(api({ path: '/api/v3/account/settings' })).rejects.toMatchObject({ code: 'desk.bad-response' });
  });

  it('reports a network failure with status 0', async () => {
    const api = createApiFetch({
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      session: session(),
    });
    await expect(api({ path: '/api/v3/account/settings' })).rejects.toMatchObject({ code: 'desk.network', status: 0 });
  });

  it('omits the account header when no account is chosen', async () => {
    const calls: Call[] = [];
    const api = createApiFetch({ fetch: fakeFetch(200, ok([]), calls), session: session({ account: null }) });
    await api({ path: '/api/v3/public/instruments' });
    expect(headersOf(calls[0])['x-desk-account']).toBeUndefined();
  });
});

describe('buildQueryString', () => {
  it('drops undefined and null values and encodes the rest', () => {
    expect(buildQueryString({ a: 'x y', b: undefined, c: null, d: 0 })).toBe('?a=x+y&d=0');
    expect(buildQueryString({})).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});
