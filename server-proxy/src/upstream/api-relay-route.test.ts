import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signRest } from '@contract/signing';
import { deadUpstreamUrl, FakeUpstream } from '../test-support/fake-upstream';
import { testAccounts, testDesk, validOrder, type TestDesk } from '../test-support/test-desk';

let upstream: FakeUpstream;
let desk: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  desk = await testDesk(upstream.url);
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});
afterEach(() => {
  upstream.calls.length = 0;
  upstream.respond(undefined);
});

const placeOrder = (headers: Record<string, string>, body: unknown = validOrder) =>
  desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });

describe('REST policy (ARCHITECTURE.md "Data flow in the proxy")', () => {
  it('answers 401 in the envelope without a session, and relays nothing', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'DESK401', data: null, requestTime: expect.any(Number) });
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 401 for a forged or expired session cookie', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers: { cookie: 'desk_session=forged' } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses a viewer placing an order with 403 naming the permission, and relays nothing', async () => {
    const { headers } = desk.signIn('viewer');
    const res = await placeOrder(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'DESK403', data: null });
    expect(res.json().msg).toContain('trade.write');
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses an account the user may not use with 403', async () => {
    const { headers } = desk.signIn('trader', ['sub']);
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers: { ...headers, 'x-desk-account': 'main' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DESK403A');
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 404 for /api/v2/spot/anything and relays nothing', async () => {
    const { headers } = desk.signIn('admin');
    for (const method of ['GET', 'POST'] as const) {
      const res = await desk.app.inject({ method, url: '/api/v2/spot/anything?x=1', headers, payload: method === 'POST' ? '{}' : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DESK404', data: null });
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 404 for a known path under the wrong method', async () => {
    const { headers } = desk.signIn('admin');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/place-order', headers });
    expect(res.statusCode).toBe(404);
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects a bad clientOid with 400 naming the field, and relays nothing', async () => {
    const { headers } = desk.signIn('trader');
    const res = await placeOrder(headers, { ...validOrder, clientOid: 'bad/oid!' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'DESK400', data: null, field: 'clientOid' });
    expect(body.msg).toMatch(/^clientOid: must be 1 to 32 characters/);
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects a batch of 21 orders with a clear error, and relays nothing', async () => {
    const { headers } = desk.signIn('trader');
    const batch = Array.from({ length: 21 }, (_, i) => ({ ...validOrder, clientOid: `b-${i}` }));
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-batch', headers, payload: JSON.stringify(batch) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('at most 20');
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects an invalid GET query with 400 naming the parameter', async () => {
    const { headers } = desk.signIn('trader');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/unfilled-orders?limit=500', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('limit');
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses a mutation from another origin, without an Origin, or without the CSRF token', async () => {
    const { headers } = desk.signIn('trader');
    const { origin: _o, ...noOrigin } = headers;
    const { 'x-desk-csrf': _c, ...noCsrf } = headers;
    for (const h of [{ ...headers, origin: 'https://evil.example' }, noOrigin, noCsrf, { ...headers, 'x-desk-csrf': 'wrong' }]) {
      const res = await placeOrder(h);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('DESK403O');
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 413 for a body over the limit, and relays nothing', async () => {
    const { headers } = desk.signIn('trader');
    const res = await placeOrder(headers, JSON.stringify({ ...validOrder, pad: 'x'.repeat(70 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'DESK413', data: null });
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers proxy errors in the caller locale', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers: { locale: 'zh-CN' } });
    expect(res.json().msg).toBe('请先登录：没有会话');
  });
});

describe('REST relay', () => {
  it('signs the exact query and body it sends, and relays the upstream status and envelope as they are', async () => {
    const { headers } = desk.signIn('trader');
    upstream.respond(() => ({ status: 400, body: { code: '25202', msg: 'Insufficient balance', requestTime: 1, data: null } }));
    const raw = `{"category":"spot","symbol":"BTCUSDT","orderType":"limit","qty":"0.01","price":"43000.5","side":"buy",  "clientOid":"x 1"}`;
    const res = await placeOrder(headers, raw);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: '25202', msg: 'Insufficient balance', requestTime: 1, data: null });
    const call = upstream.calls[0]!;
    expect(call.body).toBe(raw);
    const main = testAccounts[0]!;
    expect(call.headers['access-key']).toBe(main.apiKey);
    expect(call.headers['access-passphrase']).toBe(main.passphrase);
    const ts = String(call.headers['access-timestamp']);
    expect(ts).toMatch(/^\d{13}$/);
    expect(call.headers['access-sign']).toBe(signRest({ secret: main.secret, timestamp: ts, method: 'POST', path: '/api/v3/trade/place-order', body: raw }));
  });

  it('forwards the raw query string as received and signs it', async () => {
    const { headers } = desk.signIn('trader');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/unfilled-orders?limit=5&category=SPOT', headers: { ...headers, 'x-desk-account': 'sub' } });
    expect(res.statusCode).toBe(200);
    const call = upstream.calls[0]!;
    expect(call.url).toBe('/api/v3/trade/unfilled-orders?limit=5&category=SPOT');
    const sub = testAccounts[1]!;
    expect(call.headers['access-key']).toBe(sub.apiKey);
    const ts = String(call.headers['access-timestamp']);
    expect(call.headers['access-sign']).toBe(signRest({ secret: sub.secret, timestamp: ts, method: 'GET', path: '/api/v3/trade/unfilled-orders', query: 'limit=5&category=SPOT' }));
  });

  it('passes locale through and strips ACCESS-* and cookie headers from the browser', async () => {
    const { headers } = desk.signIn('trader');
    await placeOrder({ ...headers, locale: 'zh-CN', 'ACCESS-KEY': 'browser-key', 'access-sign': 'browser-sign', 'ACCESS-TIMESTAMP': '1', 'access-passphrase': 'p', 'x-other': 'y' });
    const call = upstream.calls[0]!;
    expect(call.headers.locale).toBe('zh-CN');
    expect(call.headers['access-key']).toBe(testAccounts[0]!.apiKey);
    expect(call.headers['access-sign']).not.toBe('browser-sign');
    expect(call.headers['access-timestamp']).not.toBe('1');
    expect(call.headers.cookie).toBeUndefined();
    expect(call.headers['x-desk-csrf']).toBeUndefined();
    expect(call.headers['x-other']).toBeUndefined();
    expect(call.headers.origin).toBeUndefined();
  });

  it('calls the public instruments path upstream without signing', async () => {
    const { headers } = desk.signIn('viewer');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/public/instruments?category=SPOT', headers });
    expect(res.statusCode).toBe(200);
    expect(upstream.calls[0]!.url).toBe('/api/v3/market/instruments?category=SPOT');
    expect(upstream.calls[0]!.headers['access-key']).toBeUndefined();
  });

  it('answers 502 with a clear envelope when the upstream is down', async () => {
    const down = await testDesk(await deadUpstreamUrl());
    try {
      const { headers } = down.signIn('trader');
      const res = await down.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(validOrder) });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'DESK502', data: null });
      expect(res.json().msg).toContain('did not answer');
      const audit = down.auditStore.query({});
      expect(audit.list[0]).toMatchObject({ endpoint: 'placeOrder', httpStatus: 502, code: 'DESK502', clientOids: ['desk-1'] });
    } finally {
      await down.app.close();
    }
  });
});

describe('audit of mutations', () => {
  it('writes a row for every mutating call before answering, with order ids and clientOids of batches', async () => {
    const { headers } = desk.signIn('trader', ['main'], 'alice');
    const batch = [
      { ...validOrder, clientOid: 'a-1' },
      { ...validOrder, clientOid: 'a-2' },
    ];
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-batch', headers, payload: JSON.stringify(batch) });
    expect(res.statusCode).toBe(200);
    const row = desk.auditStore.query({ user: 'alice', limit: 1 }).list[0];
    expect(row).toMatchObject({
      user: 'alice',
      account: 'main',
      endpoint: 'placeBatch',
      method: 'POST',
      path: '/api/v3/trade/place-batch',
      channel: 'rest',
      httpStatus: 200,
      code: '00000',
      orderIds: ['90', '91'],
      clientOids: ['a-1', 'a-2'],
    });
    expect(JSON.parse(row!.requestBody)).toEqual(batch);
  });

  it('records refused mutations too, and no row for reads', async () => {
    const { headers } = desk.signIn('viewer', ['main'], 'vera');
    await placeOrder(headers);
    await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers });
    const rows = desk.auditStore.query({ user: 'vera' }).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: 'placeOrder', httpStatus: 403, code: 'DESK403' });
  });
});
