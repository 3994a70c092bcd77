import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { OrderBook } from '@contract/book/order-book';
import { attachWsRelay, type WsRelay } from './ws-relay';
import type { Database } from 'better-sqlite3';
import { AuditStore } from '../audit/audit-store';
import { openDatabase } from '../core/open-database';
import { sqliteStoreOn } from '../core/storage/open-storage';
import type { WsRelayHooks } from './ws-relay-hooks';
import { depsFromHooks } from './ws-relay-hooks';
import type { RelayLimits, RelaySession, WsAuditRecord, WsRelayDeps } from './ws-relay-types';
import { TestUpstream, type TestKey } from '../test-support/ws-test-upstream';

const KEY: TestKey = { apiKey: 'relay-test-key-7f3a', secret: 'relay-test-secret-91c2', passphrase: 'relay-test-pass-55d0' };
const TRADER: RelaySession = {
  user: 'alice',
  role: 'trader',
  permissions: ['market.read', 'trade.read', 'trade.write', 'account.read'],
  accounts: ['main'],
};
const VIEWER: RelaySession = { user: 'victor', role: 'viewer', permissions: ['market.read', 'trade.read', 'account.read'], accounts: ['main'] };
const BOOKS = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };

interface Desk {
  relay: WsRelay;
  upstream: TestUpstream;
  port: number;
  audits: WsAuditRecord[];
  logLines: string[];
  browsers: Browser[];
  /** Replaces the audit writer (to hold an answer back, to fail, or to write to a real log). */
  auditHook: WsRelayDeps['audit'] | null;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function startDesk(limits: Partial<RelayLimits> = {}, keys: TestKey[] = [KEY]): Promise<Desk> {
  const upstream = await TestUpstream.start(keys);
  const server: Server = createServer((_req, res) => res.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  const logLines: string[] = [];
  const log = (level: string) => (obj: object, msg?: string) => logLines.push(JSON.stringify({ level, ...obj, msg }));
  const desk: Desk = { relay: undefined as unknown as WsRelay, upstream, port, audits: [], logLines, browsers: [], auditHook: null };
  desk.relay = attachWsRelay(server, {
    authenticateUpgrade: (req: IncomingMessage) => {
      const sid = /sid=(\w+)/.exec(req.headers.cookie ?? '')?.[1];
      return sid === 'trader' ? TRADER : sid === 'viewer' ? VIEWER : null;
    },
    checkOrigin: (req) => req.headers.origin === `http://127.0.0.1:${port}`,
    accountFor: (session, name) => (name === 'main' && session.accounts.includes('main') ? { name: 'main', uid: '1000001', ...KEY } : null),
    upstream: { publicUrl: upstream.publicUrl, privateUrl: upstream.privateUrl },
    audit: (r) => {
      desk.audits.push(r);
      return desk.auditHook ? desk.auditHook(r) : desk.audits.length;
    },
    logger: { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') },
    limits: { reconnectBaseMs: 20, reconnectMaxMs: 100, upstreamMsgsPerSecond: 1000, ...limits },
  });
  cleanups.push(async () => {
    for (const b of desk.browsers) b.ws.terminate();
    await desk.relay.close();
    await upstream.close();
    server.close();
  });
  return desk;
}

/** A browser's socket that keeps every frame and lets a test wait for one. */
class Browser {
  readonly frames: string[] = [];
  readonly messages: (Record<string, unknown> | string)[] = [];
  private waiters: { match: (m: Record<string, unknown> | string) => boolean; resolve: (m: Record<string, unknown> | string) => void; pos: number }[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      this.frames.push(text);
      // A batching browser (?batch=1) gets a burst as one frame: a JSON array of messages.
      if (text.startsWith('[')) for (const m of JSON.parse(text) as Record<string, unknown>[]) this.messages.push(m);
      else this.messages.push(parse(text));
      this.check();
    });
  }

  send(msg: object | string): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first message from index `from` on that matches. */
  next(match: (m: Record<string, unknown> | string) => boolean, from = 0): Promise<Record<string, unknown> | string> {
    return new Promise((resolve) => {
      this.waiters.push({ match, resolve, pos: from });
      this.check();
    });
  }

  private check(): void {
    this.waiters = this.waiters.filter((w) => {
      for (; w.pos < this.messages.length; w.pos++) {
        const m = this.messages[w.pos]!;
        if (w.match(m)) {
          w.resolve(m);
          return false;
        }
      }
      return true;
    });
  }
}

function parse(text: string): Record<string, unknown> | string {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
}

const isEvent = (event: string) => (m: Record<string, unknown> | string) => typeof m === 'object' && m.event === event;
const isBooks = (action: string) => (m: Record<string, unknown> | string) =>
  typeof m === 'object' && m.action === action && (m.arg as { topic?: string } | undefined)?.topic === 'books';

async function connect(desk: Desk, path: string, cookie = 'sid=trader', origin = `http://127.0.0.1:${desk.port}`): Promise<Browser> {
  const ws = new WebSocket(`ws://127.0.0.1:${desk.port}${path}`, { headers: { cookie, origin } });
  const browser = new Browser(ws);
  desk.browsers.push(browser);
  await once(ws, 'open');
  return browser;
}

async function refusedStatus(desk: Desk, path: string, cookie: string, origin: string): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${desk.port}${path}`, { headers: { cookie, origin } });
  ws.on('error', () => {});
  const [, res] = (await once(ws, 'unexpected-response')) as [unknown, IncomingMessage];
  res.resume();
  ws.terminate();
  return res.statusCode ?? 0;
}

async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((r) => setTimeout(r, 5));
}

/** Rebuilds a browser's book from its frames, checking every checksum on the way. */
function rebuild(frames: (Record<string, unknown> | string)[]): OrderBook {
  const book = new OrderBook({ priceScale: 2, sizeScale: 6 });
  for (const m of frames) {
    if (typeof m !== 'object' || m.action === undefined || (m.arg as { topic?: string } | undefined)?.topic !== 'books') continue;
    const data = (m.data as Parameters<OrderBook['applySnapshot']>[0][])[0]!;
    const r = m.action === 'snapshot' ? book.applySnapshot(data) : book.applyUpdate(data);
    expect(r).toEqual({ status: 'ok' });
  }
  return book;
}

describe('WebSocket relay: upgrade', () => {
  it('refuses an upgrade without a session with 401 and one from another Origin with 403, before any handshake', async () => {
    const desk = await startDesk();
    expect(await refusedStatus(desk, '/ws/public', '', `http://127.0.0.1:${desk.port}`)).toBe(401);
    expect(await refusedStatus(desk, '/ws/private?account=main', 'sid=nobody', `http://127.0.0.1:${desk.port}`)).toBe(401);
    expect(await refusedStatus(desk, '/ws/public', 'sid=trader', 'http://evil.example')).toBe(403);
    expect(await refusedStatus(desk, '/ws/private?account=main', 'sid=trader', 'http://evil.example')).toBe(403);
    expect(await refusedStatus(desk, '/ws/private?account=other', 'sid=trader', `http://127.0.0.1:${desk.port}`)).toBe(403);
    expect(desk.upstream.conns).toHaveLength(0);
    expect(desk.relay.connections.size).toBe(0);
  });
});

describe('WebSocket relay: private socket', () => {
  it('logs in upstream with the account keys and tells the browser; a browser login is answered locally', async () => {
    const desk = await startDesk();
    const browser = await connect(desk, '/ws/private?account=main');
    expect(await browser.next(isEvent('login'))).toEqual({ event: 'login', code: 0, msg: '' });
    browser.send({ op: 'login', args: [] });
    browser.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'account' }] });
    expect(await browser.next(isEvent('subscribe'))).toEqual({ event: 'subscribe', arg: { instType: 'UTA', topic: 'account' } });
    await browser.next((m) => typeof m === 'object' && (m.arg as { topic?: string } | undefined)?.topic === 'account' && m.action === 'snapshot');
    const logins = desk.upstream.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'login');
    // Exactly the relay's own login (the fake checked its signature, seconds timestamp); the browser's never went up.
    expect(logins).toHaveLength(1);
    expect((logins[0] as { args: { apiKey: string }[] }).args[0]!.apiKey).toBe(KEY.apiKey);
    expect(browser.messages.filter(isEvent('login'))).toHaveLength(2);
  });

  it('refuses a batch of 21 orders and a bad clientOid with an error naming the field, and forwards neither', async () => {
    const desk = await startDesk();
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    const order = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100', qty: '0.01', timeInForce: 'gtc' };
    browser.send({ op: 'trade', id: 'b21', category: 'spot', topic: 'batch-place', args: Array.from({ length: 21 }, (_, i) => ({ ...order, clientOid: `c${i}` })) });
    browser.send({ op: 'trade', id: 'oid', category: 'spot', topic: 'place-order', args: [{ ...order, clientOid: 'bad/oid!' }] });
    const batch = (await browser.next((m) => typeof m === 'object' && m.id === 'b21')) as Record<string, unknown>;
    const oid = (await browser.next((m) => typeof m === 'object' && m.id === 'oid')) as Record<string, unknown>;
    expect(batch).toMatchObject({ event: 'error', code: 'DESK400', field: 'args' });
    expect(String(batch.msg)).toContain('at most 20');
    expect(oid).toMatchObject({ event: 'error', code: 'DESK400', field: 'args.0.clientOid' });
    expect(String(oid.msg)).toContain('clientOid');
    expect(desk.upstream.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'trade')).toHaveLength(0);
    expect(desk.audits.map((a) => [a.endpoint, a.code, a.decidedBy])).toEqual([
      ['ws:batch-place', 'DESK400', 'relay'],
      ['ws:place-order', 'DESK400', 'relay'],
    ]);
  });

  it('refuses a trade op from a role without trade.write, as REST does', async () => {
    const desk = await startDesk();
    const browser = await connect(desk, '/ws/private?account=main', 'sid=viewer');
    await browser.next(isEvent('login'));
    browser.send({ op: 'trade', id: 'v1', category: 'spot', topic: 'cancel-order', args: [{ orderId: '1', symbol: 'BTCUSDT' }] });
    expect(await browser.next((m) => typeof m === 'object' && m.id === 'v1')).toMatchObject({ event: 'error', code: 'DESK403' });
    expect(desk.upstream.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'trade')).toHaveLength(0);
  });

  it('writes the outcome of a trade op before the browser sees the answer', async () => {
    const desk = await startDesk();
    let release = (): void => {};
    desk.auditHook = (r) => (r.state === 'complete' ? new Promise<void>((done) => (release = done)) : 41);
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    const op = { op: 'trade', id: 'p1', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100', qty: '0.01', clientOid: 'desk-1' }] };
    browser.send(op);
    await until(() => desk.audits.length === 2);
    // The relay is still answering (a ping round trip), but the trade answer waits for the audit write.
    browser.send('ping');
    await browser.next((m) => m === 'pong');
    expect(browser.messages.some((m) => typeof m === 'object' && m.id === 'p1')).toBe(false);
    release();
    expect(await browser.next((m) => typeof m === 'object' && m.id === 'p1')).toMatchObject({ event: 'trade', code: '0' });
    expect(desk.audits[1]).toMatchObject({ user: 'alice', account: 'main', uid: '1000001', endpoint: 'ws:place-order', code: '0', clientOid: 'desk-1', decidedBy: 'upstream', body: op });
    expect(desk.audits[1]).toMatchObject({ state: 'complete', sentRow: 41 });
    expect(desk.audits[1]!.orderId).toMatch(/^\d+$/);
  });
  it('never puts the key, secret or passphrase in a browser frame or a log line, even when upstream echoes them', async () => {
    const desk = await startDesk();
    const ok = await connect(desk, '/ws/private?account=main');
    await ok.next(isEvent('login'));
    ok.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'account' }, { instType: 'UTA', topic: 'order' }] });
    ok.send({ op: 'trade', id: 't1', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '1' }] });
    await ok.next((m) => typeof m === 'object' && m.id === 't1');
    // A second desk whose upstream rejects the key: the fake's error text contains the apiKey.
    const bad = await startDesk({}, [{ ...KEY, secret: 'some-other-secret' }]);
    const refused = await connect(bad, '/ws/private?account=main');
    await refused.next(isEvent('error'));
    await once(refused.ws, 'close');
    const everything = [...ok.frames, ...refused.frames, ...desk.logLines, ...bad.logLines].join('\n');
    expect(everything.length).toBeGreaterThan(0);
    for (const s of [KEY.apiKey, KEY.secret, KEY.passphrase]) expect(everything).not.toContain(s);
  });
});

const placeOp = (id: string, clientOid: string) => ({
  op: 'trade',
  id,
  category: 'spot',
  topic: 'place-order',
  args: [{ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100', qty: '0.01', clientOid }],
});
const upstreamTrades = (desk: Desk) => desk.upstream.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'trade');

describe('WebSocket relay: write-ahead audit of trade ops', () => {
  /** The proxy's own audit log (AuditStore through depsFromHooks) on a database the test can break. */
  async function realLog(desk: Desk): Promise<{ db: Database; store: AuditStore }> {
    const db = openDatabase(':memory:');
    const store = new AuditStore(await sqliteStoreOn(db, 'audit'));
    const { audit } = depsFromHooks({ audit: store, upstream: { wsPublic: '', wsPrivate: '' } } as unknown as WsRelayHooks);
    desk.auditHook = audit;
    cleanups.push(async () => {
      db.close();
    });
    return { db, store };
  }

  it('writes the row (state sent) before the op reaches the exchange, and completes that row with the answer', async () => {
    const desk = await startDesk();
    const { store } = await realLog(desk);
    let tradesUpstreamAtSent = -1;
    const write = desk.auditHook!;
    desk.auditHook = (r) => {
      if (r.state === 'sent') tradesUpstreamAtSent = upstreamTrades(desk).length;
      return write(r);
    };
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    browser.send(placeOp('w1', 'ws-1'));
    expect(await browser.next((m) => typeof m === 'object' && m.id === 'w1')).toMatchObject({ event: 'trade', code: '0' });
    expect(tradesUpstreamAtSent).toBe(0);
    expect(upstreamTrades(desk)).toHaveLength(1);
    const rows = (await store.query({})).list;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'complete', channel: 'ws', endpoint: 'ws:place-order', httpStatus: 200, code: '0', clientOids: ['ws-1'] });
    expect(rows[0]!.orderIds).toEqual([expect.stringMatching(/^\d+$/)]);
  });

  it('refuses the op with DESK503 naming the audit log, and sends nothing, when its row cannot be written', async () => {
    const desk = await startDesk();
    const { db, store } = await realLog(desk);
    db.exec(`CREATE TRIGGER fail_insert BEFORE INSERT ON audit BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    browser.send(placeOp('n1', 'ws-2'));
    const answer = (await browser.next((m) => typeof m === 'object' && m.id === 'n1')) as Record<string, unknown>;
    expect(answer).toMatchObject({ event: 'error', code: 'DESK503' });
    expect(String(answer.msg)).toContain('audit log is unavailable; nothing was sent');
    // A ping round trip: anything the relay was going to send upstream has gone by now.
    browser.send('ping');
    await browser.next((m) => m === 'pong');
    expect(upstreamTrades(desk)).toHaveLength(0);
    expect((await store.query({})).list).toHaveLength(0);
    expect(desk.logLines.some((l) => l.includes('audit log unavailable; trade op not sent') && l.includes('disk full'))).toBe(true);
  });

  it('refuses the op with DESK503 when an asynchronous audit log rejects the row, and sends nothing', async () => {
    const desk = await startDesk();
    desk.auditHook = (r) => (r.state === 'sent' ? Promise.reject(new Error('log offline')) : undefined);
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    browser.send(placeOp('n2', 'ws-3'));
    expect(await browser.next((m) => typeof m === 'object' && m.id === 'n2')).toMatchObject({ event: 'error', code: 'DESK503' });
    browser.send('ping');
    await browser.next((m) => m === 'pong');
    expect(upstreamTrades(desk)).toHaveLength(0);
  });

  it("delivers the exchange's answer when the outcome cannot be recorded; the row stays sent", async () => {
    const desk = await startDesk();
    const { db, store } = await realLog(desk);
    db.exec(`CREATE TRIGGER fail_update BEFORE UPDATE ON audit BEGIN SELECT RAISE(ABORT, 'disk full'); END`);
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    browser.send(placeOp('u1', 'ws-4'));
    expect(await browser.next((m) => typeof m === 'object' && m.id === 'u1')).toMatchObject({ event: 'trade', code: '0' });
    expect(upstreamTrades(desk)).toHaveLength(1);
    expect((await store.query({})).list).toEqual([expect.objectContaining({ state: 'sent', httpStatus: 0, code: '', clientOids: ['ws-4'] })]);
    expect(desk.logLines.some((l) => l.includes('the row stays') && l.includes('disk full'))).toBe(true);
  });
});

describe('WebSocket relay: shared public subscriptions', () => {
  it('holds one upstream subscription for two browsers, fans pushes out to both, and gives a late joiner a snapshot', async () => {
    const desk = await startDesk();
    const a = await connect(desk, '/ws/public');
    const b = await connect(desk, '/ws/public');
    a.send({ op: 'subscribe', args: [BOOKS] });
    await a.next(isBooks('snapshot'));
    b.send({ op: 'subscribe', args: [BOOKS] });
    await b.next(isBooks('snapshot'));
    for (let i = 0; i < 40; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    const c = await connect(desk, '/ws/public');
    c.send({ op: 'subscribe', args: [{ ...BOOKS, instType: 'USDT-FUTURES' }] });
    await c.next(isBooks('snapshot'));
    for (let i = 40; i < 60; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    const seq = desk.upstream.expectedBook('BTCUSDT').seq;
    for (const browser of [a, b, c]) await browser.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq);

    const subscribes = desk.upstream.receivedOn('/v3/ws/public').filter((m) => (m as { op?: string }).op === 'subscribe');
    expect(subscribes).toHaveLength(1);
    expect(desk.upstream.open('/v3/ws/public')).toHaveLength(1);
    const expected = desk.upstream.expectedBook('BTCUSDT');
    for (const browser of [a, b, c]) {
      const book = rebuild(browser.messages);
      expect(book.seq).toBe(expected.seq);
      expect(book.checksum()).toBe(expected.checksum);
    }
    // The late joiner's first books message is the relay's snapshot, in its own spelling.
    const first = c.messages.find(isBooks('snapshot')) as { arg: { instType: string } };
    expect(first.arg.instType).toBe('USDT-FUTURES');
    expect(c.messages.filter(isEvent('subscribe'))).toHaveLength(1);
  });

  it('sends a browser that asked for batch=1 each burst as one frame of a JSON array, the same messages in order; others get single frames', async () => {
    const desk = await startDesk();
    const plain = await connect(desk, '/ws/public');
    const batched = await connect(desk, '/ws/public?batch=1');
    for (const b of [plain, batched]) {
      b.send({ op: 'subscribe', args: [BOOKS] });
      await b.next(isBooks('snapshot'));
    }
    for (let i = 0; i < 200; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    const seq = desk.upstream.expectedBook('BTCUSDT').seq;
    const last = (m: Record<string, unknown> | string) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq;
    await plain.next(last);
    await batched.next(last);
    const expected = desk.upstream.expectedBook('BTCUSDT');
    for (const b of [plain, batched]) {
      const book = rebuild(b.messages);
      expect(book.seq).toBe(expected.seq);
      expect(book.checksum()).toBe(expected.checksum);
    }
    // The second subscriber's snapshot is the relay's own (its ts differs); the updates are upstream's.
    const updates = (b: Browser) => b.messages.filter((m) => typeof m === 'object' && m.action === 'update');
    expect(updates(batched)).toHaveLength(200);
    expect(updates(batched)).toEqual(updates(plain));
    expect(plain.frames.some((f) => f.startsWith('['))).toBe(false);
    expect(batched.frames.some((f) => f.startsWith('['))).toBe(true);
    expect(batched.frames.length).toBeLessThan(plain.frames.length);
  });

  it('unsubscribes upstream when the last browser leaves and terminates the unused upstream socket', async () => {
    const desk = await startDesk();
    const a = await connect(desk, '/ws/public');
    const b = await connect(desk, '/ws/public');
    a.send({ op: 'subscribe', args: [BOOKS] });
    b.send({ op: 'subscribe', args: [BOOKS] });
    await a.next(isBooks('snapshot'));
    await b.next(isBooks('snapshot'));
    a.ws.close();
    await until(() => desk.relay.connections.size === 1);
    expect(desk.relay.hub.upstreamKeys).toEqual(['usdt-futures|books|BTCUSDT']);
    b.send({ op: 'unsubscribe', args: [BOOKS] });
    await b.next(isEvent('unsubscribe'));
    await until(() => desk.upstream.open('/v3/ws/public').length === 0);
    expect(desk.relay.hub.upstreamKeys).toEqual([]);
    expect(desk.relay.hub.upstream).toBeNull();
  });
});

describe('WebSocket relay: upstream failures', () => {
  it('after an upstream drop logs in again and resubscribes, while the browser sockets stay open and books resync', async () => {
    const desk = await startDesk();
    const priv = await connect(desk, '/ws/private?account=main');
    await priv.next(isEvent('login'));
    priv.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] });
    await priv.next(isEvent('subscribe'));
    const pub = await connect(desk, '/ws/public');
    pub.send({ op: 'subscribe', args: [BOOKS] });
    await pub.next(isBooks('snapshot'));
    for (let i = 0; i < 10; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);

    const mark = pub.frames.length;
    desk.upstream.dropAll();
    await pub.next((m) => typeof m === 'object' && m.event === 'relay' && m.status === 'reconnecting', mark);
    await pub.next(isBooks('snapshot'), mark);
    await until(() => desk.upstream.open('/v3/ws/private').some((c) => c.loggedIn && c.subscriptions.size === 1));
    for (let i = 10; i < 20; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    const seq = desk.upstream.expectedBook('BTCUSDT').seq;
    await pub.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq, mark);

    expect(priv.ws.readyState).toBe(WebSocket.OPEN);
    expect(pub.ws.readyState).toBe(WebSocket.OPEN);
    const privateLogins = desk.upstream.receivedOn('/v3/ws/private').filter((m) => (m as { op?: string }).op === 'login');
    expect(privateLogins).toHaveLength(2);
    // Updates sent before the drop may still arrive after the mark; the book starts at the new snapshot.
    const after = pub.messages.slice(mark);
    const book = rebuild(after.slice(after.findIndex(isBooks('snapshot'))));
    expect(book.checksum()).toBe(desk.upstream.expectedBook('BTCUSDT').checksum);
    // The resubscription's ack is the relay's business: the browser heard 'subscribe' once.
    expect(priv.messages.filter(isEvent('subscribe'))).toHaveLength(1);
  });

  it('treats two missed pongs as a dead upstream and reconnects', async () => {
    const desk = await startDesk({ upstreamPingMs: 20 });
    desk.upstream.answerPings = false;
    const pub = await connect(desk, '/ws/public');
    pub.send({ op: 'subscribe', args: [BOOKS] });
    await pub.next(isBooks('snapshot'));
    await until(() => desk.upstream.conns.filter((c) => c.path === '/v3/ws/public').length >= 2);
    desk.upstream.answerPings = true;
    expect(desk.upstream.conns[0]!.received.filter((m) => m === 'ping').length).toBeGreaterThanOrEqual(2);
    expect(pub.ws.readyState).toBe(WebSocket.OPEN);
  });
});

describe('WebSocket relay: slow browsers', () => {
  it("keeps a stalled browser's queue within its bound on a books firehose, then resyncs it with a snapshot", async () => {
    const limits = { highWaterBytes: 16 * 1024, maxQueuedBytes: 64 * 1024 };
    const desk = await startDesk(limits);
    const fast = await connect(desk, '/ws/public');
    const slow = await connect(desk, '/ws/public');
    for (const b of [fast, slow]) {
      b.send({ op: 'subscribe', args: [BOOKS] });
      await b.next(isBooks('snapshot'));
    }
    slow.ws.pause();
    // Connections are kept in the order they opened: the slow browser's is the second.
    const slowConn = [...desk.relay.connections][1]!;
    // About 9 MB of updates: several times what the socket buffers between relay and browser hold.
    for (let round = 0; round < 12; round++) {
      for (let i = 0; i < 1000; i++) desk.upstream.pushBookUpdate('BTCUSDT', round * 1000 + i, 25);
      const seq = desk.upstream.expectedBook('BTCUSDT').seq;
      await fast.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq);
    }
    const stats = slowConn.queue.stats;
    expect(stats.droppedUpdates).toBeGreaterThan(0);
    expect(stats.resyncs).toBeGreaterThan(1);
    const oneMessage = 4096;
    expect(stats.peakQueuedBytes).toBeLessThanOrEqual(limits.maxQueuedBytes + oneMessage);
    expect(stats.queuedBytes).toBeLessThanOrEqual(limits.maxQueuedBytes + oneMessage);

    const mark = slow.frames.length;
    slow.ws.resume();
    desk.upstream.pushBookUpdate('BTCUSDT', 999_999);
    const expected = desk.upstream.expectedBook('BTCUSDT');
    await slow.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === expected.seq);
    // Whatever was left in flight, then a fresh snapshot, then updates: the rebuilt book matches upstream.
    const after = slow.messages.slice(mark);
    const snapshotAt = after.findIndex(isBooks('snapshot'));
    expect(snapshotAt).toBeGreaterThanOrEqual(0);
    expect(rebuild(after.slice(snapshotAt)).checksum()).toBe(expected.checksum);

    // What /metrics reads: two public sockets, and what the slow one missed, kept after it closes.
    const missed = stats.conflated + stats.droppedUpdates + stats.resyncs;
    expect(desk.relay.stats()).toEqual({ clients: { public: 2, private: 0 }, dropped: { public: missed, private: 0 } });
    slow.ws.close();
    await until(() => desk.relay.connections.size === 1);
    expect(desk.relay.stats()).toEqual({ clients: { public: 1, private: 0 }, dropped: { public: missed, private: 0 } });
  }, 60_000);
});

describe('WebSocket relay: routing upstream pushes without parsing them', () => {
  const BOOKS5 = { instType: 'usdt-futures', topic: 'books5', symbol: 'BTCUSDT' };
  const isTop = (m: Record<string, unknown> | string) =>
    typeof m === 'object' && m.action !== undefined && (m.arg as { topic?: string } | undefined)?.topic === 'books5';

  it('routes a push whose arg has its keys in another order and extra whitespace, and sends its bytes unchanged to every subscriber', async () => {
    const desk = await startDesk();
    const browsers = [await connect(desk, '/ws/public'), await connect(desk, '/ws/public'), await connect(desk, '/ws/public')];
    for (const b of browsers) {
      b.send({ op: 'subscribe', args: [BOOKS5] });
      await b.next(isEvent('subscribe'));
    }
    const odd =
      ' { "ts" : 5 ,\n  "action" : "snapshot", "arg" : { "symbol":"BTCUSDT" , "topic" : "books5",\t"instType":"USDT-FUTURES" }, ' +
      '"data":[{"a":[["101.5","1"]],"b":[["100.5","2"]],"checksum":0,"pseq":0,"seq":1,"ts":"1"}] } ';
    desk.upstream.pushRaw('/v3/ws/public', odd);
    for (const b of browsers) await b.next(isTop);
    for (const b of browsers) expect(b.frames.filter((f) => f.includes('books5') && f.includes('"data"'))).toEqual([odd]);
  });

  it('gives a push only to the subscribers of its channel', async () => {
    const desk = await startDesk();
    const btc = await connect(desk, '/ws/public');
    const eth = await connect(desk, '/ws/public');
    btc.send({ op: 'subscribe', args: [BOOKS5] });
    eth.send({ op: 'subscribe', args: [{ ...BOOKS5, symbol: 'ETHUSDT' }] });
    await btc.next(isEvent('subscribe'));
    await eth.next(isEvent('subscribe'));
    desk.upstream.pushTopOfBook('ETHUSDT');
    desk.upstream.pushTopOfBook('BTCUSDT');
    const got = (await btc.next(isTop)) as { arg: { symbol: string } };
    expect(got.arg.symbol).toBe('BTCUSDT');
    expect(((await eth.next(isTop)) as { arg: { symbol: string } }).arg.symbol).toBe('ETHUSDT');
    expect(btc.messages.filter(isTop)).toHaveLength(1);
  });

  it('drops unknown and malformed upstream text with a log line, and keeps relaying', async () => {
    const desk = await startDesk();
    const browser = await connect(desk, '/ws/public');
    browser.send({ op: 'subscribe', args: [BOOKS5] });
    await browser.next(isEvent('subscribe'));
    const garbage = [
      'not json at all',
      '{"arg":{"topic":"books5","symbol":"BTCUSDT"},"action":"snapshot","data":[]}',
      '{"arg":{"instType":"usdt-futures","topic":"books5","symbol":"BTCUSDT"',
      '{"foo":1}',
      '[1,2,3]',
      '{"arg":"books5","action":"snapshot"}',
    ];
    for (const text of garbage) desk.upstream.pushRaw('/v3/ws/public', text);
    desk.upstream.pushTopOfBook('BTCUSDT');
    await browser.next(isTop);
    for (const text of garbage) expect(browser.frames).not.toContain(text);
    expect(browser.frames.filter((f) => f.includes('books5') && f.includes('"data"'))).toHaveLength(1);
    expect(desk.logLines.some((l) => l.includes('"level":"warn"') && l.includes('dropped'))).toBe(true);
    expect(browser.ws.readyState).toBe(WebSocket.OPEN);
    expect(desk.upstream.open('/v3/ws/public')).toHaveLength(1);
  });

  it('gives a late joiner a fresh upstream snapshot once the raw backlog of the book copy outgrew its bound', async () => {
    const desk = await startDesk({ bookBacklogBytes: 4096 });
    const early = await connect(desk, '/ws/public');
    early.send({ op: 'subscribe', args: [BOOKS] });
    await early.next(isBooks('snapshot'));
    for (let i = 0; i < 60; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    let seq = desk.upstream.expectedBook('BTCUSDT').seq;
    await early.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq);

    const late = await connect(desk, '/ws/public');
    late.send({ op: 'subscribe', args: [BOOKS] });
    await late.next(isBooks('snapshot'));
    for (let i = 60; i < 80; i++) desk.upstream.pushBookUpdate('BTCUSDT', i);
    seq = desk.upstream.expectedBook('BTCUSDT').seq;
    for (const b of [early, late]) await b.next((m) => typeof m === 'object' && (m.data as { seq?: number }[] | undefined)?.[0]?.seq === seq);

    // The copy was given up, so the relay asked upstream again rather than parse 60 updates.
    const subscribes = desk.upstream.receivedOn('/v3/ws/public').filter((m) => (m as { op?: string }).op === 'subscribe');
    expect(subscribes).toHaveLength(2);
    const expected = desk.upstream.expectedBook('BTCUSDT');
    for (const b of [early, late]) {
      const book = rebuild(b.messages);
      expect(book.seq).toBe(expected.seq);
      expect(book.checksum()).toBe(expected.checksum);
    }
    // The late joiner's first books message is a snapshot: no update reached it before one.
    expect(late.messages.find((m) => typeof m === 'object' && m.action !== undefined)).toMatchObject({ action: 'snapshot' });
  });

  it('tells a browser that opens during an upstream outage that the relay is reconnecting', async () => {
    const desk = await startDesk();
    const first = await connect(desk, '/ws/public');
    first.send({ op: 'subscribe', args: [BOOKS] });
    await first.next(isBooks('snapshot'));
    await desk.upstream.close();
    await first.next((m) => typeof m === 'object' && m.event === 'relay' && m.status === 'reconnecting');
    const later = await connect(desk, '/ws/public');
    expect(await later.next(isEvent('relay'))).toEqual({ event: 'relay', status: 'reconnecting' });
  });

  it('relays a private push as upstream sent it, routed by its arg, and every position push of a burst', async () => {
    const desk = await startDesk();
    const browser = await connect(desk, '/ws/private?account=main');
    await browser.next(isEvent('login'));
    browser.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'position' }] });
    await browser.next(isEvent('subscribe'));
    const pushes = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].map(
      (symbol, i) => `{ "arg" : {"topic":"position", "instType":"uta"}, "action":"update", "data":[{"symbol":"${symbol}","total":"${i + 1}"}], "ts":${i} }`,
    );
    for (const p of pushes) desk.upstream.pushRaw('/v3/ws/private', p);
    await browser.next((m) => typeof m === 'object' && m.data !== undefined && JSON.stringify(m.data).includes('SOLUSDT'));
    expect(browser.frames.filter((f) => f.includes('"position"') && f.includes('"data"'))).toEqual(pushes);
  });
});
