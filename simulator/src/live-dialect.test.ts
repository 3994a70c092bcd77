// SIM_DIALECT=live: the simulator speaks as the live exchange's docs do where they differ
// from the seed (README.md "Dialects", one test per row), and the seed dialect keeps the
// seed's values.
import { afterEach, describe, expect, it } from 'vitest';
import { buildWsLogin } from '@contract/core/signing';
import { MAKER_UID } from './accounts/seed-accounts';
import { dialectFrom, type Dialect } from './core/dialect';
import { createSimulator, type Simulator } from './server';
import { call, keysOf } from './testing/signed-client';
import { spotBuy, spotSell } from './testing/sim-fixture';
import type { DepthTimers } from './api/ws/depth-hub';
import { LIVE_SEQ_BASE } from './api/ws/depth-publisher';
import { createWsExtension } from './api/ws/extension';
import { isEvent, isPush, TestSocket } from './api/ws/testing/ws-test-client';
import { attachWebSockets, type WsServerHandle } from './api/ws/ws-server';

let sim: Simulator | undefined;
const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await sim?.close();
  sim = undefined;
});

async function start(dialect: Dialect, withWs = false): Promise<{ sim: Simulator; port: number }> {
  sim = createSimulator({ dialect, extensions: withWs ? [createWsExtension({ idleMs: 60_000 })] : [] });
  return { sim, port: await sim.listen(0) };
}

describe('SIM_DIALECT', () => {
  it('defaults to seed, takes seed or live in any case, and refuses anything else', () => {
    expect(dialectFrom({})).toBe('seed');
    expect(dialectFrom({ SIM_DIALECT: 'LIVE' })).toBe('live');
    expect(() => dialectFrom({ SIM_DIALECT: 'real' })).toThrow(/SIM_DIALECT must be seed or live/);
  });
});

describe('REST in the live dialect', () => {
  it('spells a cancelled order `cancelled`, names a user cancel normal_cancel and writes reduceOnly YES/NO', async () => {
    const { sim } = await start('live');
    const placed = await call<{ orderId: string }>(sim, 'POST', '/api/v3/trade/place-order', spotBuy('60000', '0.01'));
    await call(sim, 'POST', '/api/v3/trade/cancel-order', { orderId: placed.data.orderId });
    const history = await call<{ list: Record<string, string>[] }>(sim, 'GET', '/api/v3/trade/history-orders', { orderId: placed.data.orderId });
    expect(history.data.list[0]).toMatchObject({ orderStatus: 'cancelled', cancelReason: 'normal_cancel', reduceOnly: 'NO' });
    expect(history.data.list[0]).not.toHaveProperty('state');
  });

  it('keeps the seed spelling `canceled` (and state/cancelSource) in the seed dialect', async () => {
    const { sim } = await start('seed');
    const placed = await call<{ orderId: string }>(sim, 'POST', '/api/v3/trade/place-order', spotBuy('60000', '0.01'));
    await call(sim, 'POST', '/api/v3/trade/cancel-order', { orderId: placed.data.orderId });
    const history = await call<{ list: Record<string, string>[] }>(sim, 'GET', '/api/v3/trade/history-orders', { orderId: placed.data.orderId });
    expect(history.data.list[0]).toMatchObject({ orderStatus: 'canceled', state: 'canceled', cancelSource: 'user', cancelReason: 'user', reduceOnly: 'no' });
  });

  it.each(['seed', 'live'] as const)('answers strategy orders in the documented shape in the %s dialect (status `cancelled` in both)', async (dialect) => {
    const { sim } = await start(dialect);
    const fut = (side: string, key = keysOf.main) => call(sim, 'POST', '/api/v3/trade/place-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side, price: '60000', qty: '0.1' }, { key });
    await fut('sell', keysOf.other);
    await fut('buy');
    const placed = await call<{ orderId: string }>(sim, 'POST', '/api/v3/trade/place-strategy-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', takeProfit: '65000' });
    expect(placed.code).toBe('00000');
    const open = await call<Record<string, string>[]>(sim, 'GET', '/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES' });
    expect(open.data).toMatchObject([{ category: 'USDT-FUTURES', status: 'pending', takeProfit: '65000', tpTriggerBy: 'market' }]);
    await call(sim, 'POST', '/api/v3/trade/cancel-strategy-order', { orderId: placed.data.orderId });
    const history = await call<{ list: Record<string, string>[] }>(sim, 'GET', '/api/v3/trade/history-strategy-orders', { category: 'USDT-FUTURES' });
    expect(history.data.list[0]).toMatchObject({ status: 'cancelled', triggerType: '' });
  });

  it('serves instruments under /market/ only, and there requires category', async () => {
    const { sim } = await start('live');
    const missing = await call(sim, 'GET', '/api/v3/market/instruments', {});
    expect(missing).toMatchObject({ code: '40017', status: 400 });
    expect(missing.msg).toContain('category');
    const spot = await call<{ symbol: string }[]>(sim, 'GET', '/api/v3/market/instruments', { category: 'SPOT' });
    expect(spot.data.map((i) => i.symbol)).toContain('BTCUSDT');
    expect((await call(sim, 'GET', '/api/v3/public/instruments', { category: 'SPOT' })).status).toBe(404);
  });

  it('serves the native-token conversion under its public path only', async () => {
    const { sim } = await start('live');
    expect((await call(sim, 'POST', '/api/v2/convert/native-convert', { coinList: 'DOGE' })).status).toBe(404);
    const converted = await call(sim, 'POST', '/api/v2/convert/bgb-convert', { coinList: 'DOGE' });
    expect(converted.status).not.toBe(404);
  });

  it('leaves code and msg out of the accepted items of a batch, and keeps them on refused ones', async () => {
    const { sim } = await start('live');
    const r = await call<Record<string, string>[]>(sim, 'POST', '/api/v3/trade/place-batch', [spotBuy('60000', '0.01'), spotBuy('60000.001', '0.01')]);
    expect(r.data[0]).not.toHaveProperty('code');
    expect(r.data[0]!.orderId).toMatch(/^\d+$/);
    expect(r.data[1]).toMatchObject({ code: '25244' });
  });
});

describe('books pushes in the live dialect', () => {
  const soon: (() => void)[] = [];
  const timers: DepthTimers = { every: () => () => undefined, soon: (fn) => soon.push(fn) };
  let handle: WsServerHandle;
  afterEach(() => handle?.close());

  async function booksSocket(dialect: Dialect): Promise<TestSocket> {
    sim = createSimulator({ dialect });
    handle = attachWebSockets(sim.app.server, sim, {}, timers);
    const port = await sim.listen(0);
    const s = await TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/public`);
    sockets.push(s);
    s.send({ op: 'subscribe', args: [{ instType: 'SPOT', topic: 'books', symbol: 'BTCUSDT' }] });
    await s.waitFor(isPush('books'));
    return s;
  }
  const maker = (price: string) => sim!.orders.place(MAKER_UID, { ...spotSell(price, '0.01'), category: 'spot' } as never);
  async function update(s: TestSocket): Promise<string> {
    const from = s.frames.length;
    handle.hub.flushAll();
    await s.waitFor((f) => isPush('books')(f) && (f as { action: string }).action === 'update', from);
    return s.texts[s.texts.length - 1]!;
  }
  // The exact digits of a number field, read from the text (JSON.parse would round them).
  const field = (text: string, name: string) => new RegExp(`"${name}":(\\d+)`).exec(text)?.[1];

  it('sends no checksum, maxDepth "1000", seq beyond 2^53 written exactly, and pseq 0 on a fresh sequence', async () => {
    const s = await booksSocket('live');
    const snapshot = s.texts.find((t) => t.includes('"snapshot"'))!;
    expect(snapshot).not.toContain('checksum');
    expect(snapshot).toContain('"maxDepth":"1000"');
    const snapSeq = BigInt(field(snapshot, 'seq')!);
    expect(snapSeq >= LIVE_SEQ_BASE).toBe(true);

    maker('70000.00');
    const first = await update(s);
    expect(first).not.toContain('checksum');
    expect(field(first, 'pseq')).toBe('0');
    const firstSeq = BigInt(field(first, 'seq')!);
    expect(firstSeq).toBe(snapSeq + 1n); // the snapshot lies within [pseq, seq] of the first update

    maker('70001.00');
    const second = await update(s);
    expect(BigInt(field(second, 'pseq')!)).toBe(firstSeq);
    expect(BigInt(field(second, 'seq')!)).toBe(firstSeq + 1n);
    expect(Number(firstSeq) > Number.MAX_SAFE_INTEGER).toBe(true);
  });

  it('after a restart of the sequences, the next update carries pseq 0 and a lower seq', async () => {
    const s = await booksSocket('live');
    maker('70000.00');
    const before = BigInt(field(await update(s), 'seq')!);
    handle.hub.restartSequences();
    maker('70001.00');
    const after = await update(s);
    expect(field(after, 'pseq')).toBe('0');
    expect(BigInt(field(after, 'seq')!) < before).toBe(true);
  });

  it('keeps the checksum and small sequence numbers in the seed dialect', async () => {
    const s = await booksSocket('seed');
    maker('70000.00');
    const u = await update(s);
    expect(u).toContain('"checksum":');
    expect(u).not.toContain('maxDepth');
    expect(Number(field(u, 'seq'))).toBeLessThan(1000);
  });
});

describe('private pushes in the live dialect', () => {
  it('pushes the order in the documented shape, cancelled spelt as the docs do', async () => {
    const { port } = await start('live', true);
    const s = await TestSocket.open(`ws://127.0.0.1:${port}/v3/ws/private`);
    sockets.push(s);
    s.send(buildWsLogin({ ...keysOf.main, timestamp: String(Math.floor(Date.now() / 1000)) }));
    await s.waitFor(isEvent('login'));
    s.send({ op: 'subscribe', args: [{ instType: 'UTA', topic: 'order' }] });
    await s.waitFor(isEvent('subscribe'));
    s.send({ op: 'trade', id: 'p1', category: 'spot', topic: 'place-order', args: [{ ...spotBuy('60000', '0.01'), category: undefined }] });
    const placed = await s.waitFor((f) => typeof f === 'object' && f.id === 'p1');
    const orderId = (placed.args as { orderId: string }[])[0]!.orderId;
    s.send({ op: 'trade', id: 'c1', topic: 'cancel-order', args: [{ orderId }] });
    const cancel = await s.waitFor((f) => typeof f === 'object' && f.id === 'c1');
    expect(cancel.args).toEqual([{ orderId, clientOid: orderId }]);
    const push = await s.waitFor((f) => isPush('order')(f) && JSON.stringify(f).includes('"cancelled"'));
    const item = (push.data as Record<string, unknown>[])[0]!;
    expect(item).toMatchObject({ category: 'spot', orderStatus: 'cancelled', cancelReason: 'normal_cancel', delegateType: 'normal', reduceOnly: 'no' });
    expect(item).not.toHaveProperty('state');
  });
});
