// Issue 16: one test per finding of the red-team pass (each failed on the code before the
// fix), against the whole proxy: REST on a fake exchange, the WebSocket relay on a test
// exchange socket, sessions and the audit log as the proxy keeps them.
import { once } from 'node:events';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { AuditStore } from './audit/audit-store';
import { memoryStore } from './core/storage/open-storage';
import { TestUpstream } from './test-support/ws-test-upstream';
import { FakeUpstream, type RecordedCall } from './test-support/fake-upstream';
import { relayWithLimits } from './test-support/relay-with-limits';
import { TEST_ORIGIN, testAccounts, testDesk, validOrder, type TestDesk } from './test-support/test-desk';

const mainKey = testAccounts[0]!;
const TRADE_TIMEOUT_MS = 300;

let rest: FakeUpstream;
let exchangeWs: TestUpstream;
let desk: TestDesk;
let port: number;

/** The relay with a short trade timeout, so an answer that never comes is seen quickly. */
const relayForTests = relayWithLimits({ tradeTimeoutMs: TRADE_TIMEOUT_MS, upstreamMsgsPerSecond: 1000, sessionCheckMs: 100 });

/** Answers the order lists the reconciler reads: `orders` by clientOid, as the exchange would. */
const orders = new Map<string, { orderId: string; state: string }>();
function answerOrderLists(call: RecordedCall): { status: number; body: unknown } | undefined {
  if (!/unfilled-orders|history-orders/.test(call.url)) return undefined;
  const clientOid = new URL(call.url, 'http://x').searchParams.get('clientOid') ?? '';
  const o = orders.get(clientOid);
  const list = o && (call.url.includes('unfilled') ? o.state === 'live' : o.state !== 'live') ? [{ ...o, clientOid, symbol: 'BTCUSDT', category: 'spot' }] : [];
  return { status: 200, body: { code: '00000', msg: 'success', requestTime: Date.now(), data: { list, cursor: '' } } };
}

beforeAll(async () => {
  rest = await FakeUpstream.start();
  rest.respond(answerOrderLists);
  exchangeWs = await TestUpstream.start([mainKey]);
  desk = await testDesk(
    rest.url,
    { upstream: { timeoutMs: TRADE_TIMEOUT_MS }, rate: { queueBound: 1, overridePerSecond: 1 } },
    { upstreamWs: { wsPublic: exchangeWs.publicUrl, wsPrivate: exchangeWs.privateUrl }, attachWsRelay: relayForTests },
  );
  await desk.app.listen({ host: '127.0.0.1', port: 0 });
  port = (desk.app.server.address() as { port: number }).port;
});
afterAll(async () => {
  rest.release();
  await desk.app.close();
  await exchangeWs.close();
  await rest.close();
});

const sockets: WebSocket[] = [];
afterEach(() => {
  for (const ws of sockets.splice(0)) ws.terminate();
  rest.stall = undefined;
  exchangeWs.holdTrades = false;
});

interface Browser {
  ws: WebSocket;
  frames: Record<string, unknown>[];
  closed: Promise<{ code: number; reason: string }>;
  next(match: (m: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

async function openSocket(cookie: string, path = '/ws/private?account=main'): Promise<Browser> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`, { headers: { cookie, origin: TEST_ORIGIN } });
  sockets.push(ws);
  const frames: Record<string, unknown>[] = [];
  const waiters: { match: (m: Record<string, unknown>) => boolean; resolve: (m: Record<string, unknown>) => void; from: number }[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    if (text === 'pong') return;
    const m = JSON.parse(text) as Record<string, unknown>;
    frames.push(m);
    for (const w of [...waiters]) {
      if (!w.match(m)) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(m);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  await once(ws, 'open');
  const next = (match: (m: Record<string, unknown>) => boolean, timeoutMs = 3000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const seen = frames.find(match);
      if (seen) return resolve(seen);
      const t = setTimeout(() => reject(new Error(`no matching frame in ${timeoutMs} ms; got ${JSON.stringify(frames)}`)), timeoutMs);
      waiters.push({ match, resolve: (m) => (clearTimeout(t), resolve(m)), from: frames.length });
    });
  return { ws, frames, closed, next };
}

async function loggedInSocket(cookie: string): Promise<Browser> {
  const b = await openSocket(cookie);
  await b.next((m) => m.event === 'login');
  return b;
}

const placeOp = (id: string, clientOid: string) => ({ op: 'trade', id, category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '43000.5', timeInForce: 'gtc', clientOid }] });
const tradesUpstream = () => exchangeWs.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'trade') as Record<string, unknown>[];
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('finding 1: session changes reach open sockets within 1 s', () => {
  it('closes the private socket on logout, saying why, and a trade op after it is neither sent nor audited', async () => {
    const s = await desk.signIn('trader', ['main'], 'logout-user');
    const b = await loggedInSocket(s.cookie);
    const before = Date.now();
    const out = await desk.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: s.cookie, 'x-desk-csrf': s.csrf } });
    expect(out.statusCode).toBe(200);
    b.ws.send(JSON.stringify(placeOp('after-logout', 'after-logout')));
    const closed = await b.closed;
    expect(Date.now() - before).toBeLessThan(1000);
    expect(closed).toEqual({ code: 4401, reason: 'session ended: signed out' });
    expect(b.frames.some((f) => f.code === 'DESK401S')).toBe(true);
    expect(tradesUpstream().some((m) => m.id === 'after-logout')).toBe(false);
    expect((await desk.auditStore.query({ user: 'logout-user' })).list).toEqual([]);
  });

  it('closes it when another process removes the user, and the order sent right after is not placed or audited', async () => {
    const s = await desk.signIn('trader', ['main'], 'removed-user');
    const b = await loggedInSocket(s.cookie);
    // As bin/users.ts does: straight in the users' table, not through this proxy.
    await desk.userStore.remove('removed-user');
    b.ws.send(JSON.stringify(placeOp('after-removal', 'after-removal')));
    expect(await b.closed).toEqual({ code: 4401, reason: 'session ended: user removed' });
    expect(tradesUpstream().some((m) => m.id === 'after-removal')).toBe(false);
    expect((await desk.auditStore.query({ user: 'removed-user' })).list).toEqual([]);
  });

  it('refuses a REST order at once when another process removed the user (no cached session)', async () => {
    const s = await desk.signIn('trader', ['main'], 'removed-rest');
    expect((await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: s.cookie } })).statusCode).toBe(200);
    await desk.userStore.remove('removed-rest');
    const before = rest.calls.length;
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers: s.headers, payload: JSON.stringify({ ...validOrder, clientOid: 'removed-rest-1' }) });
    expect(res.statusCode).toBe(401);
    expect(rest.calls.length).toBe(before);
    expect((await desk.auditStore.query({ user: 'removed-rest' })).list).toEqual([]);
    // The page that drops to the login form learns why from /auth/me.
    const me = await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: s.cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'DESK401S' });
    expect(me.json<{ msg: string }>().msg).toContain('user removed');
  });

  it('closes every socket of a user demoted to viewer, public ones too', async () => {
    const s = await desk.signIn('trader', ['main'], 'demoted-user');
    const priv = await loggedInSocket(s.cookie);
    const pub = await openSocket(s.cookie, '/ws/public');
    const before = Date.now();
    await desk.userStore.put({ name: 'demoted-user', role: 'viewer', accounts: ['main'], passwordHash: 'unused' });
    expect(await priv.closed).toEqual({ code: 4401, reason: 'session ended: role or accounts changed' });
    expect(await pub.closed).toEqual({ code: 4401, reason: 'session ended: role or accounts changed' });
    expect(Date.now() - before).toBeLessThan(1000);
  });

  it('closes it when the account list changes', async () => {
    const s = await desk.signIn('trader', ['main', 'sub'], 'reaccounted-user');
    const b = await loggedInSocket(s.cookie);
    await desk.userStore.put({ name: 'reaccounted-user', role: 'trader', accounts: ['sub'], passwordHash: 'unused' });
    expect((await b.closed).code).toBe(4401);
  });
});

describe('finding 2: unknown outcomes are first-class', () => {
  it('REST: a place-order whose answer never came says the order may exist, is audited unknown, then completed by clientOid', async () => {
    const s = await desk.signIn('trader', ['main'], 'rest-unknown');
    rest.stall = (c) => c.url.includes('place-order');
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers: s.headers, payload: JSON.stringify({ ...validOrder, clientOid: 'lost-rest-1' }) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'DESK502U' });
    expect(res.json().msg).toContain('the order may exist');
    const [row] = (await desk.auditStore.query({ user: 'rest-unknown' })).list;
    expect(row).toMatchObject({ state: 'unknown', clientOids: ['lost-rest-1'] });
    expect(row!.code).not.toBe('DESK502');
    // The exchange did take it: the reconciler finds it and completes the row with the truth.
    orders.set('lost-rest-1', { orderId: '777001', state: 'live' });
    await expect.poll(async () => (await desk.auditStore.query({ user: 'rest-unknown' })).list[0], { timeout: 5000 }).toMatchObject({ state: 'complete', code: '00000', orderIds: ['777001'] });
  });

  it('WebSocket: a trade op past its timeout is "unknown, checking", then gets exactly one final answer', async () => {
    const s = await desk.signIn('trader', ['main'], 'ws-unknown');
    const b = await loggedInSocket(s.cookie);
    exchangeWs.holdTrades = true;
    orders.set('lost-ws-1', { orderId: '888001', state: 'filled' });
    b.ws.send(JSON.stringify(placeOp('w1', 'lost-ws-1')));
    const status = await b.next((m) => m.event === 'trade-status' && m.id === 'w1');
    expect(status).toMatchObject({ status: 'unknown', code: 'DESK502U' });
    const final = await b.next((m) => (m.event === 'trade' || m.event === 'error') && m.id === 'w1', 6000);
    expect(final).toMatchObject({ event: 'trade', code: '0' });
    expect(JSON.stringify(final.args)).toContain('888001');
    // The exchange's own late answer arrives now: it is not passed on as a second answer.
    exchangeWs.releaseTrades();
    await wait(300);
    expect(b.frames.filter((m) => (m.event === 'trade' || m.event === 'error') && m.id === 'w1')).toHaveLength(1);
    expect((await desk.auditStore.query({ user: 'ws-unknown' })).list[0]).toMatchObject({ state: 'complete', code: '00000' });
  });

  it('reconciles at start every row a previous run left `sent`', async () => {
    const store = new AuditStore(await memoryStore('audit'));
    const id = await store.begin({ time: 1, user: 'crashed', account: 'main', endpoint: 'placeOrder', method: 'POST', path: '/api/v3/trade/place-order', channel: 'rest', requestBody: '{}', orderIds: [], clientOids: ['left-sent-1'] });
    orders.set('left-sent-1', { orderId: '999001', state: 'live' });
    const restarted = await testDesk(rest.url, {}, { auditStore: store });
    try {
      await expect.poll(async () => (await store.query({ user: 'crashed' })).list[0], { timeout: 5000 }).toMatchObject({ id, state: 'complete', code: '00000', orderIds: ['999001'] });
    } finally {
      await restarted.app.close();
    }
  });
});

describe('finding 4: parameters naming a UID are checked against the allowed accounts', () => {
  it("refuses a user limited to main reading another account's data through subUid", async () => {
    const s = await desk.signIn('trader', ['main'], 'main-only');
    const before = rest.calls.length;
    const res = await desk.app.inject({ method: 'GET', url: '/api/v3/account/max-transferable?coin=USDT&subUid=1000002', headers: s.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'DESK403A' });
    expect(rest.calls.length).toBe(before);
    const own = await desk.app.inject({ method: 'GET', url: '/api/v3/account/max-transferable?coin=USDT&subUid=1000001', headers: s.headers });
    expect(own.statusCode).toBe(200);
  });
});

describe('finding 6: duplicate JSON keys', () => {
  it('refuses a body that repeats a key with 400 naming it, and sends nothing', async () => {
    const s = await desk.signIn('trader', ['main'], 'dup-keys');
    const before = rest.calls.length;
    const body = JSON.stringify({ ...validOrder, clientOid: 'dup-1' }).replace('"price":"43000.5"', '"price":"-1","price":"43000.5"');
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers: s.headers, payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'DESK400', field: 'price' });
    expect(rest.calls.length).toBe(before);
  });
});

describe('finding 7: WebSocket ops get the strict catalog checks', () => {
  it('refuses a trade op with unknown top-level fields, an unknown private topic and 51 args, one error frame each, nothing upstream', async () => {
    const s = await desk.signIn('trader', ['main'], 'strict-ws');
    const b = await loggedInSocket(s.cookie);
    const upBefore = exchangeWs.receivedOn('/v3/ws/private').length;
    b.ws.send(JSON.stringify({ ...placeOp('x1', 'strict-1'), uid: '1000002', apiKey: 'other' }));
    const e1 = await b.next((m) => m.event === 'error' && m.id === 'x1');
    expect(String(e1.msg)).toMatch(/uid|apiKey/);
    b.ws.send(JSON.stringify({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'withdrawals' }] }));
    b.ws.send(JSON.stringify({ op: 'subscribe', args: Array.from({ length: 51 }, () => ({ instType: 'UTA', topic: 'order' })) }));
    await wait(200);
    const errors = b.frames.filter((m) => m.event === 'error');
    expect(errors).toHaveLength(3);
    expect(String(errors[2]!.msg)).toContain('at most 50');
    const upstreamNow = exchangeWs.receivedOn('/v3/ws/private').slice(upBefore);
    expect(upstreamNow).toEqual([]);
  });
});

describe('finding 8: nesting depth is limited before parsing', () => {
  const deep = (n: number) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;
  it('REST: a 20,000-level body is a 400 that says so, not a 503 from the audit log', async () => {
    const s = await desk.signIn('trader', ['main'], 'deep-rest');
    const res = await desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers: s.headers, payload: deep(20_000) });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('nests deeper than 32 levels');
  });
  it('WebSocket: a 20,000-level trade op is one error frame that says so', async () => {
    const s = await desk.signIn('trader', ['main'], 'deep-ws');
    const b = await loggedInSocket(s.cookie);
    b.ws.send(`{"op":"trade","id":"d1","topic":"place-order","args":[{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}]}`);
    const e = await b.next((m) => m.event === 'error');
    expect(String(e.msg)).toContain('nests deeper');
    expect(e.code).not.toBe('DESK503');
  });
});

describe('finding 9: private sockets per user are limited', () => {
  it('refuses the fifth private socket of a user with a clear error and close reason; four upstream logins, not five', async () => {
    const s = await desk.signIn('trader', ['main'], 'many-tabs');
    const logins = () => exchangeWs.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'login').length;
    const before = logins();
    for (let i = 0; i < 4; i++) await loggedInSocket(s.cookie);
    const fifth = await openSocket(s.cookie);
    const closed = await fifth.closed;
    expect(closed).toEqual({ code: 4429, reason: 'too many private sockets (limit 4)' });
    expect(fifth.frames[0]).toMatchObject({ event: 'error', code: 'DESK429S' });
    expect(logins() - before).toBe(4);
  });
});

describe('finding 11: smaller gaps', () => {
  it('refuses a Host that is not one of the desk names (DNS rebinding) in the envelope', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { host: 'evil.example:18080' } });
    expect(res.statusCode).toBe(421);
    expect(res.json()).toMatchObject({ code: 'DESK421', data: null });
    expect((await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { host: '127.0.0.1:18080' } })).statusCode).toBe(401);
  });

  it('refuses a WebSocket upgrade for an unknown Host too', async () => {
    const s = await desk.signIn('trader', ['main'], 'rebind-ws');
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/public`, { headers: { cookie: s.cookie, origin: TEST_ORIGIN, host: 'evil.example' } });
    ws.on('error', () => {}); // the refused handshake ends in an error event too
    const [, res] = (await once(ws, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(res.statusCode).toBe(403);
  });

  it('sends Retry-After on a DESK429', async () => {
    const s = await desk.signIn('trader', ['main'], 'busy');
    const calls = await Promise.all(Array.from({ length: 4 }, () => desk.app.inject({ method: 'GET', url: '/api/v3/account/settings', headers: s.headers })));
    const refused = calls.find((c) => c.statusCode === 429);
    expect(refused?.json()).toMatchObject({ code: 'DESK429' });
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });

  /** A raw HTTP exchange: what the framework itself answers, before any route. */
  async function rawRequest(text: string): Promise<string> {
    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    socket.write(text);
    let got = '';
    socket.on('data', (d) => (got += d.toString()));
    await once(socket, 'close');
    return got;
  }

  it("answers the framework's own 400 and 431 in the desk's envelope", async () => {
    const bad = await rawRequest('GARBAGE\r\n\r\n');
    expect(bad).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(bad.slice(bad.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'DESK400', data: null });
    const big = await rawRequest(`GET /auth/me HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431/);
    expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'DESK431', data: null });
    const missing = await desk.app.inject({ method: 'POST', url: '/no/such/route' });
    expect(missing.json()).toMatchObject({ code: 'DESK404', data: null });
  });

  it('ends the previous session when the browser signs in as another user', async () => {
    const first = await desk.signIn('trader', ['main'], 'first-user');
    const token = desk.issueAdminLoginPath();
    const res = await desk.app.inject({ method: 'GET', url: token, headers: { cookie: first.cookie } });
    expect(res.statusCode).toBe(302);
    expect((await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: first.cookie } })).statusCode).toBe(401);
  });
});
