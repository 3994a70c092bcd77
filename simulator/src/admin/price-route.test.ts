// POST /__sim/price: tests (and the desk's browser journeys) move a futures symbol's mark or
// last price through a level, to see take-profit / stop-loss orders fire.
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import { installedExtensions } from '../installed-extensions';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf, ok } from '../testing/signed-client';
import { T0 } from '../testing/sim-fixture';

let sim: Simulator;
afterEach(async () => {
  expect(sim.invariantViolations()).toEqual([]);
  await sim.close();
});

const price = (body: unknown) =>
  sim.app.inject({ method: 'POST', url: '/__sim/price', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
const fut = (side: string, p: string, qty: string, extra: Record<string, string> = {}) => ({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side, price: p, qty, ...extra });

describe('POST /__sim/price', () => {
  it('moves the mark through a preset take-profit, which closes the position', async () => {
    sim = createSimulator({ clock: new ManualClock(T0), extensions: installedExtensions });
    expect((await price({ symbol: 'BTCUSDT', markPrice: '60000' })).json()).toMatchObject({ symbol: 'BTCUSDT', markPrice: '60000', strategyOrders: [] });
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('sell', '60000', '0.1'), { key: keysOf.other });
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('buy', '60000', '0.1', { takeProfit: '61000', tpTriggerBy: 'mark', stopLoss: '59000' }));
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('buy', '60500', '1'), { key: keysOf.other });
    const [tpsl] = await ok<{ orderId: string }[]>(sim, 'GET', '/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES' });

    const res = await price({ symbol: 'BTCUSDT', markPrice: '61000.5' });
    expect(res.statusCode).toBe(200);
    const moved = res.json<{ markPrice: string; strategyOrders: { orderId: string; status: string; triggerType: string; placedOrderId: string }[] }>();
    expect(moved).toMatchObject({ markPrice: '61000.5', strategyOrders: [{ orderId: tpsl!.orderId, uid: '1000001', status: 'success', triggerType: 'takeProfit' }] });
    expect((await ok<{ list: unknown[] }>(sim, 'GET', '/api/v3/position/current-position', { category: 'USDT-FUTURES' })).list).toEqual([]);
    const closing = await ok<{ list: Record<string, string>[] }>(sim, 'GET', '/api/v3/trade/history-orders', { orderId: moved.strategyOrders[0]!.placedOrderId });
    expect(closing.list[0]).toMatchObject({ state: 'filled', side: 'sell', qty: '0.1', avgPrice: '60500' });
  });

  it('moves the last price, which a stop-loss on the market price watches', async () => {
    sim = createSimulator({ clock: new ManualClock(T0), extensions: installedExtensions });
    await price({ symbol: 'BTCUSDT', markPrice: '60000' });
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('buy', '60000', '0.1'), { key: keysOf.other });
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('sell', '60000', '0.1', { stopLoss: '61000' }));
    await ok(sim, 'POST', '/api/v3/trade/place-order', fut('sell', '61100', '1'), { key: keysOf.other });
    // The mark alone does not move a stop-loss that watches the last price.
    expect((await price({ symbol: 'BTCUSDT', markPrice: '62000' })).json()).toMatchObject({ strategyOrders: [] });
    const res = (await price({ symbol: 'BTCUSDT', lastPrice: '61000' })).json();
    // The answer shows the prices after the stop fired: its close bought at the 61100 ask.
    expect(res).toMatchObject({ lastPrice: '61100', strategyOrders: [{ status: 'success', triggerType: 'stopLoss' }] });
    expect((await ok<{ list: unknown[] }>(sim, 'GET', '/api/v3/position/current-position', { category: 'USDT-FUTURES' })).list).toEqual([]);
  });

  it('refuses a body without a price or with an unknown symbol, naming the field', async () => {
    sim = createSimulator({ clock: new ManualClock(T0), extensions: installedExtensions });
    expect((await price({ symbol: 'BTCUSDT' })).json()).toEqual({ error: 'markPrice: markPrice or lastPrice is required', field: 'markPrice' });
    expect((await price({ symbol: 'NOPEUSDT', markPrice: '1' })).json()).toMatchObject({ field: 'symbol' });
    expect((await price({ symbol: 'BTCUSDT', markPrice: '-1' })).json()).toMatchObject({ field: 'markPrice' });
    expect((await call(sim, 'GET', '/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES' })).data).toEqual([]);
  });
});
