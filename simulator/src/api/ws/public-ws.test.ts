import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OrderBook } from '@contract/book/order-book';
import { depthPushSchema, type DepthPush } from '@contract/schemas/ws-depth';
import { createSimulator, type Simulator } from '../../server';
import { MAKER_UID, TAKER_UID } from '../../accounts/seed-accounts';
import type { DepthTimers } from './depth-hub';
import { DepthFormat } from './depth-format';
import { mulberry32 } from './testing/random-engine-flow';
import { isEvent, TestSocket, type Frame } from './testing/ws-test-client';
import { attachWebSockets, type WsServerHandle } from './ws-server';

let sim: Simulator;
let ws: WsServerHandle;
let url: string;
const sockets: TestSocket[] = [];
const soon: (() => void)[] = [];
const manualTimers: DepthTimers = { every: () => () => undefined, soon: (fn) => soon.push(fn) };
const runSoon = () => {
  while (soon.length) soon.shift()!();
};

beforeEach(async () => {
  sim = createSimulator();
  ws = attachWebSockets(sim.app.server, sim, {}, manualTimers);
  const port = await sim.listen(0);
  url = `ws://127.0.0.1:${port}/v3/ws/public`;
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  ws.close();
  await sim.close();
});

async function open(): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s;
}

const isDepth = (topic: string) => (f: Frame) => typeof f === 'object' && 'data' in f && (f.arg as { topic?: string }).topic === topic;

/** Random maker/taker orders on spot BTCUSDT through the order service, as REST would place them. */
function randomTrader(seed: number) {
  const rnd = mulberry32(seed);
  const resting: { uid: number; orderId: string }[] = [];
  return () => {
    const r = rnd();
    const uid = rnd() < 0.5 ? MAKER_UID : TAKER_UID;
    const side = rnd() < 0.5 ? 'buy' : 'sell';
    // Each account may hold 400 pending orders per symbol: cancel more once many rest.
    if ((r < 0.3 || resting.length > 300) && resting.length > 0) {
      const i = Math.floor(rnd() * resting.length);
      const o = resting[i]!;
      resting[i] = resting[resting.length - 1]!;
      resting.pop();
      const order = sim.orders.orders.get(o.orderId);
      if (order && (order.state === 'new' || order.state === 'partially_filled' || order.state === 'live')) sim.orders.cancel(o.uid, { orderId: o.orderId });
      return;
    }
    if (r < 0.36) {
      sim.orders.place(uid, { category: 'spot', symbol: 'BTCUSDT', orderType: 'market', side: 'sell', qty: (0.0001 + Math.floor(rnd() * 50) / 10000).toFixed(4) });
      return;
    }
    const offset = Math.floor(rnd() * 3000) - 200; // cents from 65000, mostly resting, some crossing
    const cents = side === 'buy' ? 6_500_000 - offset : 6_500_000 + offset;
    const price = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const qty = (0.0001 + Math.floor(rnd() * 100) / 10000).toFixed(4);
    const placed = sim.orders.place(uid, { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side, price, qty });
    resting.push({ uid, orderId: placed.orderId });
  };
}

function trueBook(fmt: DepthFormat) {
  const side = (s: 'buy' | 'sell') => sim.engine.depth('spot:BTCUSDT', s, Number.POSITIVE_INFINITY).map((l) => [fmt.price(l.priceTicks), fmt.size(l.totalLots)]);
  return { bids: side('buy'), asks: side('sell') };
}

describe('public depth over a real socket (spec 6.3)', () => {
  it('acknowledges, sends a snapshot, and 10,000 updates rebuild the true book with every checksum matching', async () => {
    const step = randomTrader(42);
    for (let i = 0; i < 200; i++) step();
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'SPOT', topic: 'books', symbol: 'BTCUSDT' }] });
    await s.waitFor(isDepth('books'));
    const ackIndex = s.frames.findIndex(isEvent('subscribe'));
    expect(s.frames[ackIndex]).toEqual({ event: 'subscribe', arg: { instType: 'SPOT', topic: 'books', symbol: 'BTCUSDT' }, connId: expect.stringMatching(/^sim-/) });
    const fmt = new DepthFormat('0.01', '0.000001');
    const client = new OrderBook({ priceScale: fmt.priceScale, sizeScale: fmt.sizeScale });
    const pushes = () => s.frames.filter(isDepth('books')) as DepthPush[];
    const snapshot = depthPushSchema.parse(pushes()[0]);
    expect(ackIndex).toBeLessThan(s.frames.indexOf(pushes()[0]!));
    expect(snapshot.action).toBe('snapshot');
    expect(client.applySnapshot(snapshot.data[0]!)).toEqual({ status: 'ok' });

    const publisher = ws.hub.publisherOf('spot:BTCUSDT')!;
    let applied = 0;
    while (applied < 10_000) {
      const target = publisher.booksSeq + 500;
      while (publisher.booksSeq < target) {
        step();
        ws.hub.flushAll();
      }
      const all = await s.waitForCount(isDepth('books'), 1 + applied + 500);
      for (const p of all.slice(1 + applied)) {
        const push = (applied < 300 ? depthPushSchema.parse(p) : p) as DepthPush;
        expect(push.action).toBe('update');
        expect(client.applyUpdate(push.data[0]!)).toEqual({ status: 'ok' });
        applied++;
      }
      const v = client.view();
      expect({ bids: v.bids.map((l) => [l.price, l.size]), asks: v.asks.map((l) => [l.price, l.size]) }).toEqual(trueBook(fmt));
    }
    expect(sim.invariantViolations()).toEqual([]);
  }, 180_000);

  it('pushes books1 when the top of book changes and books5 snapshots at the cadence', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books1', symbol: 'BTCUSDT' }, { instType: 'spot', topic: 'books5', symbol: 'BTCUSDT' }] });
    await s.waitFor(isDepth('books5'));
    sim.orders.place(MAKER_UID, { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '64000', qty: '0.01' });
    runSoon();
    const top = depthPushSchema.parse(await s.waitFor((f) => isDepth('books1')(f) && JSON.stringify(f).includes('64000')));
    expect(top.data[0]!.b).toEqual([['64000.00', '0.010000']]);
    expect(s.frames.filter(isDepth('books5'))).toHaveLength(1);
    ws.hub.flushAll();
    const five = depthPushSchema.parse(await s.waitFor((f) => isDepth('books5')(f) && JSON.stringify(f).includes('64000')));
    expect(five.action).toBe('snapshot');
  });

  it('refuses an unknown instrument with 30001 and a malformed arg with 30016 naming the field', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'usdt-futures', topic: 'books', symbol: 'DOGEUSDT' }] });
    expect(await s.waitFor(isEvent('error'))).toMatchObject({ code: '30001' });
    const from = s.frames.length;
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books', symbol: 'btc-usdt' }] });
    const bad = await s.waitFor(isEvent('error'), from);
    expect(bad).toMatchObject({ code: '30016' });
    expect(String(bad.msg)).toMatch(/symbol/);
    const from2 = s.frames.length;
    s.send({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books7', symbol: 'BTCUSDT' }] });
    expect(await s.waitFor(isEvent('error'), from2)).toMatchObject({ code: '30001' });
  });

  it('stops pushing after an unsubscribe is acknowledged', async () => {
    const s = await open();
    const arg = { instType: 'usdt-futures', topic: 'books', symbol: 'ETHUSDT' };
    s.send({ op: 'subscribe', args: [arg] });
    await s.waitFor(isDepth('books'));
    s.send({ op: 'unsubscribe', args: [arg] });
    expect(await s.waitFor(isEvent('unsubscribe'))).toEqual({ event: 'unsubscribe', arg });
    sim.orders.place(MAKER_UID, { category: 'usdt-futures', symbol: 'ETHUSDT', orderType: 'limit', side: 'buy', price: '3000', qty: '1' });
    ws.hub.flushAll();
    await s.sync();
    expect(s.frames.filter(isDepth('books'))).toHaveLength(1);
  });
});
