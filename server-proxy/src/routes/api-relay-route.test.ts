import type { Database } from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signRest } from '@contract/core/signing';
import { AuditStore } from '../audit/audit-store';
import { openDatabase } from '../core/open-database';
import { sqliteStoreOn } from '../core/storage/open-storage';
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
    const { headers } = await desk.signIn('viewer');
    const res = await placeOrder(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'DESK403', data: null });
    expect(res.json().msg).toContain('trade.write');
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses an account the user may not use with 403', async () => {
    const { headers } = await desk.signIn('trader', ['sub']);
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers: { ...headers, 'x-desk-account': 'main' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DESK403A');
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 404 for /api/v2/spot/anything and relays nothing', async () => {
    const { headers } = await desk.signIn('admin');
    for (const method of ['GET', 'POST'] as const) {
      const res = await desk.app.inject({ method, url: '/api/v2/spot/anything?x=1', headers, payload: method === 'POST' ? '{}' : undefined });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'DESK404', data: null });
    }
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 404 for a known path under the wrong method', async () => {
    const { headers } = await desk.signIn('admin');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/place-order', headers });
    expect(res.statusCode).toBe(404);
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects a bad clientOid with 400 naming the field, and relays nothing', async () => {
    const { headers } = await desk.signIn('trader');
    const res = await placeOrder(headers, { ...validOrder, clientOid: 'bad/oid!' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ code: 'DESK400', data: null, field: 'clientOid' });
    expect(body.msg).toMatch(/^clientOid: must be 1 to 32 characters/);
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects a batch of 21 orders with a clear error, and relays nothing', async () => {
    const { headers } = await desk.signIn('trader');
    const batch = Array.from({ length: 21 }, (_, i) => ({ ...validOrder, clientOid: `b-${i}` }));
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-batch', headers, payload: JSON.stringify(batch) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('at most 20');
    expect(upstream.calls).toHaveLength(0);
  });

  it('rejects an invalid GET query with 400 naming the parameter', async () => {
    const { headers } = await desk.signIn('trader');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/unfilled-orders?limit=500', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('limit');
    expect(upstream.calls).toHaveLength(0);
  });

  it('checks a GET sent with no query against its schema every time (the no-parameter answer is kept per schema)', async () => {
    const { headers } = await desk.signIn('trader');
    for (let i = 0; i < 2; i++) {
      // Candles need a category, a symbol and an interval: refused naming the first, twice.
      const res = await desk.app.inject({ method: 'GET', url: '/api/v3/market/candles', headers });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('category');
      // Open orders need none: relayed, twice, with no query.
      const ok = await desk.app.inject({ method: 'GET', url: '/api/v3/trade/unfilled-orders', headers });
      expect(ok.statusCode).toBe(200);
    }
    expect(upstream.calls.map((c) => c.url)).toEqual(['/api/v3/trade/unfilled-orders', '/api/v3/trade/unfilled-orders']);
  });

  it('refuses a mutation from another origin, without an Origin, or without the CSRF token', async () => {
    const { headers } = await desk.signIn('trader');
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
    const { headers } = await desk.signIn('trader');
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
    const { headers } = await desk.signIn('trader');
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
    const { headers } = await desk.signIn('trader');
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
    const { headers } = await desk.signIn('trader');
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
    const { headers } = await desk.signIn('viewer');
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/public/instruments?category=SPOT', headers });
    expect(res.statusCode).toBe(200);
    expect(upstream.calls[0]!.url).toBe('/api/v3/market/instruments?category=SPOT');
    expect(upstream.calls[0]!.headers['access-key']).toBeUndefined();
  });

  it('answers 502 with a clear envelope when the upstream is down', async () => {
    const down = await testDesk(await deadUpstreamUrl());
    try {
      const { headers } = await down.signIn('trader');
      const res = await down.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(validOrder) });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ code: 'DESK502', data: null });
      expect(res.json().msg).toContain('did not answer');
      const audit = await down.auditStore.query({});
      expect(audit.list[0]).toMatchObject({ endpoint: 'placeOrder', httpStatus: 502, code: 'DESK502', clientOids: ['desk-1'] });
    } finally {
      await down.app.close();
    }
  });
});

describe('audit of mutations', () => {
  it('writes a row for every mutating call before answering, with order ids and clientOids of batches', async () => {
    const { headers } = await desk.signIn('trader', ['main'], 'alice');
    const batch = [
      { ...validOrder, clientOid: 'a-1' },
      { ...validOrder, clientOid: 'a-2' },
    ];
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-batch', headers, payload: JSON.stringify(batch) });
    expect(res.statusCode).toBe(200);
    const row = (await desk.auditStore.query({ user: 'alice', limit: 1 })).list[0];
    expect(row).toMatchObject({
      user: 'alice',
      account: 'main',
      endpoint: 'placeBatch',
      method: 'POST',
      path: '/api/v3/trade/place-batch',
      channel: 'rest',
      httpStatus: 200,
      code: '00000',
      state: 'complete',
      orderIds: ['90', '91'],
      clientOids: ['a-1', 'a-2'],
    });
    expect(JSON.parse(row!.requestBody)).toEqual(batch);
  });

  it('records refused mutations too, and no row for reads', async () => {
    const { headers } = await desk.signIn('viewer', ['main'], 'vera');
    await placeOrder(headers);
    await desk.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers });
    const rows = (await desk.auditStore.query({ user: 'vera' })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: 'placeOrder', httpStatus: 403, code: 'DESK403', state: 'complete' });
  });
});

describe('write-ahead audit of mutations', () => {
  // A desk whose audit database the test can break: a trigger makes the insert or the
  // update fail the way a full disk or a locked file would, with a real SQLite error.
  let db: Database;
  let wa: TestDesk;
  beforeAll(async () => {
    db = openDatabase(':memory:');
    wa = await testDesk(upstream.url, {}, { auditStore: new AuditStore(await sqliteStoreOn(db, 'audit')) });
  });
  afterAll(async () => {
    await wa.app.close();
    db.close();
  });
  afterEach(() => {
    db.exec('DROP TRIGGER IF EXISTS fail_insert; DROP TRIGGER IF EXISTS fail_update;');
  });
  const failInserts = () => db.exec(`CREATE TRIGGER fail_insert BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
  const failUpdates = () => db.exec(`CREATE TRIGGER fail_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
  const place = (headers: Record<string, string>, body: unknown = validOrder) =>
    wa.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(body) });

  it('writes the row, state sent, before the call reaches the exchange, and completes it with the answer', async () => {
    const { headers } = await wa.signIn('trader', ['main'], 'wendy');
    let seenUpstream: unknown;
    upstream.respond(() => {
      // Read now, in the SQLite connection's queue ahead of the answer's complete().
      seenUpstream = wa.auditStore.query({ user: 'wendy' }).then((page) => page.list);
      return undefined;
    });
    const res = await place(headers, { ...validOrder, clientOid: 'wa-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-desk-audit']).toBeUndefined();
    expect(await seenUpstream).toEqual([expect.objectContaining({ state: 'sent', httpStatus: 0, code: '', msg: '', clientOids: ['wa-1'], orderIds: [] })]);
    const rows = (await wa.auditStore.query({ user: 'wendy' })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'complete', endpoint: 'placeOrder', httpStatus: 200, code: '00000', msg: 'success', orderIds: ['1234567'], clientOids: ['wa-1'] });
  });

  it('answers 503 and sends nothing when the audit row cannot be written', async () => {
    const { headers } = await wa.signIn('trader', ['main'], 'ian');
    failInserts();
    const res = await place(headers);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'DESK503', data: null });
    expect(res.json().msg).toBe('The audit log is unavailable; nothing was sent');
    expect(upstream.calls).toHaveLength(0);
    expect(wa.logLines.some((l) => l.includes('audit log unavailable; mutation not sent') && l.includes('disk full'))).toBe(true);
    // The lane's slot was given back: once the log works again, the same call goes through.
    db.exec('DROP TRIGGER fail_insert');
    expect((await place(headers)).statusCode).toBe(200);
    expect(upstream.calls).toHaveLength(1);
  });

  it("relays the exchange's answer unchanged, marked x-desk-audit: incomplete, when the result cannot be recorded; the row stays sent", async () => {
    const { headers } = await wa.signIn('trader', ['main'], 'ursula');
    upstream.respond(() => ({ status: 200, body: { code: '00000', msg: 'success', requestTime: 7, data: { orderId: '777', clientOid: 'u-1' } } }));
    failUpdates();
    const res = await place(headers, { ...validOrder, clientOid: 'u-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-desk-audit']).toBe('incomplete');
    expect(res.json()).toEqual({ code: '00000', msg: 'success', requestTime: 7, data: { orderId: '777', clientOid: 'u-1' } });
    expect(upstream.calls).toHaveLength(1);
    const rows = (await wa.auditStore.query({ user: 'ursula' })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'sent', httpStatus: 0, code: '', clientOids: ['u-1'] });
    const logged = wa.logLines.find((l) => l.includes('the row stays'));
    expect(logged).toBeDefined();
    expect(logged).not.toContain(testAccounts[0]!.secret);
  });

  it('still answers a refusal when its audit row cannot be written, marked incomplete', async () => {
    const { headers } = await wa.signIn('viewer', ['main'], 'rita');
    failInserts();
    const res = await place(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('DESK403');
    expect(res.headers['x-desk-audit']).toBe('incomplete');
    expect(upstream.calls).toHaveLength(0);
  });

  it('leaves reads alone: a GET works while the audit log is down', async () => {
    const { headers } = await wa.signIn('trader', ['main'], 'gina');
    failInserts();
    const res = await wa.app.inject({ method: 'GET', url: '/api/v3/account/assets', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-desk-audit']).toBeUndefined();
  });

  it('completes the row with the 502 when the exchange does not answer', async () => {
    const down = await testDesk(await deadUpstreamUrl());
    try {
      const { headers } = await down.signIn('trader');
      await down.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(validOrder) });
      const rows = (await down.auditStore.query({})).list;
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ state: 'complete', httpStatus: 502, code: 'DESK502' });
    } finally {
      await down.app.close();
    }
  });

  it('shows a row left sent (the proxy stopped mid-call) as sent in GET /audit, with no result', async () => {
    const id = await wa.auditStore.begin({
      time: 5, user: 'killed-mid-call', account: 'main', endpoint: 'placeOrder', method: 'POST', path: '/api/v3/trade/place-order',
      channel: 'rest', requestBody: JSON.stringify(validOrder), orderIds: [], clientOids: ['desk-1'],
    });
    const { cookie } = await wa.signIn('ops');
    const res = await wa.app.inject({ method: 'GET', url: '/audit?user=killed-mid-call', headers: { cookie } });
    expect(res.json().data.list).toEqual([expect.objectContaining({ id, state: 'sent', httpStatus: 0, code: '', msg: '', clientOids: ['desk-1'] })]);
    const sentOnly = await wa.app.inject({ method: 'GET', url: '/audit?state=sent', headers: { cookie } });
    expect(sentOnly.json().data.list.map((r: { id: number }) => r.id)).toContain(id);
    expect(sentOnly.json().data.list.every((r: { state: string }) => r.state === 'sent')).toBe(true);
  });
});
