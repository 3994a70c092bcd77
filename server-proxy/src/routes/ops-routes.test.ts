import { afterEach, describe, expect, it } from 'vitest';
import { deadUpstreamUrl, FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, type TestDesk } from '../test-support/test-desk';
import { metricsAllowed } from './ops-routes';

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0)) await o.close();
});

async function desk(upstreamUrl: string): Promise<TestDesk> {
  const d = await testDesk(upstreamUrl);
  open.push(d.app);
  return d;
}

describe('operations endpoints', () => {
  it('/healthz says the process is up, and /readyz that its database and upstream answer', async () => {
    const up = await FakeUpstream.start();
    open.push(up);
    const d = await desk(up.url);
    const health = await d.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({ status: 'ok' });
    const ready = await d.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, checks: { database: 'ok', upstream: 'ok' } });
  });

  it('/readyz turns red, with the reason, when the upstream is gone or the database is closed', async () => {
    const d = await desk(await deadUpstreamUrl());
    const ready = await d.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ready: false, checks: { database: 'ok', upstream: expect.stringMatching(/^the exchange is unreachable/) } });

    const up = await FakeUpstream.start();
    open.push(up);
    const other = await desk(up.url);
    await (other.auditStore as unknown as { db: { destroy(): Promise<void> } }).db.destroy();
    const closed = await other.app.inject({ method: 'GET', url: '/readyz' });
    expect(closed.statusCode).toBe(503);
    expect(closed.json()).toMatchObject({ checks: { database: expect.stringMatching(/^a database does not answer/) } });
  });

  it('carries a request ID from the answer header to the audit row, and counts requests in /metrics', async () => {
    const up = await FakeUpstream.start();
    open.push(up);
    const d = await desk(up.url);
    const s = await d.signIn('trader', ['main']);
    const placed = await d.app.inject({
      method: 'POST',
      url: '/api/v3/trade/place-order',
      headers: { ...s.headers, 'x-desk-account': 'main', 'content-type': 'application/json', 'x-request-id': 'lb-7f3a' },
      payload: JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '100', qty: '0.01', timeInForce: 'gtc', clientOid: 'ops-1' }),
    });
    expect(placed.statusCode).toBe(200);
    expect(placed.headers['x-request-id']).toBe('lb-7f3a');
    expect((await d.auditStore.query({ user: 'trader-user' })).list[0]).toMatchObject({ requestId: 'lb-7f3a', endpoint: 'placeOrder' });
    // A header that is not a plain token is replaced by a fresh ID.
    const odd = await d.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'bad id\u0001' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const text = (await d.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    expect(text).toMatch(/desk_http_requests_total\{route="\/api\/v3\/trade\/place-order",status="200"\} 1/);
    expect(text).toMatch(/desk_upstream_latency_seconds_count\{endpoint="\/api\/v3\/trade\/place-order"\} 1/);
  });

  it('serves /metrics to loopback, or elsewhere only with the configured bearer token', async () => {
    const token = 'a-metrics-token-of-32-characters';
    expect(metricsAllowed('127.0.0.1', undefined, undefined)).toBe(true);
    expect(metricsAllowed('10.0.0.5', undefined, undefined)).toBe(false);
    expect(metricsAllowed('10.0.0.5', `Bearer ${token}`, token)).toBe(true);
    expect(metricsAllowed('10.0.0.5', 'Bearer wrong', token)).toBe(false);
    const up = await FakeUpstream.start();
    open.push(up);
    const d = await desk(up.url);
    const refused = await d.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.0.0.5' });
    expect(refused.statusCode).toBe(403);
  });
});
