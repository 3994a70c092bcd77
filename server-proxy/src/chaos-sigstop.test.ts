// Issue 16 chaos test: the real simulator is frozen (SIGSTOP) while an order is on its way
// and thawed (SIGCONT) later. The order's audit row goes `unknown` (never failed), then
// to the truth (the order is live); the browser is told "unknown, checking" and then
// exactly one outcome. Over REST and over the private WebSocket.
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type DeskApp } from './app';
import { AuditStore } from './audit/audit-store';
import { UserStore } from './auth/user-store';
import { configSchema } from './core/config';
import { KeyStore, simulatorAccounts } from './keys/key-store';
import { memoryStore } from './core/storage/open-storage';
import { startSimulator, type RunningSimulator } from './simulator-child';
import { relayWithLimits } from './test-support/relay-with-limits';
import { TEST_ORIGIN } from './test-support/test-desk';

const repoRoot = resolve(import.meta.dirname, '../..');
const ANSWER_TIMEOUT_MS = 1000;
let sim: RunningSimulator;
let desk: DeskApp;
let audit: AuditStore;
let port: number;

const relay = relayWithLimits({ tradeTimeoutMs: ANSWER_TIMEOUT_MS });

beforeAll(async () => {
  sim = await startSimulator(repoRoot, 0, { ...process.env, SIM_FLOW_RATE: '0' });
  audit = new AuditStore(await memoryStore('audit'));
  const users = new UserStore(await memoryStore('users'));
  await users.put({ name: 'chaos', role: 'trader', accounts: ['main'], passwordHash: 'unused' });
  const config = configSchema.parse({ port: 0, logLevel: 'silent', allowedOrigins: [TEST_ORIGIN], upstream: { specPaths: true, timeoutMs: ANSWER_TIMEOUT_MS } });
  const wsBase = sim.restUrl.replace(/^http/, 'ws');
  desk = await buildApp(config, {
    upstreamUrl: sim.restUrl,
    upstreamWs: { wsPublic: `${wsBase}/v3/ws/public`, wsPrivate: `${wsBase}/v3/ws/private` },
    keyStore: new KeyStore(simulatorAccounts({})),
    auditStore: audit,
    userStore: users,
    webDir: null,
    attachWsRelay: relay,
  });
  await desk.app.listen({ host: '127.0.0.1', port: 0 });
  port = (desk.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(async () => {
  sim?.child.kill('SIGCONT');
  await desk?.app.close();
  sim?.stop();
});

const session = async () => {
  const s = await desk.ctx.sessions.create({ user: 'chaos', role: 'trader', accounts: ['main'] });
  return { cookie: `desk_session=${s.id}`, 'x-desk-csrf': s.csrfToken, origin: TEST_ORIGIN, 'content-type': 'application/json' };
};
const order = (clientOid: string) => ({ category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', qty: '0.001', price: '1000', side: 'buy', timeInForce: 'gtc', clientOid });
const rowOf = async (clientOid: string) => (await audit.query({ user: 'chaos' })).list.find((r) => r.clientOids.includes(clientOid));

describe('SIGSTOP the simulator mid-order, SIGCONT later', () => {
  it('REST: the row goes unknown, then live; the answer says the order may exist', async () => {
    const headers = await session();
    sim.child.kill('SIGSTOP');
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(order('chaos-rest-1')) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'DESK502U' });
    expect(res.json().msg).toContain('the order may exist');
    expect(await rowOf('chaos-rest-1')).toMatchObject({ state: 'unknown' });
    sim.child.kill('SIGCONT');
    await expect.poll(() => rowOf('chaos-rest-1'), { timeout: 30_000, interval: 200 }).toMatchObject({ state: 'complete', code: '00000' });
    expect((await rowOf('chaos-rest-1'))!.msg).toMatch(/chaos-rest-1: placed \((live|new)\)/);
  }, 60_000);

  it('WebSocket: "unknown, checking", then exactly one final answer; the row goes unknown, then live', async () => {
    const headers = await session();
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/private?account=main`, { headers: { cookie: headers.cookie, origin: TEST_ORIGIN } });
    const frames: Record<string, unknown>[] = [];
    ws.on('message', (d) => {
      const text = d.toString();
      if (text !== 'pong') frames.push(JSON.parse(text) as Record<string, unknown>);
    });
    await once(ws, 'open');
    await expect.poll(() => frames.some((f) => f.event === 'login'), { timeout: 10_000 }).toBe(true);
    sim.child.kill('SIGSTOP');
    ws.send(JSON.stringify({ op: 'trade', id: 'c1', category: 'spot', topic: 'place-order', args: [{ ...order('chaos-ws-1'), category: undefined }] }));
    await expect.poll(() => frames.find((f) => f.event === 'trade-status' && f.id === 'c1'), { timeout: 10_000 }).toMatchObject({ status: 'unknown' });
    expect(await rowOf('chaos-ws-1')).toMatchObject({ state: 'unknown' });
    sim.child.kill('SIGCONT');
    const finals = () => frames.filter((f) => (f.event === 'trade' || f.event === 'error') && f.id === 'c1');
    await expect.poll(() => finals().length, { timeout: 30_000, interval: 200 }).toBe(1);
    expect(finals()[0]).toMatchObject({ event: 'trade', code: '0' });
    await expect.poll(() => rowOf('chaos-ws-1'), { timeout: 30_000, interval: 200 }).toMatchObject({ state: 'complete', code: expect.stringMatching(/^0(0000)?$/) });
    // Whichever came second (the exchange's late answer or the lookup) was not passed on.
    const settle = Date.now() + 2000;
    await expect.poll(() => Date.now() > settle, { timeout: 5000 }).toBe(true);
    expect(finals()).toHaveLength(1);
    ws.terminate();
  }, 90_000);
});
