// A real client we did not write: the published npm package bitget-api (RestClientV3),
// pointed at the simulator on a real port, signs and sends instruments, settings, assets,
// place-order, unfilled-orders and cancel-order; every call must succeed (issue 3).
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator, type Simulator } from '../../server';

// The package's ESM build is not shipped; its CommonJS entry is.
const require = createRequire(import.meta.url);

interface Envelope<T = unknown> {
  code: string;
  msg: string;
  data: T;
}

// The subset of RestClientV3 this test calls (method names from its source).
interface RestClientV3 {
  getInstruments(params: Record<string, string>): Promise<Envelope<{ symbol: string }[]>>;
  getAccountSettings(): Promise<Envelope<{ uid: string }>>;
  getBalances(): Promise<Envelope<{ assets: { coin: string; locked: string }[] }>>;
  submitNewOrder(params: Record<string, string>): Promise<Envelope<{ orderId: string; clientOid: string }>>;
  getUnfilledOrders(params: Record<string, string>): Promise<Envelope<{ list: { orderId: string; clientOid: string }[] }>>;
  cancelOrder(params: Record<string, string>): Promise<Envelope<{ orderId: string }>>;
}

const { RestClientV3: Client } = require('bitget-api') as { RestClientV3: new (options: Record<string, unknown>) => RestClientV3 };

let sim: Simulator;
let client: RestClientV3;

beforeAll(async () => {
  sim = createSimulator();
  const port = await sim.listen(0);
  client = new Client({ apiKey: 'demo-key', apiSecret: 'demo-secret', apiPass: 'demo-pass', baseUrl: `http://127.0.0.1:${port}` });
});
afterAll(async () => sim.close());

describe('the bitget-api RestClientV3 against the simulator', () => {
  it('reads instruments, settings and assets, places, lists and cancels an order', async () => {
    const instruments = await client.getInstruments({ category: 'SPOT' });
    expect(instruments.code).toBe('00000');
    expect(instruments.data.map((i) => i.symbol)).toContain('BTCUSDT');

    const settings = await client.getAccountSettings();
    expect(settings).toMatchObject({ code: '00000', data: { uid: '1000001' } });

    const balances = await client.getBalances();
    expect(balances.code).toBe('00000');
    expect(balances.data.assets.map((a) => a.coin)).toContain('USDT');

    const placed = await client.submitNewOrder({
      category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '60000', timeInForce: 'gtc', clientOid: 'bitget-api-1',
    });
    expect(placed).toMatchObject({ code: '00000', data: { clientOid: 'bitget-api-1' } });

    const open = await client.getUnfilledOrders({ category: 'SPOT', symbol: 'BTCUSDT' });
    expect(open.code).toBe('00000');
    expect(open.data.list.map((o) => o.orderId)).toEqual([placed.data.orderId]);

    const canceled = await client.cancelOrder({ orderId: placed.data.orderId });
    expect(canceled).toMatchObject({ code: '00000', data: { orderId: placed.data.orderId } });
    expect((await client.getUnfilledOrders({ category: 'SPOT' })).data.list).toEqual([]);
    expect(sim.invariantViolations()).toEqual([]);
  });

  it('surfaces the simulator error envelope to the client on a bad key', async () => {
    const port = (sim.app.server.address() as { port: number }).port;
    const bad = new Client({ apiKey: 'demo-key', apiSecret: 'wrong', apiPass: 'demo-pass', baseUrl: `http://127.0.0.1:${port}` });
    await expect(bad.getAccountSettings()).rejects.toMatchObject({ code: 400, body: { code: '40009' } });
  });
});
