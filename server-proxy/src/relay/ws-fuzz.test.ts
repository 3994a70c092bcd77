// Issue 16 "done when": 10,000 random WebSocket frames (fast-check) to both sockets.
// Nothing unvalidated is relayed upstream (every message the exchange receives passes the
// contract's schemas, closed), the relay stays up, and every refusal is one error frame.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { checkTradeOp, privateArg, tradeTopics, wsSubscribeRequest, wsTradeRequest } from '@contract/schemas/ws-private';
import { depthArgSchema } from '@contract/schemas/ws-depth';
import { checkJsonShape } from '../policy/json-shape';
import { attachWsRelay, type WsRelay } from './ws-relay';
import type { RelaySession } from './ws-relay-types';
import { checkSubscription } from './ws-subscription-check';
import { checkWsTrade } from './ws-trade-check';
import { TestUpstream, type TestKey } from '../test-support/ws-test-upstream';

const KEY: TestKey = { apiKey: 'fuzz-key-3a9f', secret: 'fuzz-secret-77b1', passphrase: 'fuzz-pass-0c4e' };
const TRADER: RelaySession = { user: 'fuzz', role: 'trader', permissions: ['market.read', 'trade.read', 'trade.write', 'account.read'], accounts: ['main'] };

let upstream: TestUpstream;
let server: Server;
let relay: WsRelay;
let port: number;

beforeAll(async () => {
  upstream = await TestUpstream.start([KEY]);
  server = createServer((_req, res) => res.end());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
  let row = 0;
  relay = attachWsRelay(server, {
    authenticateUpgrade: () => TRADER,
    checkOrigin: () => true,
    accountFor: () => ({ name: 'main', uid: '1000001', ...KEY }),
    upstream: { publicUrl: upstream.publicUrl, privateUrl: upstream.privateUrl },
    audit: () => ++row,
    logger: { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} },
    limits: { upstreamMsgsPerSecond: 1_000_000, reconnectBaseMs: 20, reconnectMaxMs: 100 },
  });
});
afterAll(async () => {
  await relay.close();
  await upstream.close();
  server.close();
});

/** A browser socket that counts error frames and can wait for its next pong. */
class Client {
  errors = 0;
  private pongWaiter: (() => void) | null = null;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      if (text === 'pong') return this.pongWaiter?.();
      const frames = text.startsWith('[') ? (JSON.parse(text) as { event?: string }[]) : [JSON.parse(text) as { event?: string }];
      for (const f of frames) if (f.event === 'error') this.errors++;
    });
  }
  static async open(path: string): Promise<Client> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
    const c = new Client(ws);
    await once(ws, 'open');
    return c;
  }
  /** Every frame the relay sent for what came before the barrier has arrived once it returns. */
  async barrier(): Promise<void> {
    // Two round trips: an answer written a microtask after the first ping's pong still
    // leaves before the second ping is even read.
    for (let i = 0; i < 2; i++) {
      const pong = new Promise<void>((resolve) => (this.pongWaiter = resolve));
      this.ws.send('ping');
      await pong;
    }
  }
}

/** Should the relay refuse this frame? (The proxy's own checks; what is tested is that each refusal is one frame.) */
function refused(text: string, socket: 'public' | 'private'): boolean {
  if (checkJsonShape(text) !== null) return true;
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return true;
  }
  if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) return true;
  const op = (msg as { op?: unknown }).op;
  if (op === 'login') return false;
  if (op === 'subscribe' || op === 'unsubscribe') return !checkSubscription(msg, socket, TRADER).ok;
  if (op === 'trade' && socket === 'private') return !checkWsTrade(msg, TRADER, 'en-US').ok;
  return true;
}

// What the exchange may receive, checked with the contract's schemas closed (independent of the relay's code).
const publicArgClosed = z.union([depthArgSchema.strict(), z.strictObject({ instType: z.string(), topic: z.literal('ticker'), symbol: z.string() })]);
const subscribeClosed = wsSubscribeRequest.strict();
const tradeClosed = z.strictObject(wsTradeRequest.shape);
function validUpstream(m: unknown, socket: 'public' | 'private'): boolean {
  if (m === 'ping') return true;
  const op = (m as { op?: unknown }).op;
  if (op === 'login') return socket === 'private';
  if (op === 'subscribe' || op === 'unsubscribe') {
    const s = subscribeClosed.safeParse(m);
    if (!s.success) return false;
    return s.data.args.every((a) => (socket === 'private' ? privateArg.strict().safeParse(a).success : publicArgClosed.safeParse(a).success));
  }
  if (op === 'trade') return socket === 'private' && tradeClosed.safeParse(m).success && checkTradeOp(m).ok;
  return false;
}

const channelArg = fc.record(
  {
    instType: fc.constantFrom('UTA', 'spot', 'usdt-futures', 'SPOT', 'uta', ''),
    topic: fc.constantFrom('order', 'account', 'position', 'fill', 'books', 'books5', 'ticker', 'withdraw', ''),
    symbol: fc.constantFrom('BTCUSDT', 'ETHUSDT', 'btc', ''),
    extra: fc.string({ maxLength: 4 }),
  },
  { requiredKeys: [] },
);
const placeArg = fc.record(
  {
    symbol: fc.constantFrom('BTCUSDT', 'bad symbol'),
    side: fc.constantFrom('buy', 'sell', 'up'),
    orderType: fc.constantFrom('limit', 'market'),
    qty: fc.constantFrom('0.01', '-1', '1e3'),
    price: fc.constantFrom('100', '', '1.5'),
    timeInForce: fc.constantFrom('gtc', 'ioc'),
    clientOid: fc.stringMatching(/^[a-z0-9]{1,8}$/),
    uid: fc.constant('1000002'),
  },
  { requiredKeys: ['symbol', 'side', 'orderType', 'qty'] },
);
let nextId = 0;
const opFrame = fc
  .record(
    {
      op: fc.constantFrom('subscribe', 'unsubscribe', 'trade', 'login', 'bogus'),
      args: fc.oneof(fc.array(channelArg, { maxLength: 55 }), fc.array(placeArg, { maxLength: 22 }), fc.anything()),
      id: fc.string({ maxLength: 70 }),
      topic: fc.constantFrom(...tradeTopics, 'withdraw'),
      category: fc.constantFrom('spot', 'usdt-futures', 'SPOT', 'bad'),
      uid: fc.constant('1000002'),
      apiKey: fc.constant('stolen'),
    },
    { requiredKeys: ['op'] },
  )
  // Ids made unique, so a still-pending id never turns a valid op into a refusal the oracle cannot see.
  .map((o) => JSON.stringify(typeof o.id === 'string' ? { ...o, id: `${nextId++}${o.id}`.slice(0, 70) } : o));
// Valid ops, sent as they are or with one change (a field dropped, an unknown one added, a value swapped).
const validOp = fc.oneof(
  fc.record({
    op: fc.constant('trade'),
    id: fc.constant(''),
    category: fc.constant('spot'),
    topic: fc.constant('place-order'),
    args: fc.tuple(fc.stringMatching(/^[a-z0-9]{1,8}$/)).map(([clientOid]) => [{ symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', qty: '0.01', price: '100', timeInForce: 'gtc', clientOid }]),
  }),
  fc.record({ op: fc.constantFrom('subscribe', 'unsubscribe'), args: fc.array(fc.constantFrom(...(['order', 'account', 'position', 'fill'] as const)).map((topic) => ({ instType: 'UTA', topic })), { minLength: 1, maxLength: 4 }) }),
  fc.record({ op: fc.constantFrom('subscribe', 'unsubscribe'), args: fc.array(fc.constantFrom('books', 'books5', 'ticker').map((topic) => ({ instType: 'spot', topic, symbol: 'BTCUSDT' })), { minLength: 1, maxLength: 4 }) }),
);
const nearValid = fc
  .tuple(validOp, fc.constantFrom('as is', 'as is', 'drop', 'add', 'swap'), fc.constantFrom('op', 'id', 'args', 'topic', 'category', 'uid'), fc.anything())
  .map(([o, change, key, value]) => {
    const m: Record<string, unknown> = { ...o };
    if (m.op === 'trade') m.id = `v${nextId++}`;
    if (change === 'drop') delete m[key];
    if (change === 'add' || change === 'swap') m[key] = value;
    return JSON.stringify(m);
  });
const frame = fc.oneof(
  { weight: 5, arbitrary: nearValid },
  { weight: 5, arbitrary: opFrame },
  { weight: 2, arbitrary: fc.json({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).filter((s) => s !== 'ping') },
  { weight: 1, arbitrary: fc.integer({ min: 30, max: 200 }).map((n) => `{"op":"trade","args":${'['.repeat(n)}${']'.repeat(n)}}`) },
);

describe('10,000 random frames to both sockets (property)', () => {
  it('relays nothing unvalidated, stays up, and answers every refusal with exactly one error frame', async () => {
    const pub = await Client.open('/ws/public');
    const priv = await Client.open('/ws/private');
    await new Promise<void>((resolve) => priv.ws.on('message', (d) => d.toString().includes('"login"') && resolve()));
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.boolean(), frame), { minLength: 50, maxLength: 50 }), async (frames) => {
        for (const [toPrivate, text] of frames) {
          const client = toPrivate ? priv : pub;
          const before = client.errors;
          client.ws.send(text);
          await client.barrier();
          sent++;
          expect(client.errors - before, `${toPrivate ? 'private' : 'public'} ${text.slice(0, 200)}`).toBe(refused(text, toPrivate ? 'private' : 'public') ? 1 : 0);
        }
      }),
      { numRuns: 200, endOnFailure: true },
    );
    expect(sent).toBe(10_000);
    for (const socket of ['public', 'private'] as const) {
      const bad = upstream.receivedOn(`/v3/ws/${socket}`).filter((m) => !validUpstream(m, socket));
      expect(bad, `unvalidated upstream messages on ${socket}`).toEqual([]);
    }
    // The generator does reach the exchange (valid ops exist among the frames), or the check above proves nothing.
    const ops = (socket: string) => upstream.receivedOn(`/v3/ws/${socket}`).map((m) => (m as { op?: string }).op);
    expect(ops('private')).toContain('trade');
    expect(ops('private')).toContain('subscribe');
    expect(ops('public')).toContain('subscribe');
    expect(pub.ws.readyState).toBe(WebSocket.OPEN);
    expect(priv.ws.readyState).toBe(WebSocket.OPEN);
    pub.ws.terminate();
    priv.ws.terminate();
  }, 180_000);
});
