import { describe, expect, it } from 'vitest';
import { OrderBook } from '@contract/book/order-book';
import { depthPushSchema, type DepthPush } from '@contract/schemas/ws-depth';
import { DepthHub, type DepthTimers } from './depth-hub';
import { DepthFormat } from './depth-format';
import type { DepthBookSpec } from './depth-source';
import { BTC_SPOT, ETH_PERP, randomFlow, type RandomFlow } from './testing/random-engine-flow';

const manualTimers = (): DepthTimers & { run(): void } => {
  const soon: (() => void)[] = [];
  return {
    every: () => () => undefined,
    soon: (fn) => soon.push(fn),
    run: () => {
      while (soon.length) soon.shift()!();
    },
  };
};

function collector() {
  const pushes: DepthPush[] = [];
  const texts: string[] = [];
  // Every push is schema-checked until the shapes are established; later ones only parsed
  // (10,000 zod parses would dominate the run).
  return {
    pushes,
    texts,
    sink: {
      send: (text: string) => {
        texts.push(text);
        pushes.push(pushes.length < 300 ? depthPushSchema.parse(JSON.parse(text)) : (JSON.parse(text) as DepthPush));
      },
    },
  };
}

function trueBook(flow: RandomFlow, spec: DepthBookSpec) {
  const f = new DepthFormat(spec.tickSize, spec.lotSize);
  const side = (s: 'buy' | 'sell') => flow.engine.depth(spec.key, s, Number.POSITIVE_INFINITY).map((l) => f.level(l.priceTicks, l.totalLots));
  return { bids: side('buy'), asks: side('sell') };
}

function clientView(book: OrderBook) {
  const v = book.view();
  return { bids: v.bids.map((l) => [l.price, l.size]), asks: v.asks.map((l) => [l.price, l.size]) };
}

describe('books channel (spec 6.3)', () => {
  it.each([
    ['spot', BTC_SPOT, 7],
    ['futures', ETH_PERP, 11],
  ] as const)('rebuilds the true %s book from a snapshot and 10,000 updates, every checksum matching', (_name, spec, seed) => {
    {
      const flow = randomFlow(seed);
      flow.step(spec, 300); // a book to start from
      let t = 1_700_000_000_000;
      const hub = new DepthHub(flow.source, { now: () => t, timers: manualTimers() });
      const { pushes, texts, sink } = collector();
      const arg = { instType: spec.category, topic: 'books' as const, symbol: spec.symbol };
      expect(hub.subscribe(arg, sink, JSON.stringify(arg))).toEqual({ ok: true });

      const f = new DepthFormat(spec.tickSize, spec.lotSize);
      const client = new OrderBook({ priceScale: f.priceScale, sizeScale: f.sizeScale });
      expect(pushes[0]!.action).toBe('snapshot');
      expect(client.applySnapshot(pushes[0]!.data[0]!)).toEqual({ status: 'ok' });
      expect(clientView(client)).toEqual(trueBook(flow, spec));

      let applied = 0;
      let consumed = 1;
      while (applied < 10_000) {
        flow.step(spec, 1 + (applied % 5));
        t += 7;
        hub.flushAll();
        for (; consumed < pushes.length; consumed++) {
          const p = pushes[consumed]!;
          expect(p.action).toBe('update');
          const d = p.data[0]!;
          expect(d.pseq).toBe(client.seq);
          expect(client.applyUpdate(d)).toEqual({ status: 'ok' });
          applied++;
        }
        if (applied % 97 === 0 || applied >= 10_000) expect(clientView(client)).toEqual(trueBook(flow, spec));
      }
      // Each push is exactly what JSON.stringify writes for its content (keys in order, no spaces).
      expect(texts.filter((text) => text !== JSON.stringify(JSON.parse(text)))).toEqual([]);
      hub.close();
    }
  }, 120_000);

  it('pushes nothing when the book did not change, and only the final size of a level changed several times', () => {
    const flow = randomFlow(3, [BTC_SPOT]);
    const hub = new DepthHub(flow.source, { now: () => 1, timers: manualTimers() });
    const { pushes, sink } = collector();
    const arg = { instType: 'spot' as const, topic: 'books' as const, symbol: 'BTCUSDT' };
    hub.subscribe(arg, sink, JSON.stringify(arg));
    hub.flushAll();
    expect(pushes).toHaveLength(1);
    const e = flow.engine;
    e.submit('BTCUSDT', { type: 'limit', orderId: 'a', accountId: 1, stpGroup: 1, side: 'buy', priceTicks: 500, lots: 1 });
    e.submit('BTCUSDT', { type: 'limit', orderId: 'b', accountId: 1, stpGroup: 1, side: 'buy', priceTicks: 500, lots: 2 });
    e.submit('BTCUSDT', { type: 'limit', orderId: 'c', accountId: 1, stpGroup: 1, side: 'buy', priceTicks: 400, lots: 2 });
    e.cancel('c');
    hub.flushAll();
    expect(pushes).toHaveLength(2);
    expect(pushes[1]!.data[0]!.b).toEqual([['5.00', '0.0003']]);
    expect(pushes[1]!.data[0]!.a).toEqual([]);
    hub.flushAll();
    expect(pushes).toHaveLength(2);
  });

  it('gives a late subscriber a snapshot equal to what earlier subscribers hold, and both stay in sync', () => {
    const flow = randomFlow(5, [BTC_SPOT]);
    flow.step(BTC_SPOT, 100);
    const timers = manualTimers();
    const hub = new DepthHub(flow.source, { now: () => 2, timers });
    const early = collector();
    const late = collector();
    const arg = { instType: 'SPOT' as const, topic: 'books' as const, symbol: 'BTCUSDT' };
    hub.subscribe(arg, early.sink, JSON.stringify(arg));
    flow.step(BTC_SPOT, 20); // pending, not yet pushed
    hub.subscribe(arg, late.sink, JSON.stringify(arg));
    expect(late.pushes[0]!.arg.instType).toBe('SPOT');
    const books = [early, late].map((c) => {
      const b = new OrderBook({ priceScale: 2, sizeScale: 4 });
      expect(b.applySnapshot(c.pushes[0]!.data[0]!).status).toBe('ok');
      return b;
    });
    expect(clientView(books[1]!)).toEqual(clientView(books[0]!));
    hub.flushAll();
    for (const [i, c] of [early, late].entries()) {
      expect(books[i]!.applyUpdate(c.pushes[1]!.data[0]!)).toEqual({ status: 'ok' });
      expect(clientView(books[i]!)).toEqual(trueBook(flow, BTC_SPOT));
    }
  });
});

describe('snapshot channels books1/5/15/50 (spec 6.3)', () => {
  it('pushes a snapshot of the requested number of levels, only when it changed', () => {
    const flow = randomFlow(9, [BTC_SPOT]);
    flow.step(BTC_SPOT, 400);
    const timers = manualTimers();
    const hub = new DepthHub(flow.source, { now: () => 3, timers });
    const byTopic = new Map<string, ReturnType<typeof collector>>();
    for (const topic of ['books1', 'books5', 'books15', 'books50'] as const) {
      const c = collector();
      byTopic.set(topic, c);
      const arg = { instType: 'spot' as const, topic, symbol: 'BTCUSDT' };
      hub.subscribe(arg, c.sink, JSON.stringify(arg));
    }
    const truth = trueBook(flow, BTC_SPOT);
    for (const [topic, n] of [['books1', 1], ['books5', 5], ['books15', 15], ['books50', 50]] as const) {
      const d = byTopic.get(topic)!.pushes[0]!.data[0]!;
      expect(byTopic.get(topic)!.pushes[0]!.action).toBe('snapshot');
      expect(d.b).toEqual(truth.bids.slice(0, n));
      expect(d.a).toEqual(truth.asks.slice(0, n));
    }
    // A change far from the top moves books50 at most, never books1.
    const farBid = truth.bids[truth.bids.length - 1]!;
    flow.engine.submit('BTCUSDT', { type: 'limit', orderId: 'far', accountId: 9, stpGroup: 9, side: 'buy', priceTicks: 1, lots: 1 });
    timers.run();
    hub.flushAll();
    expect(byTopic.get('books1')!.pushes).toHaveLength(1);
    expect(byTopic.get('books5')!.pushes).toHaveLength(1);
    expect(farBid).toBeDefined();
    // A new best bid reaches books1 at once (on the next turn, without a cadence tick).
    const bestBid = flow.engine.bestBid('BTCUSDT')!;
    flow.engine.submit('BTCUSDT', { type: 'limit', orderId: 'top', accountId: 9, stpGroup: 9, side: 'buy', priceTicks: bestBid + 1, lots: 1 });
    timers.run();
    const top = byTopic.get('books1')!.pushes;
    expect(top).toHaveLength(2);
    expect(top[1]!.data[0]!.b[0]![0]).toBe(new DepthFormat('0.01', '0.0001').price(bestBid + 1));
    expect(byTopic.get('books5')!.pushes).toHaveLength(1); // waits for the cadence
    hub.flushAll();
    expect(byTopic.get('books5')!.pushes).toHaveLength(2);
  });

  it('answers 30001 for an instrument that does not exist', () => {
    const flow = randomFlow(1, [BTC_SPOT]);
    const hub = new DepthHub(flow.source, { timers: manualTimers() });
    const out = hub.subscribe({ instType: 'usdt-futures', topic: 'books', symbol: 'DOGEUSDT' }, collector().sink, '{}');
    expect(out).toMatchObject({ ok: false, code: '30001' });
  });
});
