import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DeskApiError } from '@web/lib/api/api-error';
import { badInput } from '@web/lib/bad-input/bad-input-store';
import type { ConnectionStatus } from './connection-status';
import { valueEnd } from '@contract/core/json-text';
import { FakeEnvironment, FakeSocket } from './fake-socket.test-support';
import { SocketConnection, type SocketConnectionOptions, type TradeOp } from './socket-connection';

const books = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };
const orders = { instType: 'UTA', topic: 'order' };

let env: FakeEnvironment;
let statuses: ConnectionStatus[];

function makeConnection(overrides: Partial<SocketConnectionOptions> = {}) {
  return new SocketConnection({
    url: () => 'ws://127.0.0.1/ws/public',
    WebSocketImpl: FakeSocket,
    awaitLogin: false,
    environment: env,
    random: () => 1,
    onStatus: (s) => statuses.push(s),
    ...overrides,
  });
}

/** A started connection whose socket has opened (no login awaited): ready to send. */
function openConnection(): SocketConnection {
  const conn = makeConnection();
  conn.start();
  latest().open();
  return conn;
}

const latest = () => {
  const s = FakeSocket.instances.at(-1);
  if (!s) throw new Error('no socket was opened');
  return s;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  env = new FakeEnvironment();
  statuses = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('SocketConnection subscriptions', () => {
  it('sends one subscribe for the first listener and one unsubscribe when the last leaves', () => {
    const conn = openConnection();
    const offA = conn.subscribe(books, () => {});
    const offB = conn.subscribe({ ...books }, () => {});
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [books] }]);
    offA();
    expect(latest().json()).toHaveLength(1);
    offB();
    expect(latest().json()).toEqual([
      { op: 'subscribe', args: [books] },
      { op: 'unsubscribe', args: [books] },
    ]);
  });

  it('sends subscriptions made before the socket opened once it opens', () => {
    const conn = makeConnection();
    conn.subscribe(books, () => {});
    conn.start();
    expect(latest().sent).toEqual([]);
    latest().open();
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [books] }]);
  });

  it('delivers pushes to the listeners of the channel the push names, whatever the case of instType', () => {
    const conn = makeConnection();
    const seen: unknown[] = [];
    const other: unknown[] = [];
    conn.subscribe(books, (m) => seen.push(m));
    conn.subscribe({ ...books, symbol: 'ETHUSDT' }, (m) => other.push(m));
    conn.start();
    latest().open();
    const push = { arg: { ...books, instType: 'USDT-FUTURES' }, action: 'snapshot', data: [] };
    latest().receive(push);
    expect(seen).toEqual([push]);
    expect(other).toEqual([]);
  });

  it('hands listeners pushes only: a subscribe ack is not one, and a refused subscription is shown as bad input', () => {
    const conn = makeConnection();
    const seen: unknown[] = [];
    conn.subscribe(books, (m) => seen.push(m));
    conn.start();
    latest().open();
    badInput.reset();
    latest().receive({ event: 'subscribe', arg: books });
    latest().receive({ event: 'unsubscribe', arg: books });
    expect(seen).toEqual([]);
    expect(badInput.store.getState().total).toBe(0);
    latest().receive({ event: 'error', arg: books, code: '30001', msg: 'channel does not exist' });
    expect(seen).toEqual([]);
    expect(badInput.store.getState().entries).toEqual([expect.objectContaining({ channel: 'books', field: 'event', count: 1 })]);
    badInput.reset();
  });

  it('hands a books push its seq and pseq beyond 2^53 as exact digits', () => {
    const conn = makeConnection();
    const seen: Record<string, unknown>[] = [];
    conn.subscribe(books, (m) => seen.push(m));
    conn.start();
    latest().open();
    latest().receive(`{"arg":${JSON.stringify(books)},"action":"update","data":[{"a":[],"b":[],"seq":1304314508780744706,"pseq":1304314508780744705}]}`);
    expect((seen[0]?.data as { seq: unknown; pseq: unknown }[])[0]).toEqual({ a: [], b: [], seq: '1304314508780744706', pseq: '1304314508780744705' });
  });

  it('delivers each message of a batched frame (a JSON array) in order, to the channel each one names', () => {
    const conn = makeConnection();
    const seen: unknown[] = [];
    const other: unknown[] = [];
    conn.subscribe(books, (m) => seen.push(m));
    conn.subscribe({ ...books, symbol: 'ETHUSDT' }, (m) => other.push(m));
    conn.start();
    latest().open();
    const a = { arg: books, action: 'update', data: [{ seq: 1 }] };
    const b = { arg: { ...books, symbol: 'ETHUSDT' }, action: 'update', data: [{ seq: 7 }] };
    const c = { arg: books, action: 'update', data: [{ seq: 2 }] };
    latest().receive([a, b, c, 'not an object', null]);
    expect(seen).toEqual([a, c]);
    expect(other).toEqual([b]);
  });

  it('resubscribe asks for a fresh snapshot of a live channel only', () => {
    const conn = openConnection();
    conn.subscribe(books, () => {});
    conn.resubscribe(books);
    conn.resubscribe({ ...books, symbol: 'XRPUSDT' });
    expect(latest().json()).toEqual([
      { op: 'subscribe', args: [books] },
      { op: 'unsubscribe', args: [books] },
      { op: 'subscribe', args: [books] },
    ]);
  });
});

describe('SocketConnection frames read as text', () => {
  const bookArg = JSON.stringify(books);
  const push = (seq: number) => `{"arg":${bookArg},"action":"update","data":[{"a":[],"b":[],"seq":${seq},"pseq":${seq - 1}}]}`;
  const tickerArg = { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' };
  const tick = { arg: tickerArg, action: 'snapshot', data: [{ lastPr: '1.5' }] };
  type Log = [string, unknown][];

  /** An open connection whose books channel has a text reader (taking every push unless told) and whose ticker a listener; both log in order. */
  function reading(take: (text: string) => boolean = () => true) {
    const conn = openConnection();
    const log: Log = [];
    const stop = conn.subscribe(
      books,
      (m) => log.push(['books parsed', m]),
      (text, start) => {
        const end = valueEnd(text, start);
        if (!take(text.slice(start, end))) return -1;
        log.push(['books text', text.slice(start, end)]);
        return end;
      },
    );
    conn.subscribe(tickerArg, (m) => log.push(['ticker', m]));
    return { conn, log, stop };
  }

  it("hands a push to its channel's text reader and every other message to its listener, in the frame's order", () => {
    const { log } = reading();
    latest().receive(`[${push(1)}, ${JSON.stringify(tick)} ,${push(2)},"not an object",null]`);
    latest().receive(push(3));
    expect(log).toEqual([
      ['books text', push(1)],
      ['ticker', tick],
      ['books text', push(2)],
      ['books text', push(3)],
    ]);
  });

  it('leaves a push its reader declines to the listener, parsed as ever, long seq exact', () => {
    const { log } = reading((text) => !text.includes('130431450878074470'));
    const long = `{"arg":${bookArg},"action":"update","data":[{"a":[],"b":[],"seq":1304314508780744706,"pseq":1304314508780744705}]}`;
    latest().receive(`[${push(1)},${long}]`);
    latest().receive(long);
    const parsed = { arg: books, action: 'update', data: [{ a: [], b: [], seq: '1304314508780744706', pseq: '1304314508780744705' }] };
    expect(log).toEqual([
      ['books text', push(1)],
      ['books parsed', parsed],
      ['books parsed', parsed],
    ]);
  });

  it('finds the channel of an arg spelt in another case and key order', () => {
    const { log } = reading();
    const echoed = push(1).replace(bookArg, '{ "symbol":"BTCUSDT","topic":"books","instType":"USDT-FUTURES" }');
    latest().receive(echoed);
    latest().receive(echoed);
    expect(log).toEqual([
      ['books text', echoed],
      ['books text', echoed],
    ]);
  });

  it('parses every frame while a diagnostic hook listens, or while the channel has a second listener', () => {
    const { conn, log } = reading();
    const off = conn.onMessage(() => {});
    latest().receive(push(1));
    off();
    const second = conn.subscribe(books, () => {});
    latest().receive(push(2));
    second();
    latest().receive(push(3));
    expect(log.map(([who]) => who)).toEqual(['books parsed', 'books parsed', 'books text']);
  });

  it('parses again once the reading subscription ends and another listens', () => {
    const { conn, log, stop } = reading();
    stop();
    conn.subscribe(books, (m) => log.push(['plain', m]));
    latest().receive(push(1));
    expect(log.map(([who]) => who)).toEqual(['plain']);
  });

  it('reads nothing of a frame cut short; a batch broken after its first message keeps that one only', () => {
    const { log } = reading();
    latest().receive(`[${push(1)},${JSON.stringify(tick)}`);
    latest().receive(push(2).slice(0, -1));
    expect(log).toEqual([]);
    latest().receive(`[${push(3)},{"arg":${JSON.stringify(tickerArg)},"data":[1,}],${push(4)}]`);
    expect(log).toEqual([['books text', push(3)]]);
  });
});

describe('SocketConnection reconnects', () => {
  it('reconnects after a drop with backoff and resubscribes every live channel', () => {
    const conn = openConnection();
    conn.subscribe(books, () => {});
    conn.subscribe(orders, () => {});
    const off = conn.subscribe({ ...books, symbol: 'ETHUSDT' }, () => {});
    off();
    latest().serverClose();
    expect(conn.status).toBe('reconnecting');
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().open();
    expect(conn.status).toBe('connected');
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [books, orders] }]);
  });

  it('grows the delay with each failed attempt and resets it after a successful connect', () => {
    const conn = makeConnection();
    conn.start();
    latest().serverClose(); // attempt 0: 500 ms
    vi.advanceTimersByTime(500);
    latest().serverClose(); // attempt 1: 1000 ms
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    latest().open();
    latest().serverClose(); // reset: 500 ms again
    vi.advanceTimersByTime(500);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('caps the delay near 10 s however many attempts failed', () => {
    const conn = makeConnection();
    conn.start();
    for (let i = 0; i < 12; i++) {
      latest().serverClose();
      vi.advanceTimersByTime(10_000);
    }
    expect(FakeSocket.instances).toHaveLength(13);
  });

  it('runs onReconnect hooks after a reconnect but not on the first connect', () => {
    const conn = makeConnection();
    const hook = vi.fn();
    conn.onReconnect(hook);
    conn.start();
    latest().open();
    expect(hook).not.toHaveBeenCalled();
    latest().serverClose();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it("runs onReconnect hooks when the proxy says its upstream link is back, though this socket stayed open", () => {
    const conn = makeConnection();
    const hook = vi.fn();
    conn.onReconnect(hook);
    conn.start();
    latest().open();
    latest().receive({ event: 'relay', status: 'reconnecting' });
    expect(hook).not.toHaveBeenCalled();
    latest().receive({ event: 'relay', status: 'connected' });
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('reports connecting, connected, reconnecting, connected in order', () => {
    openConnection();
    latest().serverClose();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
  });

  it('stops reconnecting after stop()', () => {
    const conn = openConnection();
    conn.stop();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(conn.status).toBe('idle');
  });

  it('restart() opens a socket on the new URL at once and keeps the subscriptions', () => {
    let account = 'main';
    const conn = makeConnection({ url: () => `ws://127.0.0.1/ws/private?account=${account}` });
    conn.subscribe(orders, () => {});
    conn.start();
    latest().open();
    account = 'sub';
    conn.restart();
    expect(FakeSocket.instances[0]?.closed).toBe(true);
    expect(latest().url).toBe('ws://127.0.0.1/ws/private?account=sub');
    latest().open();
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [orders] }]);
  });
});

describe('SocketConnection relay status', () => {
  const down = { event: 'relay', status: 'reconnecting' };
  const up = { event: 'relay', status: 'connected' };

  it('shows reconnecting while the proxy reports its upstream link down, and connected once it is back', () => {
    const conn = openConnection();
    latest().receive(down);
    expect(conn.status).toBe('reconnecting');
    expect(conn.isReady).toBe(true);
    latest().receive(up);
    expect(conn.status).toBe('connected');
    expect(statuses).toEqual(['connecting', 'connected', 'reconnecting', 'connected']);
    // The browser socket itself never dropped: no new socket was opened.
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('keeps the relay messages to itself: no listener or message hook sees them, and nothing is thrown', () => {
    const conn = makeConnection();
    const pushes: unknown[] = [];
    const frames: unknown[] = [];
    conn.subscribe(books, (m) => pushes.push(m));
    conn.onMessage((m) => frames.push(m));
    conn.start();
    latest().open();
    expect(() => {
      latest().receive(down);
      latest().receive(up);
      latest().receive({ event: 'relay', status: 'something-new' });
    }).not.toThrow();
    expect(pushes).toEqual([]);
    expect(frames).toEqual([]);
    expect(conn.status).toBe('connected');
  });

  it('runs the onReconnect refetch once when the upstream link is back, and not for a connected without an outage', () => {
    const conn = makeConnection();
    const hook = vi.fn();
    conn.onReconnect(hook);
    conn.start();
    latest().open();
    latest().receive(up);
    expect(hook).not.toHaveBeenCalled();
    latest().receive(down);
    latest().receive(down);
    latest().receive(up);
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('comes back from a stale spell to reconnecting, not connected, while the upstream link is still down', () => {
    const conn = openConnection();
    latest().receive(down);
    vi.advanceTimersByTime(25_000 + 10_000);
    expect(conn.status).toBe('stale');
    latest().receive('pong');
    expect(conn.status).toBe('reconnecting');
    latest().receive(up);
    expect(conn.status).toBe('connected');
  });

  it('on the private socket, an outage before the login ends with the login: connected, and no refetch', () => {
    const conn = makeConnection({ awaitLogin: true });
    const hook = vi.fn();
    conn.onReconnect(hook);
    conn.start();
    latest().open();
    latest().receive(down);
    expect(conn.status).toBe('connecting');
    latest().receive({ event: 'login', code: 0, msg: '' });
    expect(conn.status).toBe('connected');
    latest().receive(up);
    expect(conn.status).toBe('connected');
    expect(hook).not.toHaveBeenCalled();
  });

  it('forgets an outage reported on a socket that has since been replaced', () => {
    const conn = makeConnection();
    const hook = vi.fn();
    conn.onReconnect(hook);
    conn.start();
    latest().open();
    latest().receive(down);
    latest().serverClose();
    vi.advanceTimersByTime(500);
    latest().open();
    expect(conn.status).toBe('connected');
    expect(hook).toHaveBeenCalledTimes(1);
    latest().receive(up);
    expect(hook).toHaveBeenCalledTimes(1);
  });
});

describe('SocketConnection private login', () => {
  it('waits for the proxy login event before subscribing', () => {
    const conn = makeConnection({ awaitLogin: true });
    conn.subscribe(orders, () => {});
    conn.start();
    latest().open();
    expect(conn.status).toBe('connecting');
    expect(latest().sent).toEqual([]);
    latest().receive({ event: 'login', code: 0, msg: '' });
    expect(conn.status).toBe('connected');
    expect(latest().json()).toEqual([{ op: 'subscribe', args: [orders] }]);
  });

  it('does not treat a failed login as connected', () => {
    const conn = makeConnection({ awaitLogin: true });
    conn.start();
    latest().open();
    latest().receive({ event: 'error', code: '30005', msg: 'login failed' });
    expect(conn.status).toBe('connecting');
    latest().serverClose();
    expect(conn.status).toBe('reconnecting');
  });
});

describe('SocketConnection heartbeat', () => {
  it('pings every 25 s', () => {
    openConnection();
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toEqual(['ping']);
    latest().receive('pong');
    vi.advanceTimersByTime(25_000);
    expect(latest().sent).toEqual(['ping', 'ping']);
  });

  it('turns stale when nothing answers a ping within 10 s, and back to connected on the next message', () => {
    const conn = openConnection();
    vi.advanceTimersByTime(25_000 + 9_999);
    expect(conn.status).toBe('connected');
    vi.advanceTimersByTime(1);
    expect(conn.status).toBe('stale');
    latest().receive('pong');
    expect(conn.status).toBe('connected');
  });

  it('stays connected when any message, not only pong, arrives after the ping', () => {
    const conn = openConnection();
    vi.advanceTimersByTime(25_000 + 5_000);
    latest().receive({ event: 'subscribe', arg: books });
    vi.advanceTimersByTime(9_000);
    expect(conn.status).toBe('connected');
  });

  it('drops a socket that stays silent after turning stale and opens a new one', () => {
    const conn = openConnection();
    vi.advanceTimersByTime(25_000 + 10_000);
    expect(conn.status).toBe('stale');
    vi.advanceTimersByTime(10_000);
    expect(FakeSocket.instances[0]?.closed).toBe(true);
    expect(conn.status).toBe('reconnecting');
    vi.advanceTimersByTime(500);
    expect(FakeSocket.instances).toHaveLength(2);
  });
});

describe('SocketConnection environment', () => {
  it('goes offline with the browser and reconnects at once when it is back online', () => {
    const conn = openConnection();
    env.online = false;
    env.emit('offline');
    expect(conn.status).toBe('offline');
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    env.online = true;
    env.emit('online');
    expect(FakeSocket.instances).toHaveLength(2);
    latest().open();
    expect(conn.status).toBe('connected');
  });

  it('starts offline without opening a socket when the browser is offline', () => {
    env.online = false;
    const conn = makeConnection();
    conn.start();
    expect(conn.status).toBe('offline');
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('reconnects at once when the page becomes visible and the socket is dead', () => {
    openConnection();
    latest().serverClose();
    // Several failures push the backoff up, as while a laptop sleeps.
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(10_000);
      latest().serverClose();
    }
    const before = FakeSocket.instances.length;
    env.emit('visible');
    expect(FakeSocket.instances).toHaveLength(before + 1);
  });

  it('pings at once when the page becomes visible with an open socket', () => {
    const conn = openConnection();
    env.emit('visible');
    expect(latest().sent).toEqual(['ping']);
    vi.advanceTimersByTime(10_000);
    expect(conn.status).toBe('stale');
  });
});

describe('SocketConnection trade ops', () => {
  const placeArg = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '100', qty: '0.01' };
  const place: TradeOp = { category: 'spot', topic: 'place-order', args: [placeArg] };

  it('resolves with the trade answer that carries the same id', async () => {
    const conn = makeConnection({ awaitLogin: true });
    conn.start();
    latest().open();
    latest().receive({ event: 'login', code: 0, msg: '' });
    const result = conn.send({ ...place, id: 'abc' });
    expect(latest().json()).toEqual([{ op: 'trade', ...place, id: 'abc' }]);
    const answer = { event: 'trade', id: 'abc', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT', orderId: '1', clientOid: 'c1', cTime: '1700000000000' }], code: '0', msg: 'success', ts: '1700000000001' };
    latest().receive({ event: 'trade', id: 'other', code: '0' });
    latest().receive(answer);
    await expect(result).resolves.toEqual(answer);
  });

  it('refuses an invalid op before sending anything, naming the field', async () => {
    const conn = openConnection();
    const bad: TradeOp = { ...place, args: [{ ...placeArg, qty: '-1' }] };
    await expect(conn.send(bad)).rejects.toMatchObject({ code: 'desk.invalid-request', field: 'args.0.qty' });
    const tooMany: TradeOp = { category: 'spot', topic: 'batch-cancel', args: Array.from({ length: 21 }, (_, i) => ({ symbol: 'BTCUSDT', orderId: String(i + 1) })) };
    await expect(conn.send(tooMany)).rejects.toMatchObject({ field: 'args' });
    expect(latest().sent).toEqual([]);
  });

  it('reports an answer that breaks the contract as outcome unknown', async () => {
    const conn = openConnection();
    const result = conn.send({ ...place, id: 'x0' });
    latest().receive({ event: 'trade', id: 'x0', code: '0', msg: 'success' });
    await expect(result).rejects.toMatchObject({ code: 'desk.bad-response' });
  });

  it('generates distinct ids when the caller gives none', () => {
    const conn = openConnection();
    void conn.send(place).catch(() => {});
    void conn.send(place).catch(() => {});
    const ids = latest().json().map((m) => (m as { id: string }).id);
    expect(new Set(ids).size).toBe(2);
    conn.stop();
  });

  it('rejects with the code and message of an error answer', async () => {
    const conn = openConnection();
    const result = conn.send({ ...place, id: 'x1' });
    latest().receive({ event: 'error', id: 'x1', code: '40010', msg: 'bad request' });
    await expect(result).rejects.toMatchObject({ code: '40010', msg: 'bad request' });
  });

  it('rejects a trade answer with a non-zero code (spec 7.2: refused at entry)', async () => {
    const conn = openConnection();
    const result = conn.send({ ...place, id: 'x2' });
    latest().receive({ event: 'trade', id: 'x2', code: '25202', msg: 'insufficient balance' });
    await expect(result).rejects.toBeInstanceOf(DeskApiError);
    await expect(result).rejects.toMatchObject({ code: '25202' });
  });

  it('refuses to send while not connected, and sends nothing', async () => {
    const conn = makeConnection({ awaitLogin: true });
    conn.start();
    latest().open();
    await expect(conn.send(place)).rejects.toMatchObject({ code: 'desk.ws.not-connected' });
    expect(latest().sent).toEqual([]);
  });

  it('rejects waiting ops as outcome-unknown when the socket closes, and does not resend them', async () => {
    const conn = openConnection();
    const result = conn.send({ ...place, id: 'x3' });
    latest().serverClose();
    await expect(result).rejects.toMatchObject({ code: 'desk.ws.closed' });
    vi.advanceTimersByTime(500);
    latest().open();
    expect(latest().json()).toEqual([]);
  });

  it('rejects with a timeout when no answer comes', async () => {
    const conn = makeConnection({ tradeTimeoutMs: 15_000 });
    conn.start();
    latest().open();
    const result = conn.send({ ...place, id: 'x4' });
    const settled = expect(result).rejects.toMatchObject({ code: 'desk.ws.timeout' });
    vi.advanceTimersByTime(15_000);
    await settled;
  });

  it('refuses a second op with an id that is still waiting', async () => {
    const conn = openConnection();
    void conn.send({ ...place, id: 'dup' }).catch(() => {});
    await expect(conn.send({ ...place, id: 'dup' })).rejects.toMatchObject({ code: 'desk.ws.duplicate-id' });
    expect(latest().json()).toHaveLength(1);
    conn.stop();
  });
});
