// The /api relay as the network reaches it: on bare node:http ahead of Fastify (issue 23).
// api-relay-route.test.ts drives the same ApiRelay through app.inject(); these go through a
// real socket, where Fastify is not on the path at all, and check that each policy
// outcome, the audit, the metrics and the other routes are as they were.
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { FakeUpstream } from '../test-support/fake-upstream';
import { relayWithLimits } from '../test-support/relay-with-limits';
import { TEST_ORIGIN, testAccounts, testDesk, validOrder, type TestDesk } from '../test-support/test-desk';
import { TestUpstream } from '../test-support/ws-test-upstream';
import { ApiRelay } from './api-relay-route';

let upstream: FakeUpstream;
let exchangeWs: TestUpstream;
let desk: TestDesk;
let base: string;
const serve = vi.spyOn(ApiRelay.prototype, 'serve');

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  exchangeWs = await TestUpstream.start([testAccounts[0]!]);
  // One call a second and one waiting: the third call at once is past the queue bound.
  desk = await testDesk(
    upstream.url,
    { rate: { queueBound: 1, overridePerSecond: 1 }, bodyLimit: 4096 },
    { upstreamWs: { wsPublic: exchangeWs.publicUrl, wsPrivate: exchangeWs.privateUrl }, attachWsRelay: relayWithLimits({}) },
  );
  base = await desk.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await desk.app.close();
  await exchangeWs.close();
  await upstream.close();
});

const settings = '/api/v3/account/settings';
/** The rate lane is 1/s: each test that relays waits out the previous one's slot. */
const slotFree = () => new Promise((r) => setTimeout(r, 1100));

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; headers: Headers; body: Record<string, unknown> | null }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

describe('the /api relay on node:http', () => {
  it('serves a relayed call without Fastify, and the upstream answer comes back as it was', async () => {
    const { headers } = await desk.signIn('trader');
    serve.mockClear();
    upstream.calls.length = 0;
    const res = await call(settings, { headers: { cookie: headers.cookie!, 'x-request-id': 'lean-read-1' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: '00000', msg: 'success' });
    expect(res.headers.get('x-request-id')).toBe('lean-read-1');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(upstream.calls).toHaveLength(1);
    expect(upstream.calls[0]!.headers['access-sign']).toEqual(expect.any(String));
    // Straight from the server's listener: Fastify's route would have passed its request ID.
    expect(serve).toHaveBeenCalledTimes(1);
    expect(serve.mock.calls[0]).toHaveLength(2);
  });

  it('answers 401 in the envelope without a session, naming the request, and relays nothing', async () => {
    upstream.calls.length = 0;
    const res = await call(settings);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'DESK401', data: null, requestTime: expect.any(Number) });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream.calls).toHaveLength(0);
  });

  it('refuses a viewer placing an order with 403 naming the permission, and audits the attempt', async () => {
    const { headers } = await desk.signIn('viewer', ['main'], 'lean-viewer');
    const res = await call('/api/v3/trade/place-order', { method: 'POST', headers: { ...headers, 'x-request-id': 'lean-403' }, body: JSON.stringify(validOrder) });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'DESK403', data: null });
    expect(String(res.body!.msg)).toContain('trade.write');
    const rows = (await desk.auditStore.query({ user: 'lean-viewer', limit: 5 })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ code: 'DESK403', httpStatus: 403, requestId: 'lean-403' });
  });

  it('rejects bad input with 400 naming the field, and relays nothing', async () => {
    const { headers } = await desk.signIn('trader');
    upstream.calls.length = 0;
    const res = await call('/api/v3/trade/place-order', { method: 'POST', headers, body: JSON.stringify({ ...validOrder, clientOid: 'bad/oid!' }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'DESK400', field: 'clientOid' });
    const query = await call('/api/v3/account/max-transferable?coin=USDT&bogus=1', { headers: { cookie: headers.cookie! } });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ code: 'DESK400', field: 'bogus' });
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 413 for a body over the limit, before relaying anything', async () => {
    const { headers } = await desk.signIn('trader');
    upstream.calls.length = 0;
    const res = await call('/api/v3/trade/place-order', { method: 'POST', headers, body: JSON.stringify({ ...validOrder, pad: 'x'.repeat(5000) }) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'DESK413', data: null });
    expect(upstream.calls).toHaveLength(0);
  });

  it('answers 429 with Retry-After past the queue bound, and sends only what the rate allows', async () => {
    await slotFree();
    const { headers } = await desk.signIn('trader');
    upstream.calls.length = 0;
    const answers = await Promise.all([0, 1, 2].map(() => call(settings, { headers: { cookie: headers.cookie! } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 429]);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'DESK429', data: null });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(upstream.calls).toHaveLength(2);
  });

  it('writes the audit row of a mutation ahead, with the request ID the answer carries', async () => {
    await slotFree();
    const { headers } = await desk.signIn('trader', ['main'], 'lean-trader');
    const res = await call('/api/v3/trade/place-order', { method: 'POST', headers: { ...headers, 'x-request-id': 'lean-order-1' }, body: JSON.stringify({ ...validOrder, clientOid: 'lean-1' }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('lean-order-1');
    const rows = (await desk.auditStore.query({ user: 'lean-trader', limit: 5 })).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ requestId: 'lean-order-1', endpoint: 'placeOrder', httpStatus: 200, code: '00000', clientOids: ['lean-1'], orderIds: ['1234567'], state: 'complete' });
  });

  it('counts relayed calls in /metrics by their catalog path', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(text).toMatch(/desk_http_requests_total\{route="\/api\/v3\/account\/settings",status="200"\} [1-9]/);
    expect(text).toMatch(/desk_http_requests_total\{route="\/api\/\*",status="401"\} [1-9]/);
    expect(text).toMatch(/desk_http_requests_total\{route="\/api\/v3\/account\/settings",status="429"\} [1-9]/);
  });

  it('refuses an unknown Host (DNS rebinding) on the relayed path too', async () => {
    const { headers } = await desk.signIn('trader');
    const { request } = await import('undici');
    const res = await request(`${base}${settings}`, { headers: { cookie: headers.cookie!, host: 'evil.example' } });
    expect(res.statusCode).toBe(421);
    expect(await res.body.json()).toMatchObject({ code: 'DESK421', data: null });
  });

  it('leaves every other route to Fastify', async () => {
    const { headers } = await desk.signIn('trader');
    serve.mockClear();
    const me = await call('/auth/me', { headers: { cookie: headers.cookie! } });
    expect(me.status).toBe(200);
    expect(me.headers.get('x-request-id')).toEqual(expect.any(String));
    expect((await call('/healthz')).status).toBe(200);
    // Not /api/ itself: /api is Fastify's (a JSON 404), as before.
    const bare = await call('/api');
    expect(bare.status).toBe(404);
    expect(bare.body).toMatchObject({ code: 'DESK404' });
    expect(serve).not.toHaveBeenCalled();
  });

  it('still upgrades a WebSocket on the same server', async () => {
    const { headers } = await desk.signIn('trader');
    const ws = new WebSocket(`${base.replace('http', 'ws')}/ws/public`, { headers: { cookie: headers.cookie!, origin: TEST_ORIGIN } });
    try {
      await once(ws, 'open');
      expect(ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      ws.terminate();
    }
  });
});
