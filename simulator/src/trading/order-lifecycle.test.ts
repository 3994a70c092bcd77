// spec 3.1: every row of the order-state transition table, through REST and the bus.
import { afterEach, describe, expect, it } from 'vitest';
import { call, keysOf } from '../testing/signed-client';
import { fixture, spotBuy, spotSell, T0, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

describe('order states (spec 3.1)', () => {
  it('(none) -> live -> new: an accepted order is pushed live, then new once it rests', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.01'));
    expect(r.code).toBe('00000');
    expect(f.states(r.orderId)).toEqual(['live', 'new']);
    const o = await f.order(r.orderId);
    expect(o).toMatchObject({ state: 'new', orderStatus: 'new', createdTime: String(T0), updatedTime: String(T0) });
  });

  it('(none) -> no state: an order rejected at entry is never pushed and never listed', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '100'));
    expect(r.code).toBe('25202');
    expect(f.events.filter((e) => e.type === 'order')).toEqual([]);
    const open = await call<{ list: unknown[] }>(f.sim, 'GET', '/api/v3/trade/unfilled-orders');
    expect(open.data.list).toEqual([]);
  });

  it('new -> filled: a complete fill pushes filled with a tradeId and updates updatedTime', async () => {
    f = fixture();
    const maker = await f.place(spotSell('65000', '0.01'), keysOf.other);
    f.clock.advance(1000);
    const taker = await f.place(spotBuy('65000', '0.01'));
    expect(f.states(maker.orderId)).toEqual(['live', 'new', 'filled']);
    expect(f.states(taker.orderId)).toEqual(['live', 'new', 'filled']);
    const fills = f.events.filter((e) => e.type === 'fill');
    expect(fills).toHaveLength(2);
    const [a, b] = fills as Extract<(typeof fills)[number], { type: 'fill' }>[];
    expect(a?.tradeId).toMatch(/^\d+$/);
    expect(a?.tradeId).toBe(b?.tradeId);
    const o = await f.order(maker.orderId, keysOf.other);
    expect(o).toMatchObject({ state: 'filled', cumExecQty: '0.01', createdTime: String(T0), updatedTime: String(T0 + 1000), avgPrice: '65000' });
  });

  it('new -> partially_filled -> partially_filled -> filled as further fills arrive', async () => {
    f = fixture();
    const maker = await f.place(spotSell('65000', '0.03'), keysOf.other);
    await f.place(spotBuy('65000', '0.01'));
    await f.place(spotBuy('65000', '0.01'));
    expect(f.states(maker.orderId)).toEqual(['live', 'new', 'partially_filled']);
    const pushes = f.events.filter((e) => e.type === 'order' && e.order.orderId === maker.orderId).map((e) => e.type === 'order' && e.order.cumExecQty);
    expect(pushes).toEqual(['0', '0', '0.01', '0.02']);
    await f.place(spotBuy('65000', '0.01'));
    expect(f.states(maker.orderId)).toEqual(['live', 'new', 'partially_filled', 'filled']);
  });

  it('live -> canceled: an ioc order with nothing to take is canceled with cancelSource ioc', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.01', { timeInForce: 'ioc' }));
    expect(r.code).toBe('00000');
    expect(f.states(r.orderId)).toEqual(['live', 'canceled']);
    expect(await f.order(r.orderId)).toMatchObject({ state: 'canceled', cancelSource: 'ioc' });
  });

  it('live -> canceled: a fok order that cannot fill completely is canceled with cancelSource fok', async () => {
    f = fixture();
    await f.place(spotSell('65000', '0.01'), keysOf.other);
    const r = await f.place(spotBuy('65000', '0.02', { timeInForce: 'fok' }));
    expect(f.states(r.orderId)).toEqual(['live', 'canceled']);
    expect(await f.order(r.orderId)).toMatchObject({ cancelSource: 'fok', cumExecQty: '0' });
  });

  it('live -> canceled: a post_only order that would take liquidity is canceled with cancelSource post_only', async () => {
    f = fixture();
    await f.place(spotSell('65000', '0.01'), keysOf.other);
    const r = await f.place(spotBuy('65000', '0.01', { timeInForce: 'post_only' }));
    expect(f.states(r.orderId)).toEqual(['live', 'canceled']);
    expect(await f.order(r.orderId)).toMatchObject({ cancelSource: 'post_only' });
  });

  it('partially_filled -> canceled: an ioc order with too little depth cancels its remainder', async () => {
    f = fixture();
    await f.place(spotSell('65000', '0.01'), keysOf.other);
    const r = await f.place(spotBuy('65000', '0.03', { timeInForce: 'ioc' }));
    expect(f.states(r.orderId)).toEqual(['live', 'new', 'partially_filled', 'canceled']);
    expect(await f.order(r.orderId)).toMatchObject({ state: 'canceled', cancelSource: 'ioc', cumExecQty: '0.01' });
  });

  it('new -> canceled and partially_filled -> canceled on a cancel request, with cancelSource user', async () => {
    f = fixture();
    const a = await f.place(spotBuy('60000', '0.01'));
    const b = await f.place(spotSell('70000', '0.02'));
    await f.place(spotBuy('70000', '0.01'), keysOf.other);
    f.clock.advance(5);
    expect((await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: a.orderId })).code).toBe('00000');
    expect((await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: b.orderId })).code).toBe('00000');
    expect(f.states(a.orderId)).toEqual(['live', 'new', 'canceled']);
    expect(f.states(b.orderId)).toEqual(['live', 'new', 'partially_filled', 'canceled']);
    expect(await f.order(b.orderId)).toMatchObject({ cancelSource: 'user', updatedTime: String(T0 + 5) });
  });

  it('new -> canceled by self-trade prevention, with cancelSource self_trade', async () => {
    f = fixture();
    const maker = await f.place(spotSell('65000', '0.01'), keysOf.sub);
    await f.place(spotBuy('65000', '0.01'));
    expect(f.states(maker.orderId)).toEqual(['live', 'new', 'canceled']);
    expect(await f.order(maker.orderId, keysOf.sub)).toMatchObject({ cancelSource: 'self_trade' });
  });

  it('refuses to cancel (25204) or modify (25568, naming its state) a filled or canceled order', async () => {
    f = fixture();
    const filled = await f.place(spotSell('65000', '0.01'), keysOf.other);
    await f.place(spotBuy('65000', '0.01'));
    const canceled = await f.place(spotBuy('60000', '0.01', { timeInForce: 'ioc' }));
    const c1 = await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: filled.orderId }, { key: keysOf.other });
    expect(c1).toMatchObject({ code: '25204', status: 400 });
    const m1 = await call(f.sim, 'POST', '/api/v3/trade/modify-order', { orderId: canceled.orderId, symbol: 'BTCUSDT', price: '61000' });
    expect(m1.code).toBe('25568');
    expect(m1.msg).toContain('canceled');
    const zh = await call(f.sim, 'POST', '/api/v3/trade/modify-order', { orderId: canceled.orderId, price: '61000' }, { locale: 'zh-CN' });
    expect(zh.msg).toContain('canceled');
    expect(zh.msg).toContain('改单');
  });

  it('answers 25204 for an order that does not exist or belongs to another account', async () => {
    f = fixture();
    const mine = await f.place(spotBuy('60000', '0.01'));
    expect((await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: '1999999999999999' })).code).toBe('25204');
    expect((await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: mine.orderId }, { key: keysOf.other })).code).toBe('25204');
  });
});

describe('fees and balances of spot fills', () => {
  it('charges the maker and taker fee rates in the coin each side receives', async () => {
    f = fixture();
    await f.place(spotSell('65000', '0.01'), keysOf.other);
    await f.place(spotBuy('65000', '0.01'));
    const btc = f.sim.accounts.coin(1000001, 'BTC');
    const usdt = f.sim.accounts.coin(1000001, 'USDT');
    // taker buys 0.01 BTC at 65000: pays 650 USDT, receives 0.01 - 0.1 % = 0.00999 BTC
    expect(btc.balance).toBe(2_009_990_000_000_000_000n);
    expect(usdt.balance).toBe(99_350n * 10n ** 18n);
    // maker sells 0.01 BTC: receives 650 - 0.1 % = 649.35 USDT
    expect(f.sim.accounts.coin(2000001, 'USDT').balance).toBe(1_064_935n * 10n ** 16n);
  });

  it('releases the unused part of a buy lock when it fills below its limit price', async () => {
    f = fixture();
    await f.place(spotSell('64000', '0.01'), keysOf.other);
    await f.place(spotBuy('65000', '0.01'));
    expect(f.sim.accounts.coin(1000001, 'USDT')).toEqual({ balance: 99_360n * 10n ** 18n, locked: 0n });
  });
});

describe('modify-order', () => {
  it('re-prices a resting order, adjusts its lock, and trades when the new price crosses', async () => {
    f = fixture();
    await f.place(spotSell('65000', '0.01'), keysOf.other);
    const r = await f.place(spotBuy('60000', '0.01'));
    expect(f.sim.accounts.coin(1000001, 'USDT').locked).toBe(600n * 10n ** 18n);
    const m = await call(f.sim, 'POST', '/api/v3/trade/modify-order', { orderId: r.orderId, symbol: 'BTCUSDT', price: '65000' });
    expect(m.code).toBe('00000');
    expect(f.states(r.orderId)).toEqual(['live', 'new', 'filled']);
    expect(f.sim.accounts.coin(1000001, 'USDT').locked).toBe(0n);
  });

  it('cancels the order with cancelSource modify_failed when autoCancel is yes and the change is refused', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.01'));
    const m = await call(f.sim, 'POST', '/api/v3/trade/modify-order', { orderId: r.orderId, symbol: 'BTCUSDT', qty: '100', autoCancel: 'yes' });
    expect(m.code).toBe('25202');
    expect(await f.order(r.orderId)).toMatchObject({ state: 'canceled', cancelSource: 'modify_failed' });
  });
});
