// A real client we did not write: the published npm package bitget-api. Its
// WebsocketClientV3, with wsUrl pointed at the simulator, logs in (timestamp in seconds, as
// a JSON number), subscribes to the order topic, sends a place-order trade op and receives
// the order pushes (issue 4).
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPush } from '@contract/schemas/ws-private';
import { createSimulator, type Simulator } from '../../server';
import { createWsExtension } from './extension';

// The package's CommonJS entry is what it ships in a form Node resolves here.
const require = createRequire(import.meta.url);

interface WsClient {
  on(event: string, listener: (data: Record<string, unknown>) => void): void;
  subscribe(requests: { topic: string; payload: Record<string, string> }, wsKey: string): Promise<unknown>;
  sendWSAPIRequest(wsKey: string, operation: string, category: string, params: Record<string, string>): Promise<Record<string, unknown>>;
  closeAll(force?: boolean): void;
}
const { WebsocketClientV3 } = require('bitget-api') as {
  WebsocketClientV3: new (options: Record<string, unknown>, logger?: Record<string, (...a: unknown[]) => void>) => WsClient;
};
const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };

let sim: Simulator;
let client: WsClient;
const updates: Record<string, unknown>[] = [];
let authenticated: Promise<void>;

beforeAll(async () => {
  sim = createSimulator({ extensions: [createWsExtension()] });
  const port = await sim.listen(0);
  client = new WebsocketClientV3({ apiKey: 'demo-key', apiSecret: 'demo-secret', apiPass: 'demo-pass', wsUrl: `ws://127.0.0.1:${port}/v3/ws/private` }, quiet);
  authenticated = new Promise((resolve) => client.on('authenticated', () => resolve()));
  client.on('update', (data) => updates.push(data));
});

afterAll(async () => {
  client.closeAll(true);
  await sim.close();
});

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let i = 0; i < 2000; i++) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('gave up waiting');
}

describe('the bitget-api WebsocketClientV3 against the simulator', () => {
  it('logs in, subscribes to orders, places an order over the socket and receives its pushes', async () => {
    await client.subscribe({ topic: 'order', payload: { instType: 'UTA' } }, 'v3Private');
    await authenticated;
    const answer = await client.sendWSAPIRequest('v3Private', 'place-order', 'spot', {
      symbol: 'BTCUSDT',
      orderType: 'limit',
      side: 'buy',
      price: '60000',
      qty: '0.01',
      clientOid: 'bitget-api-1',
    });
    expect(answer).toMatchObject({ event: 'trade', topic: 'place-order', code: '0' });
    const orderId = (answer.args as { orderId: string }[])[0]!.orderId;
    const states = await until(() => {
      const seen = updates
        .filter((u) => (u.arg as { topic?: string } | undefined)?.topic === 'order')
        .flatMap((u) => orderPush.parse(u).data)
        .filter((o) => o.orderId === orderId)
        .map((o) => o.state);
      return seen.length >= 2 ? seen : undefined;
    });
    expect(states).toEqual(['live', 'new']);
  });
});
