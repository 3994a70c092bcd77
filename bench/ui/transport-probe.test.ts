import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import type { DepthArg } from '../../contract/schemas/ws-depth';
import { startTransportProbe } from './transport-probe';

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    for (const c of s.clients) c.terminate();
    await new Promise((r) => s.close(r));
  }
});

/** A stand-in for the proxy's /ws/public: `onSubscribe` gets what the client sent and its socket. */
async function relay(onSubscribe: (message: unknown, peer: WebSocket, headers: Record<string, string | string[] | undefined>) => void): Promise<string> {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  server.on('connection', (peer, req) => {
    peer.once('message', (data) => onSubscribe(JSON.parse(String(data)), peer, req.headers));
  });
  return `ws://127.0.0.1:${(server.address() as { port: number }).port}/ws/public`;
}

const now = () => Math.floor(performance.timeOrigin + performance.now());
const books = (stamps: number[]) => JSON.stringify(stamps.map((ts) => ({ arg: { topic: 'books' }, action: 'update', data: [{ bids: [], asks: [], ts: String(ts) }], ts: String(ts) })));
const arg: DepthArg = { instType: 'spot', topic: 'books', symbol: 'BTCUSDT' };

describe('startTransportProbe', () => {
  it('subscribes with the session it is given, then times every stamped book push after the ack', async () => {
    let sent: unknown;
    let cookie: unknown;
    const url = await relay((message, peer, headers) => {
      sent = message;
      cookie = headers.cookie;
      peer.send(JSON.stringify({ event: 'subscribe', arg }));
      // Two pushes in one batched frame (four stamps: each push's and its book's), and a
      // ticker that is not timed.
      peer.send(books([now() - 5, now() - 5]));
      peer.send(JSON.stringify({ arg: { topic: 'ticker' }, data: { ts: String(now()) } }));
      // A `ts` that is not a millisecond stamp (13 digits, then its quote) is not timed.
      peer.send(JSON.stringify({ arg: { topic: 'books' }, data: [{ ts: `${now()}5` }] }));
    });
    const probe = await startTransportProbe(url, { Cookie: 'desk_session=abc' }, arg);
    await new Promise((r) => setTimeout(r, 100));
    const latencies = probe.stop();
    expect(sent).toEqual({ op: 'subscribe', args: [arg] });
    expect(cookie).toBe('desk_session=abc');
    expect(latencies).toHaveLength(4);
    for (const ms of latencies) expect(ms).toBeGreaterThanOrEqual(4);
    expect([...latencies].sort((a, b) => a - b)).toEqual(latencies);
  });

  it('fails naming the address when the relay refuses the socket', async () => {
    const url = await relay(() => undefined);
    const refused = url.replace(/:\d+\//, ':1/');
    await expect(startTransportProbe(refused, {}, arg)).rejects.toThrow(/transport probe: .*ECONNREFUSED 127\.0\.0\.1:1\b/);
  });
});
