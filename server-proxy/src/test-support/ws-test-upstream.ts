// A small stand-in for the exchange's WebSocket side, for the relay's tests: login checked
// with contract/signing, subscribe acks, a `books` channel with snapshot, updates and
// checksums, snapshot channels, and trade answers. It records every message it receives,
// so a test can prove what the relay did (and did not) forward.

import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { compareDecimal } from '@contract/core/decimal';
import { depthChecksum } from '@contract/book/depth-checksum';
import type { DepthLevel } from '@contract/schemas/ws-depth';
import { signaturesMatch, wsLoginSign } from '@contract/core/signing';

export interface TestKey {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface UpstreamConn {
  readonly ws: WebSocket;
  readonly path: string;
  readonly received: string[];
  loggedIn: boolean;
  readonly subscriptions: Map<string, Record<string, unknown>>;
}

// Every price the book ever uses, sorted once (best first), so a push costs no sort.
const BID_PRICES = Array.from({ length: 30 }, (_, i) => `${100 - i}.5`).sort((x, y) => compareDecimal(y, x));
const ASK_PRICES = Array.from({ length: 30 }, (_, i) => `${101 + i}.5`).sort(compareDecimal);

class TestBook {
  readonly bids = new Map<string, string>();
  readonly asks = new Map<string, string>();
  seq = 1000;

  constructor() {
    for (let i = 0; i < 30; i++) {
      this.bids.set(`${100 - i}.5`, `${i + 1}`);
      this.asks.set(`${101 + i}.5`, `${i + 2}.25`);
    }
  }

  levels(): { b: DepthLevel[]; a: DepthLevel[] } {
    const present = (prices: string[], side: Map<string, string>): DepthLevel[] =>
      prices.flatMap((p): DepthLevel[] => {
        const size = side.get(p);
        return size === undefined ? [] : [[p, size]];
      });
    return { b: present(BID_PRICES, this.bids), a: present(ASK_PRICES, this.asks) };
  }

  checksum(): number {
    const { b, a } = this.levels();
    return depthChecksum(b, a);
  }
}

export class TestUpstream {
  readonly conns: UpstreamConn[] = [];
  /** False makes the upstream ignore text pings (a dead link that stays open). */
  answerPings = true;
  /** True holds trade answers back (an exchange that took the op but has not answered) until releaseTrades(). */
  holdTrades = false;
  private readonly held: (() => void)[] = [];
  private readonly books = new Map<string, TestBook>();
  private orderSeq = 0;

  private constructor(
    private readonly wss: WebSocketServer,
    readonly port: number,
    private readonly keys: readonly TestKey[],
  ) {
    wss.on('connection', (ws, req) => this.accept(ws, req.url ?? '/'));
  }

  static async start(keys: readonly TestKey[]): Promise<TestUpstream> {
    const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await once(wss, 'listening');
    return new TestUpstream(wss, (wss.address() as AddressInfo).port, keys);
  }

  get publicUrl(): string {
    return `ws://127.0.0.1:${this.port}/v3/ws/public`;
  }

  get privateUrl(): string {
    return `ws://127.0.0.1:${this.port}/v3/ws/private`;
  }

  /** Sends every held trade answer now. */
  releaseTrades(): void {
    for (const send of this.held.splice(0)) send();
  }

  open(path: string): UpstreamConn[] {
    return this.conns.filter((c) => c.path === path && c.ws.readyState === c.ws.OPEN);
  }

  /** Every message upstream received on `path`, parsed where it was JSON. */
  receivedOn(path: string): unknown[] {
    return this.conns.filter((c) => c.path === path).flatMap((c) => c.received.map(parseOrText));
  }

  /**
   * Applies a deterministic change to the book of `symbol` and pushes it as an update;
   * up to 25 deeper bid levels (`width`) are resized too (a bigger message, for flood tests).
   */
  pushBookUpdate(symbol: string, step: number, width = 0): void {
    const book = this.bookOf(symbol);
    const b: DepthLevel[] = [];
    const a: DepthLevel[] = [];
    const bidPrice = `${100 - (step % 7)}.5`;
    const askPrice = `${101 + (step % 5)}.5`;
    const bidSize = step % 4 === 3 ? '0' : `${(step % 9) + 1}.5`;
    const askSize = `${(step % 6) + 1}`;
    if (bidSize === '0') book.bids.delete(bidPrice);
    else book.bids.set(bidPrice, bidSize);
    book.asks.set(askPrice, askSize);
    b.push([bidPrice, bidSize]);
    a.push([askPrice, askSize]);
    for (let w = 0; w < Math.min(width, 25); w++) {
      const price = `${75 - w}.5`;
      const size = `${((step + w) % 50) + 1}.123456`;
      book.bids.set(price, size);
      b.push([price, size]);
    }
    const pseq = book.seq;
    book.seq += 1 + (step % 3);
    const data = { a, b, checksum: book.checksum(), pseq, seq: book.seq, ts: String(Date.now()) };
    this.pushTo(symbol, 'books', (arg) => JSON.stringify({ arg, action: 'update', data: [data], ts: Date.now() }));
  }

  /** Pushes a books5-style snapshot of `symbol`'s top levels. */
  pushTopOfBook(symbol: string): void {
    const { b, a } = this.bookOf(symbol).levels();
    const data = { a: a.slice(0, 5), b: b.slice(0, 5), checksum: 0, pseq: 0, seq: 0, ts: String(Date.now()) };
    this.pushTo(symbol, 'books5', (arg) => JSON.stringify({ arg, action: 'snapshot', data: [data], ts: Date.now() }));
  }

  /** The book a browser should hold for `symbol` now. */
  expectedBook(symbol: string): { b: DepthLevel[]; a: DepthLevel[]; seq: number; checksum: number } {
    const book = this.bookOf(symbol);
    return { ...book.levels(), seq: book.seq, checksum: book.checksum() };
  }

  /** Sends `text` as is on every open connection of `path` (odd spellings, garbage). */
  pushRaw(path: string, text: string): void {
    for (const c of this.open(path)) c.ws.send(text);
  }

  /** Drops every connection at once, as a network failure would. */
  dropAll(): void {
    for (const c of this.conns) c.ws.terminate();
  }

  async close(): Promise<void> {
    for (const c of this.conns) c.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private bookOf(symbol: string): TestBook {
    let book = this.books.get(symbol);
    if (book === undefined) {
      book = new TestBook();
      this.books.set(symbol, book);
    }
    return book;
  }

  private pushTo(symbol: string, topic: string, make: (arg: Record<string, unknown>) => string): void {
    for (const c of this.conns) {
      if (c.ws.readyState !== c.ws.OPEN) continue;
      for (const arg of c.subscriptions.values()) {
        if (arg.topic === topic && arg.symbol === symbol) c.ws.send(make(arg));
      }
    }
  }

  private accept(ws: WebSocket, path: string): void {
    const conn: UpstreamConn = { ws, path, received: [], loggedIn: false, subscriptions: new Map() };
    this.conns.push(conn);
    ws.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      conn.received.push(text);
      if (text === 'ping') {
        if (this.answerPings) ws.send('pong');
        return;
      }
      this.handle(conn, JSON.parse(text) as Record<string, unknown>);
    });
  }

  private handle(conn: UpstreamConn, msg: Record<string, unknown>): void {
    const { ws } = conn;
    const isPrivate = conn.path.endsWith('/private');
    if (msg.op === 'login') {
      const arg = (msg.args as Record<string, string>[])[0]!;
      const key = this.keys.find((k) => k.apiKey === arg.apiKey);
      const ok =
        key !== undefined &&
        key.passphrase === arg.passphrase &&
        /^\d{10}$/.test(arg.timestamp ?? '') &&
        signaturesMatch(wsLoginSign(key.secret, arg.timestamp!), arg.sign ?? '');
      if (!ok) {
        ws.send(JSON.stringify({ event: 'error', code: '30005', msg: `login failed for ${String(arg.apiKey)}` }));
        ws.close();
        return;
      }
      conn.loggedIn = true;
      ws.send(JSON.stringify({ event: 'login', code: 0, msg: '' }));
      return;
    }
    if (isPrivate && !conn.loggedIn) {
      ws.send(JSON.stringify({ event: 'error', code: '30004', msg: 'User needs to log in' }));
      return;
    }
    if (msg.op === 'subscribe' || msg.op === 'unsubscribe') {
      for (const arg of msg.args as Record<string, unknown>[]) {
        const key = `${String(arg.instType).toLowerCase()}|${String(arg.topic)}|${String(arg.symbol ?? '')}`;
        if (msg.op === 'unsubscribe') {
          conn.subscriptions.delete(key);
          ws.send(JSON.stringify({ event: 'unsubscribe', arg }));
          continue;
        }
        conn.subscriptions.set(key, arg);
        ws.send(JSON.stringify({ event: 'subscribe', arg }));
        if (arg.topic === 'books') {
          const book = this.bookOf(String(arg.symbol));
          const data = { ...book.levels(), checksum: book.checksum(), pseq: 0, seq: book.seq, ts: String(Date.now()) };
          ws.send(JSON.stringify({ arg, action: 'snapshot', data: [data], ts: Date.now() }));
        }
        if (arg.topic === 'account') {
          ws.send(JSON.stringify({ arg, action: 'snapshot', data: [{ accountEquity: '100000' }], ts: Date.now() }));
        }
      }
      return;
    }
    if (msg.op === 'trade') {
      const args = (msg.args as Record<string, unknown>[]).map((o) => ({
        symbol: o.symbol,
        orderId: String(++this.orderSeq),
        clientOid: o.clientOid ?? `auto-${this.orderSeq}`,
        cTime: String(Date.now()),
      }));
      const answer = JSON.stringify({ event: 'trade', id: msg.id, category: msg.category, topic: msg.topic, args, code: '0', msg: 'success', ts: String(Date.now()) });
      if (this.holdTrades) this.held.push(() => ws.readyState === ws.OPEN && ws.send(answer));
      else ws.send(answer);
    }
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
