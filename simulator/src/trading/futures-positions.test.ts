// USDT-futures positions (issue 3 item 5): average price, mark price, unrealised and
// realised PnL, margin, liquidation price, reduceOnly, hedge mode with posSide.
import { afterEach, describe, expect, it } from 'vitest';
import { money } from '../core/money';
import { call, keysOf, ok } from '../testing/signed-client';
import { fixture, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

const fut = (side: string, price: string, qty: string, extra: Record<string, string> = {}) => ({
  category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side, price, qty, ...extra,
});

type Pos = Record<string, string>;
async function positions(key = keysOf.main): Promise<Pos[]> {
  return (await ok<{ list: Pos[] }>(f.sim, 'GET', '/api/v3/position/current-position', { category: 'USDT-FUTURES' }, { key })).list;
}

describe('USDT-futures positions', () => {
  it('opens a long at the average fill price, marks it, and realises PnL minus fees on close', async () => {
    f = fixture();
    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    await f.place(fut('sell', '60100', '0.1'), keysOf.other);
    expect((await f.place(fut('buy', '60100', '0.2'))).code).toBe('00000');
    let [p] = await positions();
    expect(p).toMatchObject({ posSide: 'long', total: '0.2', avgPrice: '60050', leverage: '10', marginMode: 'crossed', holdMode: 'one_way_mode' });
    expect(p?.positionBalance).toBe('1201'); // 12010 notional / 10
    f.sim.market.setMark('BTCUSDT', money('61000'));
    [p] = await positions();
    expect(p).toMatchObject({ markPrice: '61000', unrealisedPnl: '190' });

    const usdtBefore = f.sim.accounts.coin(1000001, 'USDT').balance;
    await f.place(fut('buy', '62000', '0.2'), keysOf.other);
    await f.place(fut('sell', '62000', '0.2', { reduceOnly: 'yes' }));
    expect(await positions()).toEqual([]);
    // realised (62000 - 60050) * 0.2 = 390; taker fee 0.0006 * 12400 = 7.44
    expect(f.sim.accounts.coin(1000001, 'USDT').balance - usdtBefore).toBe(money('382.56'));
  });

  it('flips a one-way position through zero and keeps margin and locks consistent', async () => {
    f = fixture();
    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    await f.place(fut('buy', '60000', '0.1'));
    await f.place(fut('buy', '60000', '0.3'), keysOf.other);
    await f.place(fut('sell', '60000', '0.3'));
    const [p] = await positions();
    expect(p).toMatchObject({ posSide: 'short', total: '0.2', avgPrice: '60000' });
  });

  it('refuses a reduce-only order that would increase (25574) or exceed (25232) the position', async () => {
    f = fixture();
    expect((await f.place(fut('sell', '60000', '0.1', { reduceOnly: 'yes' }))).code).toBe('25574');
    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    await f.place(fut('buy', '60000', '0.1'));
    expect((await f.place(fut('buy', '70000', '0.1', { reduceOnly: 'yes' }))).code).toBe('25574');
    expect((await f.place(fut('sell', '70000', '0.2', { reduceOnly: 'yes' }))).code).toBe('25232');
    expect((await f.place(fut('sell', '70000', '0.1', { reduceOnly: 'yes' }))).code).toBe('00000');
    const [p] = await positions();
    expect(p).toMatchObject({ frozen: '0.1', available: '0' });
  });

  it('holds long and short at once in hedge mode, with posSide required', async () => {
    f = fixture();
    expect((await call(f.sim, 'POST', '/api/v3/account/set-hold-mode', { holdMode: 'hedge_mode' })).code).toBe('00000');
    const missing = await f.place(fut('buy', '60000', '0.1'));
    expect(missing.code).toBe('40017');
    expect(missing.msg).toContain('posSide');
    await f.place(fut('sell', '60000', '0.2'), keysOf.other);
    await f.place(fut('buy', '60000', '0.1', { posSide: 'long' }));
    await f.place(fut('buy', '60000', '0.1'), keysOf.other);
    await f.place(fut('sell', '60000', '0.1', { posSide: 'short' }));
    const list = await positions();
    expect(list.map((p) => [p.posSide, p.total, p.holdMode])).toEqual([
      ['long', '0.1', 'hedge_mode'],
      ['short', '0.1', 'hedge_mode'],
    ]);
    expect((await call(f.sim, 'POST', '/api/v3/account/set-hold-mode', { holdMode: 'one_way_mode' })).code).toBe('25010');
    // sell long closes the long
    await f.place(fut('buy', '60000', '0.1'), keysOf.other);
    await f.place(fut('sell', '60000', '0.1', { posSide: 'long' }));
    expect((await positions()).map((p) => p.posSide)).toEqual(['short']);
  });

  it('sets leverage per symbol, which changes the margin of the position', async () => {
    f = fixture();
    const bad = await call(f.sim, 'POST', '/api/v3/account/set-leverage', { productType: 'usdt-futures', symbol: 'BTCUSDT', leverage: '200' });
    expect(bad.code).toBe('25223');
    expect((await call(f.sim, 'POST', '/api/v3/account/set-leverage', { productType: 'usdt-futures', symbol: 'BTCUSDT', leverage: '20' })).data).toBe('success');
    expect((await call(f.sim, 'POST', '/api/v3/account/set-leverage', { productType: 'MARGIN', coin: 'BTC', leverage: '5' })).data).toBe('success');
    const settings = await ok<{ symbolConfigList: { symbol: string; leverage: string }[]; coinConfigList: { coin: string; leverage: string }[] }>(f.sim, 'GET', '/api/v3/account/settings');
    expect(settings.symbolConfigList.find((s) => s.symbol === 'BTCUSDT')?.leverage).toBe('20');
    expect(settings.coinConfigList.find((c) => c.coin === 'BTC')?.leverage).toBe('5');
    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    await f.place(fut('buy', '60000', '0.1'));
    expect((await positions())[0]?.positionBalance).toBe('300');
  });

  it('computes the documented cross-margin liquidation price', async () => {
    f = fixture();
    await f.place(fut('sell', '60000', '1'), keysOf.other);
    await f.place(fut('buy', '60000', '1'), keysOf.sub);
    const [p] = await positions(keysOf.sub);
    // sub: 10000 USDT - 36 taker fee = 9964 free; X = (60000 - 9964) / (1 * 0.995)
    expect(p?.liquidationPrice).toBe('50287.4');
    const [short] = await positions(keysOf.other);
    // other: 10000 - 12 maker fee = 9988; X = (60000 + 9988) / 1.005
    expect(short?.liquidationPrice).toBe('69639.8');
  });

  it('shows position margin as locked USDT in assets and in max-open-available', async () => {
    f = fixture();
    await f.place(fut('sell', '60000', '0.1'), keysOf.other);
    await f.place(fut('buy', '60000', '0.1'));
    const assets = await ok<{ assets: { coin: string; locked: string; available: string }[] }>(f.sim, 'GET', '/api/v3/account/assets');
    const usdt = assets.assets.find((a) => a.coin === 'USDT');
    expect(usdt?.locked).toBe('600');
    expect(usdt?.available).toBe('99396.4');
    const max = await ok<Record<string, string>>(f.sim, 'POST', '/api/v3/account/max-open-available', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '60000' });
    expect(max.available).toBe('99396.4');
    // per 0.001 BTC: 6 margin + 0.036 fee = 6.036 -> floor(99396.4 / 6.036) = 16467 lots
    expect(max.maxBuyOpen).toBe('16.467');
  });
});
