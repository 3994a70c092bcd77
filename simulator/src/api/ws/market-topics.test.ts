import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { klinePushItem, marketPush, publicTradePushItem, tickerPushItem } from '@contract/schemas/market';
import { createSimulator, type Simulator } from '../../server';
import type { DepthTimers } from './depth-hub';
import { TestSocket, type Frame } from './testing/ws-test-client';
import { attachWebSockets, type WsServerHandle } from './ws-server';

let sim: Simulator;
let ws: WsServerHandle;
let url: string;
const sockets: TestSocket[] = [];
const ticks: (() => void)[] = [];
const manualTimers: DepthTimers = {
  every: (_ms, fn) => {
    ticks.push(fn);
    return () => undefined;
  },
  soon: (fn) => fn(),
};

beforeEach(async () => {
  sim = createSimulator({ seed: 11 });
  sim.flow.prefill();
  ws = attachWebSockets(sim.app.server, sim, {}, manualTimers);
  url = `ws://127.0.0.1:${await sim.listen(0)}/v3/ws/public`;
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  ticks.splice(0);
  ws.close();
  await sim.close();
});

async function open(): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s;
}

const pushOf = (topic: string, action?: string) => (f: Frame) => typeof f === 'object' && 'data' in f && (f.arg as { topic?: string }).topic === topic && (action === undefined || f.action === action);

describe('market topics on /v3/ws/public', () => {
  it('send a trade as it happens on publicTrade, after the recent ones', async () => {
    for (let i = 0; i < 20; i++) sim.flow.step();
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'publicTrade', symbol: 'BTCUSDT' }] });
    const snapshot = marketPush(publicTradePushItem).parse(await s.waitFor(pushOf('publicTrade', 'snapshot')));
    expect(snapshot.data.length).toBeGreaterThan(0);
    const ask = sim.market.depth('spot', 'BTCUSDT', 1).asks[0]!.price;
    const order = sim.orders.place(1000001, { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: ask, qty: '0.001', timeInForce: 'ioc' });
    const update = marketPush(publicTradePushItem).parse(await s.waitFor(pushOf('publicTrade', 'update')));
    const fill = sim.orders.fills.get(1000001)?.find((f) => f.orderId === order.orderId);
    expect(update.data[0]?.S).toBe('buy');
    expect(fill?.execLinkId).toBeDefined();
    expect(update.data[0]?.L).toBe(fill?.execLinkId);
  });

  it('send the current candle on kline, then an update when it changed, and the ticker on change', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '1m' }, { instType: 'spot', topic: 'ticker', symbol: 'BTCUSDT' }] });
    await s.waitFor(pushOf('ticker', 'snapshot'));
    for (let i = 0; i < 20; i++) sim.flow.step();
    for (const tick of ticks) tick();
    const kline = marketPush(klinePushItem).parse(await s.waitFor(pushOf('kline', 'update')));
    expect(Number(kline.data[0]?.start) % 60_000).toBe(0);
    const ticker = marketPush(tickerPushItem).parse(await s.waitFor(pushOf('ticker'), 1));
    expect(ticker.data[0]?.lastPrice).toMatch(/^\d+(\.\d+)?$/);
  });

  it('refuse a kline without a documented interval, naming the field, and an instrument it does not list', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'kline', symbol: 'BTCUSDT', interval: '2m' }] });
    const error = await s.waitFor((f) => typeof f === 'object' && f.event === 'error');
    expect(String(error.msg)).toMatch(/interval/);
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'ticker', symbol: 'DOGEUSDT' }] });
    const unknown = await s.waitFor((f) => typeof f === 'object' && f.event === 'error' && f.code === '30001');
    expect(String(unknown.msg)).toMatch(/DOGEUSDT/);
  });
});
