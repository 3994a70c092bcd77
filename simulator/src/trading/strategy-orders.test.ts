// Take-profit / stop-loss and trigger orders (strategy.md) and place-order's TP/SL presets
// (trade.md), through the REST interface as a client sees them.
import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../core/money';
import { call, keysOf, ok } from '../testing/signed-client';
import { fixture, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

const MAIN = 1000001;
const fut = (side: string, price: string, qty: string, extra: Record<string, string> = {}) => ({
  category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side, price, qty, ...extra,
});

type Rec = Record<string, string>;
const positions = async () => (await ok<{ list: Rec[] }>(f.sim, 'GET', '/api/v3/position/current-position', { category: 'USDT-FUTURES' })).list;
const unfilled = (q: Rec = {}) => ok<Rec[]>(f.sim, 'GET', '/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES', ...q });
const history = async (q: Rec = {}) => ok<{ list: Rec[]; cursor: string }>(f.sim, 'GET', '/api/v3/trade/history-strategy-orders', { category: 'USDT-FUTURES', ...q });
const placeStrategy = (body: Record<string, string>) => call<{ orderId: string; clientOid: string }>(f.sim, 'POST', '/api/v3/trade/place-strategy-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', ...body });

/** A simulator where the main account holds a 0.1 BTCUSDT long at 60000 (mark 60000). */
async function withLong(): Promise<void> {
  f = fixture();
  f.sim.market.setMark('BTCUSDT', money('60000'));
  await f.place(fut('sell', '60000', '0.1'), keysOf.other);
  expect((await f.place(fut('buy', '60000', '0.1'))).code).toBe('00000');
}

/** Resting liquidity from the other account that a closing market order will meet. */
async function bidsAt(price: string, qty = '1'): Promise<void> {
  expect((await f.place(fut('buy', price, qty), keysOf.other)).code).toBe('00000');
}

describe('place-order presets (trade.md)', () => {
  it('attaches the preset take-profit and stop-loss to the position once the order fills', async () => {
    f = fixture();
    f.sim.market.setMark('BTCUSDT', money('60000'));
    const preset = { takeProfit: '66000', stopLoss: '57000', tpTriggerBy: 'mark', slTriggerBy: 'market' };
    const placed = await f.place(fut('buy', '60000', '0.1', preset));
    expect(placed.code).toBe('00000');
    // Resting, nothing filled: no position, nothing attached yet; the order shows its preset.
    expect(await unfilled()).toEqual([]);
    expect(await f.order(placed.orderId)).toMatchObject({ takeProfit: '66000', stopLoss: '57000', tpTriggerBy: 'mark', slTriggerBy: 'market', tpOrderType: 'market' });

    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    expect((await positions())[0]).toMatchObject({ posSide: 'long', total: '0.1' });
    const [tpsl] = await unfilled({ type: 'tpsl' });
    expect(tpsl).toMatchObject({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', posSide: 'long', qty: '0.1', status: 'pending', takeProfit: '66000', stopLoss: '57000', tpTriggerBy: 'mark', slTriggerBy: 'market', tpOrderType: 'market', slOrderType: 'market', tpLimitPrice: '', triggerPrice: '' });
  });

  it('refuses a preset on spot, naming the field, and places nothing', async () => {
    f = fixture();
    const a = await f.place({ category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '60000', qty: '0.01', takeProfit: '70000' });
    expect(a).toMatchObject({ code: '40017', status: 400 });
    expect(a.msg).toContain('takeProfit');
    expect(a.msg).toContain('futures');
    expect(f.sim.orders.orders.size).toBe(0);
  });

  it('refuses a long take-profit below the order price and a stop-loss above it', async () => {
    f = fixture();
    const tp = await f.place(fut('buy', '60000', '0.1', { takeProfit: '59000' }));
    expect(tp).toMatchObject({ code: '40017' });
    expect(tp.msg).toBe('Parameter verification failed: takeProfit: 59000 must be above the order price 60000 for a long position');
    expect((await f.place(fut('buy', '60000', '0.1', { stopLoss: '61000' }))).msg).toContain('stopLoss: 61000 must be below the order price 60000');
    expect(f.sim.orders.orders.size).toBe(0);
  });

  it('refuses a preset on an order that only closes a position', async () => {
    await withLong();
    const a = await f.place(fut('sell', '61000', '0.1', { reduceOnly: 'yes', stopLoss: '65000' }));
    expect(a.code).toBe('40017');
    expect(a.msg).toContain('stopLoss: applies only to an order that opens a position');
  });
});

describe('a take-profit on the mark price', () => {
  it('closes the position when the mark moves through it, the strategy order in history as success/takeProfit', async () => {
    await withLong();
    const placed = await placeStrategy({ posSide: 'long', takeProfit: '61000', stopLoss: '58000', tpTriggerBy: 'mark', clientOid: 'tp-1' });
    expect(placed).toMatchObject({ code: '00000', data: { clientOid: 'tp-1' } });
    expect(await unfilled()).toMatchObject([{ orderId: placed.data.orderId, status: 'pending', qty: '0.1', posSide: 'long', takeProfit: '61000', stopLoss: '58000', tpTriggerBy: 'mark', slTriggerBy: 'market' }]);
    await bidsAt('60900');

    // Below the level: nothing happens.
    f.sim.market.setMark('BTCUSDT', money('60900'));
    expect((await unfilled()).length).toBe(1);
    f.sim.market.setMark('BTCUSDT', money('61050'));

    expect(await positions()).toEqual([]);
    expect(await unfilled()).toEqual([]);
    const { list } = await history();
    expect(list).toMatchObject([{ orderId: placed.data.orderId, clientOid: 'tp-1', status: 'success', triggerType: 'takeProfit', qty: '0.1' }]);
    const closing = (await ok<{ list: Rec[] }>(f.sim, 'GET', '/api/v3/trade/history-orders', { category: 'USDT-FUTURES' })).list[0];
    expect(closing).toMatchObject({ orderType: 'market', side: 'sell', qty: '0.1', state: 'filled', avgPrice: '60900', reduceOnly: 'yes', tradeSide: 'close', delegateType: 'position_stop_profit_market' });
    // The close went through the usual pushes: live -> new -> filled, and a fill.
    expect(f.states(closing!.orderId!)).toEqual(['live', 'new', 'filled']);
    expect(f.events.some((e) => e.type === 'fill' && e.fill.orderId === closing!.orderId)).toBe(true);
  });

  it('places a limit close at the execution price when tpOrderType is limit', async () => {
    await withLong();
    await placeStrategy({ takeProfit: '61000', tpTriggerBy: 'mark', tpOrderType: 'limit', tpLimitPrice: '61500' });
    f.sim.market.setMark('BTCUSDT', money('61000'));
    const [close] = (await ok<{ list: Rec[] }>(f.sim, 'GET', '/api/v3/trade/unfilled-orders', { category: 'USDT-FUTURES' })).list;
    expect(close).toMatchObject({ orderType: 'limit', price: '61500', side: 'sell', qty: '0.1', delegateType: 'position_stop_profit_limit' });
    expect((await positions())[0]).toMatchObject({ total: '0.1', frozen: '0.1' });
  });
});

describe('a stop-loss on the last price', () => {
  it('fires when a trade prints through it, not when only the mark does', async () => {
    await withLong();
    await placeStrategy({ stopLoss: '59000', slTriggerBy: 'market', tpslMode: 'partial', qty: '0.05' });
    f.sim.market.setMark('BTCUSDT', money('58000'));
    expect((await unfilled()).length).toBe(1);

    // A trade between two other traders at 58900 moves the last price below the stop; the
    // close order, placed once that trade has settled, meets the next bid.
    await bidsAt('58800');
    await f.place(fut('buy', '58900', '0.01'), keysOf.sub);
    await f.place(fut('sell', '58900', '0.01'), keysOf.other);
    expect(await unfilled()).toEqual([]);
    expect((await positions())[0]).toMatchObject({ posSide: 'long', total: '0.05' });
    expect((await history()).list[0]).toMatchObject({ status: 'success', triggerType: 'stopLoss', qty: '0.05' });
  });
});

describe('modify and cancel', () => {
  it('moves the take-profit, which then fires at the new level only', async () => {
    await withLong();
    const { data } = await placeStrategy({ takeProfit: '61000', tpTriggerBy: 'mark' });
    const m = await call(f.sim, 'POST', '/api/v3/trade/modify-strategy-order', { orderId: data.orderId, qty: '0.1', takeProfit: '62000' });
    expect(m).toMatchObject({ code: '00000', data: { orderId: data.orderId } });
    expect((await unfilled())[0]).toMatchObject({ takeProfit: '62000', tpTriggerBy: 'mark' });
    await bidsAt('61000');
    f.sim.market.setMark('BTCUSDT', money('61500'));
    expect((await unfilled()).length).toBe(1);
    f.sim.market.setMark('BTCUSDT', money('62000'));
    expect(await unfilled()).toEqual([]);
  });

  it('refuses a modified stop-loss above the current price of a long, leaving it unchanged', async () => {
    await withLong();
    const { data } = await placeStrategy({ stopLoss: '58000' });
    const m = await call(f.sim, 'POST', '/api/v3/trade/modify-strategy-order', { orderId: data.orderId, qty: '0.1', stopLoss: '60500' });
    expect(m).toMatchObject({ code: '40017', msg: 'Parameter verification failed: stopLoss: 60500 must be below the last price 60000 for a long position' });
    expect((await unfilled())[0]).toMatchObject({ stopLoss: '58000' });
  });

  it('cancels by clientOid into history as cancelled; a second cancel finds nothing open', async () => {
    await withLong();
    await placeStrategy({ takeProfit: '65000', clientOid: 'mine' });
    expect(await call(f.sim, 'POST', '/api/v3/trade/cancel-strategy-order', { clientOid: 'mine' })).toMatchObject({ code: '00000', data: null });
    expect(await unfilled()).toEqual([]);
    expect((await history()).list).toMatchObject([{ clientOid: 'mine', status: 'cancelled', triggerType: '' }]);
    expect((await call(f.sim, 'POST', '/api/v3/trade/cancel-strategy-order', { clientOid: 'mine' })).code).toBe('25204');
    f.sim.market.setMark('BTCUSDT', money('66000'));
    expect((await positions())[0]).toMatchObject({ total: '0.1' });
  });

  it('cancels a TP/SL whose position was closed by hand', async () => {
    await withLong();
    await placeStrategy({ takeProfit: '65000' });
    await bidsAt('60000', '0.1');
    await f.place(fut('sell', '60000', '0.1', { reduceOnly: 'yes' }));
    expect(await unfilled()).toEqual([]);
    expect((await history()).list[0]).toMatchObject({ status: 'cancelled' });
  });
});

describe('bad strategy orders are refused with the field named, and nothing is created', () => {
  it('a take-profit below the price for a long', async () => {
    await withLong();
    const a = await placeStrategy({ takeProfit: '59000' });
    expect(a).toMatchObject({ code: '40017', status: 400 });
    expect(a.msg).toContain('takeProfit: 59000 must be above the last price 60000 for a long position');
    expect(await unfilled()).toEqual([]);
  });

  it('a missing take-profit and stop-loss, a spot category, and no position', async () => {
    await withLong();
    expect(await placeStrategy({ posSide: 'long' })).toMatchObject({ code: '40017', msg: 'Parameter verification failed: takeProfit: takeProfit or stopLoss is required for a tpsl strategy order' });
    expect(await placeStrategy({ category: 'SPOT', takeProfit: '65000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('category: must be one of usdt-futures, coin-futures, usdc-futures') });
    expect(await placeStrategy({ symbol: 'ETHUSDT', takeProfit: '5000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('symbol: there is no ETHUSDT position') });
    expect(await placeStrategy({ tpslMode: 'partial', qty: '0.2', takeProfit: '65000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('qty: 0.2 is more than the long position') });
    expect(await unfilled()).toEqual([]);
    expect((await history()).list).toEqual([]);
  });

  it('a second full TP/SL on the same position', async () => {
    await withLong();
    expect((await placeStrategy({ takeProfit: '65000' })).code).toBe('00000');
    expect(await placeStrategy({ stopLoss: '55000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('tpslMode: the long BTCUSDT position already has a full take-profit/stop-loss') });
  });
});

describe('hedge mode', () => {
  it('needs posSide, and a short\'s stop-loss above the price closes the short with buy/short', async () => {
    f = fixture();
    await ok(f.sim, 'POST', '/api/v3/account/set-hold-mode', { holdMode: 'hedge_mode' });
    f.sim.market.setMark('BTCUSDT', money('60000'));
    await f.place(fut('buy', '60000', '0.1', { posSide: 'long' }), keysOf.other);
    expect((await f.place(fut('sell', '60000', '0.1', { posSide: 'short' }))).code).toBe('00000');
    expect(await placeStrategy({ stopLoss: '61000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('posSide: is required in hedge mode') });
    expect(await placeStrategy({ posSide: 'long', stopLoss: '59000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('posSide: there is no long BTCUSDT position') });
    expect(await placeStrategy({ posSide: 'short', stopLoss: '59000' })).toMatchObject({ code: '40017', msg: expect.stringContaining('stopLoss: 59000 must be above the last price 60000 for a short position') });
    expect((await placeStrategy({ posSide: 'short', stopLoss: '61000', slTriggerBy: 'mark' })).code).toBe('00000');
    await f.place(fut('sell', '61100', '1', { posSide: 'short' }), keysOf.other);
    f.sim.market.setMark('BTCUSDT', money('61000'));
    expect(await positions()).toEqual([]);
    const closing = (await ok<{ list: Rec[] }>(f.sim, 'GET', '/api/v3/trade/history-orders', { category: 'USDT-FUTURES' })).list[0];
    expect(closing).toMatchObject({ side: 'buy', posSide: 'short', tradeSide: 'close', state: 'filled', delegateType: 'position_stop_loss_market' });
  });
});

describe('trigger orders', () => {
  it('places their order when the watched price reaches the trigger from where it was', async () => {
    await withLong();
    const { data } = await placeStrategy({ type: 'trigger', side: 'buy', qty: '0.01', triggerBy: 'mark', triggerPrice: '62000', triggerOrderType: 'limit', triggerOrderPrice: '62100' });
    expect(await unfilled({ type: 'trigger' })).toMatchObject([{ orderId: data.orderId, triggerBy: 'mark', triggerPrice: '62000', triggerOrderType: 'limit', triggerOrderPrice: '62100', qty: '0.01' }]);
    expect(await unfilled({ type: 'tpsl' })).toEqual([]);
    f.sim.market.setMark('BTCUSDT', money('62000'));
    expect((await history({ type: 'trigger' })).list[0]).toMatchObject({ status: 'success', triggerType: '' });
    const [placed] = (await ok<{ list: Rec[] }>(f.sim, 'GET', '/api/v3/trade/unfilled-orders', { category: 'USDT-FUTURES' })).list;
    expect(placed).toMatchObject({ side: 'buy', price: '62100', qty: '0.01', delegateType: 'plan_limit' });
  });
});

describe('history paging', () => {
  it('pages newest first with the cursor', async () => {
    await withLong();
    for (const clientOid of ['a', 'b', 'c']) {
      await placeStrategy({ takeProfit: '65000', clientOid });
      await call(f.sim, 'POST', '/api/v3/trade/cancel-strategy-order', { clientOid });
    }
    const first = await history({ limit: '2' });
    expect(first.list.map((r) => r.clientOid)).toEqual(['c', 'b']);
    const next = await history({ limit: '2', cursor: first.cursor });
    expect(next.list.map((r) => r.clientOid)).toEqual(['a']);
  });
});

describe('accounts', () => {
  it('see only their own strategy orders', async () => {
    await withLong();
    await placeStrategy({ takeProfit: '65000' });
    expect(await ok<Rec[]>(f.sim, 'GET', '/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES' }, { key: keysOf.other })).toEqual([]);
    expect(f.sim.strategies.openOf(MAIN).length).toBe(1);
  });
});
