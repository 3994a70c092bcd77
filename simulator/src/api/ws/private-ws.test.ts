import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildWsLogin, wsLoginSign } from '@contract/core/signing';
import { orderPush, accountPush, positionPush, wsTradeAnswer } from '@contract/schemas/ws-private';
import { createSimulator, type Simulator } from '../../server';
import { keysOf, ok, type TestKey } from '../../testing/signed-client';
import { createWsExtension } from './extension';
import { isEvent, isPush, TestSocket, type Frame } from './testing/ws-test-client';

let sim: Simulator;
let url: string;
const sockets: TestSocket[] = [];

beforeEach(async () => {
  sim = createSimulator({ extensions: [createWsExtension({ idleMs: 60_000, positionIntervalMs: 50, accountIntervalMs: 50 })] });
  const port = await sim.listen(0);
  url = `ws://127.0.0.1:${port}/v3/ws/private`;
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await sim.close();
});

async function open(): Promise<TestSocket> {
  const s = await TestSocket.open(url);
  sockets.push(s);
  return s;
}

async function loggedIn(key: TestKey = keysOf.main, topics: string[] = ['order']): Promise<TestSocket> {
  const s = await open();
  s.send(buildWsLogin({ ...key, timestamp: String(Math.floor(Date.now() / 1000)) }));
  const answer = await s.waitFor(isEvent('login'));
  expect(answer).toEqual({ event: 'login', code: 0, msg: '' });
  for (const topic of topics) {
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic }] });
    await s.waitFor((f) => isEvent('subscribe')(f) && (f as { arg: { topic: string } }).arg.topic === topic);
  }
  return s;
}

const orderPushes = (s: TestSocket, orderId: string) =>
  s.frames.filter(isPush('order')).flatMap((f) => orderPush.parse(f).data).filter((o) => o.orderId === orderId);

let nextId = 1;
async function trade(s: TestSocket, topic: string, args: unknown[], category = 'spot'): Promise<Record<string, unknown>> {
  const id = `t${nextId++}`;
  s.send({ op: 'trade', id, category, topic, args });
  return s.waitFor((f) => typeof f === 'object' && f.id === id && (f.event === 'trade' || f.event === 'error'));
}

const limit = (side: 'buy' | 'sell', price: string, qty: string, extra: Record<string, string> = {}) => ({ symbol: 'BTCUSDT', orderType: 'limit', side, price, qty, ...extra });

describe('private WebSocket login (upstream-facts "WS v3")', () => {
  it('accepts a timestamp in seconds and in milliseconds, answering numeric code 0', async () => {
    for (const ts of [String(Math.floor(Date.now() / 1000)), String(Date.now())]) {
      const s = await open();
      s.send({ op: 'login', args: [{ apiKey: 'demo-key', passphrase: 'demo-pass', timestamp: ts, sign: wsLoginSign('demo-secret', ts) }] });
      expect(await s.waitFor(isEvent('login'))).toEqual({ event: 'login', code: 0, msg: '' });
    }
  });

  it('answers a bad signature with error 30005 and closes the connection', async () => {
    const s = await open();
    const ts = String(Math.floor(Date.now() / 1000));
    s.send({ op: 'login', args: [{ apiKey: 'demo-key', passphrase: 'demo-pass', timestamp: ts, sign: wsLoginSign('wrong', ts) }] });
    const err = await s.waitFor(isEvent('error'));
    expect(err).toMatchObject({ event: 'error', code: '30005' });
    expect(String(err.msg)).toMatch(/signature/);
    await s.closed;
  });

  it('refuses an expired timestamp, an unknown key and a wrong passphrase', async () => {
    const old = String(Math.floor(Date.now() / 1000) - 120);
    const cases = [
      { apiKey: 'demo-key', passphrase: 'demo-pass', timestamp: old, sign: wsLoginSign('demo-secret', old), why: /timestamp/ },
      { ...buildWsLogin({ ...keysOf.main, apiKey: 'nobody', timestamp: String(Math.floor(Date.now() / 1000)) }).args[0], why: /ACCESS-KEY/ },
      { ...buildWsLogin({ ...keysOf.main, passphrase: 'nope', timestamp: String(Math.floor(Date.now() / 1000)) }).args[0], why: /PASSPHRASE/ },
    ];
    for (const { why, ...arg } of cases) {
      const s = await open();
      s.send({ op: 'login', args: [arg] });
      const err = await s.waitFor(isEvent('error'));
      expect(err.code).toBe('30005');
      expect(String(err.msg)).toMatch(why);
      await s.closed;
    }
  });

  it('requires login before private subscriptions and trade ops (30004)', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] });
    expect(await s.waitFor(isEvent('error'))).toMatchObject({ code: '30004' });
    s.send({ op: 'trade', id: 'x1', category: 'spot', topic: 'place-order', args: [limit('buy', '100', '0.1')] });
    expect(await s.waitFor((f) => isEvent('error')(f) && (f as { id?: string }).id === 'x1')).toMatchObject({ code: '30004' });
  });
});

describe('order channel and trade operations (spec 3.1, 6.2, 6.4)', () => {
  it("pushes a crossing order's states live, new, partially_filled, filled, with a tradeId on each fill", async () => {
    const maker = await loggedIn(keysOf.other);
    const taker = await loggedIn(keysOf.main);
    expect((await trade(maker, 'place-order', [limit('sell', '65000', '0.4')])).code).toBe('0');
    expect((await trade(maker, 'place-order', [limit('sell', '65001', '0.6')])).code).toBe('0');
    const answer = await trade(taker, 'place-order', [limit('buy', '65001', '1', { clientOid: 'cross-1' })]);
    const parsed = wsTradeAnswer.parse(answer);
    expect(parsed).toMatchObject({ event: 'trade', topic: 'place-order', code: '0', msg: 'success', category: 'spot' });
    const arg = parsed.args[0]!;
    expect(arg).toMatchObject({ symbol: 'BTCUSDT', clientOid: 'cross-1' });
    expect(arg.cTime).toMatch(/^\d{13}$/);
    await taker.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"filled"'));
    const pushes = orderPushes(taker, arg.orderId!);
    expect(pushes.map((p) => p.state)).toEqual(['live', 'new', 'partially_filled', 'filled']);
    const fills = pushes.slice(2);
    expect(fills.map((p) => [p.execPrice, p.execQty, p.tradeScope])).toEqual([
      ['65000', '0.4', 'taker'],
      ['65001', '0.6', 'taker'],
    ]);
    for (const p of fills) expect(p.tradeId).toMatch(/^\d+$/);
    expect(fills[0]!.tradeId).not.toBe(fills[1]!.tradeId);
    // The answer went out before the pushes it caused.
    const answerIndex = taker.frames.indexOf(answer);
    const firstPush = taker.frames.findIndex((f) => isPush('order')(f));
    expect(answerIndex).toBeLessThan(firstPush);
  });

  it('pushes each fill on the fill topic with its tradeId', async () => {
    const maker = await loggedIn(keysOf.other);
    const s = await loggedIn(keysOf.main, ['fill']);
    await trade(maker, 'place-order', [limit('sell', '65000', '0.2')]);
    await trade(s, 'place-order', [limit('buy', '65000', '0.2')]);
    const push = await s.waitFor(isPush('fill'));
    const fill = (push.data as Record<string, string>[])[0]!;
    expect(fill).toMatchObject({ symbol: 'BTCUSDT', side: 'buy', execPrice: '65000', execQty: '0.2', tradeScope: 'taker' });
    expect(fill.tradeId).toMatch(/^\d+$/);
  });

  it('pushes live then canceled with cancelSource post_only for a post-only order that would cross', async () => {
    const maker = await loggedIn(keysOf.other);
    const s = await loggedIn(keysOf.main);
    await trade(maker, 'place-order', [limit('sell', '65000', '0.1')]);
    const answer = wsTradeAnswer.parse(await trade(s, 'place-order', [limit('buy', '65000', '0.1', { timeInForce: 'post_only' })]));
    const orderId = answer.args[0]!.orderId!;
    await s.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"canceled"'));
    const pushes = orderPushes(s, orderId);
    expect(pushes.map((p) => p.state)).toEqual(['live', 'canceled']);
    expect(pushes[1]!.cancelSource).toBe('post_only');
  });

  it("pushes a self-trade prevention cancel with cancelSource self_trade to the maker's owner", async () => {
    const parent = await loggedIn(keysOf.main);
    const sub = await loggedIn(keysOf.sub);
    const resting = wsTradeAnswer.parse(await trade(parent, 'place-order', [limit('sell', '65000', '0.1')])).args[0]!.orderId!;
    await trade(sub, 'place-order', [limit('buy', '65000', '0.1')]); // default stpMode cancel_maker
    await parent.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"canceled"'));
    const pushes = orderPushes(parent, resting);
    expect(pushes.at(-1)).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
  });

  it("pushes the taker's own cancel with cancelSource self_trade under cancel_taker", async () => {
    const parent = await loggedIn(keysOf.main);
    const sub = await loggedIn(keysOf.sub);
    await trade(parent, 'place-order', [limit('sell', '65000', '0.1')]);
    const taker = wsTradeAnswer.parse(await trade(sub, 'place-order', [limit('buy', '65000', '0.1', { stpMode: 'cancel_taker' })])).args[0]!.orderId!;
    await sub.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"canceled"'));
    const pushes = orderPushes(sub, taker);
    expect(pushes.map((p) => [p.state, p.cancelSource])).toEqual([['live', ''], ['canceled', 'self_trade']]);
  });

  it('answers an op rejected at entry with an error naming the problem, and pushes nothing', async () => {
    const s = await loggedIn(keysOf.main);
    const offTick = await trade(s, 'place-order', [limit('buy', '65000.001', '0.1')]);
    expect(offTick).toMatchObject({ event: 'error', code: '25244' });
    expect(typeof offTick.id).toBe('string');
    const badOid = await trade(s, 'place-order', [limit('buy', '65000', '0.1', { clientOid: 'no?mark' })]);
    expect(badOid).toMatchObject({ event: 'error', code: '40017' });
    expect(String(badOid.msg)).toMatch(/clientOid/);
    const tooMuch = await trade(s, 'place-order', [limit('buy', '65000', '500')]);
    expect(tooMuch).toMatchObject({ event: 'error', code: '25202' });
    await s.sync();
    expect(s.frames.filter(isPush('order'))).toEqual([]);
  });

  it('modifies and cancels over the socket, and a cancel of a canceled order is refused', async () => {
    const s = await loggedIn(keysOf.main);
    const placed = wsTradeAnswer.parse(await trade(s, 'place-order', [limit('buy', '60000', '0.1', { clientOid: 'm-1' })])).args[0]!;
    const modified = await trade(s, 'modify-order', [{ symbol: 'BTCUSDT', orderId: placed.orderId, price: '60001' }]);
    expect(modified).toMatchObject({ event: 'trade', topic: 'modify-order', code: '0' });
    const canceled = await trade(s, 'cancel-order', [{ orderId: placed.orderId }]);
    expect(canceled).toMatchObject({ event: 'trade', topic: 'cancel-order', code: '0' });
    await s.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"canceled"'));
    const states = orderPushes(s, placed.orderId!);
    expect(states.map((p) => p.state)).toEqual(['live', 'new', 'new', 'canceled']);
    expect(states[2]!.price).toBe('60001');
    expect(states[3]!.cancelSource).toBe('user');
    expect(await trade(s, 'cancel-order', [{ orderId: placed.orderId }])).toMatchObject({ event: 'error', code: '25204' });
  });

  it('runs batches with a code per order, so a batch can partly succeed', async () => {
    const s = await loggedIn(keysOf.main);
    const answer = wsTradeAnswer.parse(
      await trade(s, 'batch-place', [limit('buy', '60000', '0.01', { clientOid: 'b-1' }), limit('buy', '60000', '500'), limit('buy', '60000', '0.01', { clientOid: 'b-1' })]),
    );
    expect(answer.args.map((a) => a.code)).toEqual(['0', '25202', '25212']);
    const cancel = wsTradeAnswer.parse(await trade(s, 'batch-cancel', [{ clientOid: 'b-1' }, { orderId: '42' }]));
    expect(cancel.args.map((a) => a.code)).toEqual(['0', '25204']);
    const tooMany = await trade(s, 'batch-place', Array.from({ length: 21 }, () => limit('buy', '60000', '0.01')));
    expect(tooMany).toMatchObject({ event: 'error', code: '40017' });
    expect(String(tooMany.msg)).toMatch(/at most 20/);
  });
});

describe('account and position channels (spec 6.2)', () => {
  it('sends the full account at subscription, then pushes on a fill', async () => {
    const s = await loggedIn(keysOf.main, ['account']);
    const snap = accountPush.parse(s.frames.find(isPush('account')));
    expect(snap.action).toBe('snapshot');
    const usdt = (p: typeof snap) => p.data[0]!.assets.find((a) => a.coin === 'USDT');
    expect(usdt(snap)?.balance).toBe('100000');
    const from = s.frames.length;
    await ok(sim, 'POST', '/api/v3/trade/place-order', { category: 'spot', ...limit('buy', '60000', '0.1') });
    const update = accountPush.parse(await s.waitFor(isPush('account'), from));
    expect(update.action).toBe('update');
    expect(usdt(update)?.locked).toBe('6000');
  });

  it('sends the non-zero positions at subscription, then the changed position on a fill', async () => {
    const maker = await loggedIn(keysOf.other, []);
    const s = await loggedIn(keysOf.main, ['position']);
    const snap = positionPush.parse(s.frames.find(isPush('position')));
    expect(snap).toMatchObject({ action: 'snapshot', data: [] });
    await trade(maker, 'place-order', [{ symbol: 'BTCUSDT', orderType: 'limit', side: 'sell', price: '65000', qty: '0.01' }], 'usdt-futures');
    const from = s.frames.length;
    await trade(s, 'place-order', [{ symbol: 'BTCUSDT', orderType: 'market', side: 'buy', qty: '0.01' }], 'usdt-futures');
    const update = positionPush.parse(await s.waitFor(isPush('position'), from));
    expect(update.data[0]).toMatchObject({ symbol: 'BTCUSDT', posSide: 'long', total: '0.01' });
    // Mark-price changes reach subscribers periodically.
    const before = s.frames.length;
    sim.market.setMark('BTCUSDT', 66_000n * 10n ** 18n);
    const marked = positionPush.parse(await s.waitFor(isPush('position'), before));
    expect(marked.data[0]!.markPrice).toBe('66000');
  });
});

describe('connection rules (upstream-facts "WS v3")', () => {
  it('answers text ping with pong', async () => {
    const s = await open();
    s.send('ping');
    expect(await s.waitFor((f) => f === 'pong')).toBe('pong');
  });

  it('refuses the 11th message within a second with 30006, then closes a client that keeps going with 30007', async () => {
    const s = await open();
    for (let i = 0; i < 30; i++) s.send('ping');
    expect(await s.waitFor((f: Frame) => typeof f === 'object' && f.code === '30006')).toMatchObject({ event: 'error' });
    expect(await s.waitFor((f: Frame) => typeof f === 'object' && f.code === '30007')).toMatchObject({ event: 'error' });
    await s.closed;
    expect(s.frames.filter((f) => f === 'pong').length).toBeLessThanOrEqual(10);
  });

  it('closes a connection that sends nothing for the idle limit', async () => {
    const quiet = createSimulator({ extensions: [createWsExtension({ idleMs: 300 })] });
    try {
      const s = await TestSocket.open(`ws://127.0.0.1:${await quiet.listen(0)}/v3/ws/public`);
      const closed = await s.closed;
      expect(closed.code).toBe(4000);
    } finally {
      await quiet.close();
    }
  });

  it('refuses an oversized message with 30008 and keeps the connection', async () => {
    const s = await open();
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order', pad: 'x'.repeat(70_000) }] });
    expect(await s.waitFor(isEvent('error'))).toMatchObject({ code: '30008' });
    await s.sync();
  });

  it('answers an unknown op with 30003 and an unknown channel with 30001', async () => {
    const s = await loggedIn(keysOf.main, []);
    s.send({ op: 'dance' });
    expect(await s.waitFor(isEvent('error'))).toMatchObject({ code: '30003' });
    const from = s.frames.length;
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'candles' }] });
    expect(await s.waitFor(isEvent('error'), from)).toMatchObject({ code: '30001' });
  });
});
