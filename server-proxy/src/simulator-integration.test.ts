import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditStore } from './audit/audit-store';
import { UserStore } from './auth/user-store';
import { buildApp, type DeskApp } from './app';
import { configSchema } from './core/config';
import { KeyStore, simulatorAccounts } from './keys/key-store';
import { memoryStore } from './core/storage/open-storage';
import { startSimulator, type RunningSimulator } from './simulator-child';
import { TEST_ORIGIN } from './test-support/test-desk';

const repoRoot = resolve(import.meta.dirname, '../..');
let sim: RunningSimulator;
let desk: DeskApp;
let auditStore: AuditStore;
let userStore: UserStore;

beforeAll(async () => {
  sim = await startSimulator(repoRoot, 0, { ...process.env, SIM_FLOW_RATE: '0' });
  auditStore = new AuditStore(await memoryStore('audit'));
  const config = configSchema.parse({ port: 0, logLevel: 'silent', allowedOrigins: [TEST_ORIGIN], upstream: { specPaths: true } });
  userStore = new UserStore(await memoryStore('users'));
  desk = await buildApp(config, { upstreamUrl: sim.restUrl, keyStore: new KeyStore(simulatorAccounts({})), auditStore, userStore, webDir: null });
}, 60_000);
afterAll(async () => {
  await desk?.app.close();
  sim?.stop();
});

const signIn = async (role: 'trader' | 'viewer' = 'trader') => {
  const user = `sim-${role}`;
  // A user row, as a team login has: the session store re-checks it every few seconds.
  await userStore.put({ name: user, role, accounts: ['main', 'sub', 'broker'], passwordHash: 'unused' });
  const s = await desk.ctx.sessions.create({ user, role, accounts: ['main', 'sub', 'broker'] });
  return { cookie: `desk_session=${s.id}`, 'x-desk-csrf': s.csrfToken, origin: TEST_ORIGIN, 'content-type': 'application/json' };
};

describe('against the embedded simulator (a real upstream that verifies signatures)', () => {
  it('reads the signed-in account through the proxy: the simulator accepts our signature', async () => {
    const headers = await signIn();
    const main = await desk.app.inject({ method: 'GET', url: '/api/v3/account/settings', headers });
    expect(main.statusCode).toBe(200);
    expect(main.json()).toMatchObject({ code: '00000', data: { uid: '1000001' } });
    const broker = await desk.app.inject({ method: 'GET', url: '/api/v3/account/settings', headers: { ...headers, 'x-desk-account': 'broker' } });
    expect(broker.json().data.uid).toBe('3000001');
  });

  it('places and cancels an order, relays the simulator envelopes, and audits both with the orderId', async () => {
    const headers = await signIn();
    const placed = await desk.app.inject({
      method: 'POST',
      url: '/api/v3/trade/place-order',
      headers,
      payload: JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', qty: '0.001', price: '1000', side: 'buy', timeInForce: 'gtc', clientOid: 'int-1' }),
    });
    expect(placed.statusCode).toBe(200);
    const { orderId } = placed.json().data as { orderId: string };
    const cancelled = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/cancel-order', headers, payload: JSON.stringify({ symbol: 'BTCUSDT', category: 'spot', orderId }) });
    expect(cancelled.json().code).toBe('00000');
    const rows = (await auditStore.query({ user: 'sim-trader' })).list;
    expect(rows.map((r) => r.endpoint)).toEqual(['cancelOrder', 'placeOrder']);
    expect(rows[1]).toMatchObject({ code: '00000', orderIds: [orderId], clientOids: ['int-1'] });
    expect(rows[0]!.orderIds).toContain(orderId);
  });

  it('relays an exchange refusal with its status and code as they are', async () => {
    const headers = await signIn();
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/cancel-order', headers, payload: JSON.stringify({ symbol: 'BTCUSDT', category: 'spot', orderId: '999999999' }) });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.json().code).not.toBe('00000');
    expect(res.json().code).not.toMatch(/^DESK/);
  });

  it('serves the instruments on the spec path', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/public/instruments?category=SPOT', headers: await signIn('viewer') });
    expect(res.statusCode).toBe(200);
    expect((res.json().data as { symbol: string }[]).map((i) => i.symbol)).toContain('BTCUSDT');
  });
});
