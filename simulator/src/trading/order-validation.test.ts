// Issue 3 item 7: every validation error, with the code of upstream-facts.md and a
// message naming the field or the limit.
import { afterEach, describe, expect, it } from 'vitest';
import { call, keysOf } from '../testing/signed-client';
import { fixture, spotBuy, spotSell, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

describe('order entry validation', () => {
  it('rejects a clientOid that breaks the spec 8 rule with 40017 naming clientOid', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.01', { clientOid: 'bad?oid' }));
    expect(r).toMatchObject({ code: '40017', status: 400 });
    expect(r.msg).toContain('clientOid');
    const long = await f.place(spotBuy('60000', '0.01', { clientOid: 'x'.repeat(33) }));
    expect(long.code).toBe('40017');
  });

  it('rejects a duplicate clientOid among pending orders (25212), and accepts it again once the first is done', async () => {
    f = fixture();
    const first = await f.place(spotBuy('60000', '0.01', { clientOid: 'dup-1' }));
    expect(first.code).toBe('00000');
    const again = await f.place(spotBuy('60000', '0.01', { clientOid: 'dup-1' }));
    expect(again.code).toBe('25212');
    expect(again.msg).toContain('dup-1');
    // Another account may use the same clientOid.
    expect((await f.place(spotBuy('60000', '0.01', { clientOid: 'dup-1' }), keysOf.other)).code).toBe('00000');
    await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { clientOid: 'dup-1' });
    expect((await f.place(spotBuy('60000', '0.01', { clientOid: 'dup-1' }))).code).toBe('00000');
  });

  it('refuses isolated margin on an order and on set-leverage, naming marginMode, instead of acting as if crossed', async () => {
    f = fixture();
    const order = await f.place({ category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'market', side: 'buy', qty: '0.001', marginMode: 'isolated' });
    expect(order).toMatchObject({ code: '40017', status: 400 });
    expect(order.msg).toContain('marginMode');
    const leverage = await call(f.sim, 'POST', '/api/v3/account/set-leverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '5', marginMode: 'isolated' });
    expect(leverage.code).toBe('40017');
    expect(leverage.msg).toContain('marginMode');
    // Crossed, the documented default, is accepted on both.
    expect((await f.place({ category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'market', side: 'buy', qty: '0.001', marginMode: 'crossed' })).code).toBe('00000');
    expect((await call(f.sim, 'POST', '/api/v3/account/set-leverage', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', leverage: '5', marginMode: 'crossed' })).code).toBe('00000');
  });

  it('rejects an unknown symbol with 25100 naming it', async () => {
    f = fixture();
    const r = await f.place({ ...spotBuy('1', '1'), symbol: 'FOOUSDT' });
    expect(r.code).toBe('25100');
    expect(r.msg).toContain('FOOUSDT');
  });

  it('rejects a price off the tick with 25244 naming the tick size', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000.001', '0.01'));
    expect(r.code).toBe('25244');
    expect(r.msg).toContain('0.01');
  });

  it('rejects a quantity off the lot with 40017 naming qty and the lot size', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.0000001'));
    expect(r.code).toBe('40017');
    expect(r.msg).toContain('qty');
    expect(r.msg).toContain('0.000001');
  });

  it('rejects a quantity below the minimum (25207) or above the maximum (25208)', async () => {
    f = fixture();
    const low = await f.place({ category: 'USDT-FUTURES', symbol: 'ETHUSDT', orderType: 'limit', side: 'buy', price: '3000', qty: '0' });
    expect(low.code).toBe('40017');
    const below = await f.place(spotBuy('60000', '0.000005'));
    expect(below.code).toBe('25207');
    expect(below.msg).toContain('0.00001 BTC');
    const tooSmallValue = await f.place(spotBuy('60000', '0.00001'));
    expect(tooSmallValue.code).toBe('25207');
    expect(tooSmallValue.msg).toContain('1 USDT');
    const futBelow = await f.place({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '60000', qty: '0.0005' });
    expect(futBelow.code).toBe('40017');
    const above = await f.place(spotSell('60000', '1000.000001'));
    expect(above.code).toBe('25208');
    expect(above.msg).toContain('1000');
  });

  it('rejects an order the balance cannot cover with 25202', async () => {
    f = fixture();
    expect((await f.place(spotBuy('60000', '2'))).code).toBe('25202');
    expect((await f.place(spotSell('60000', '3'))).code).toBe('25202');
  });

  it('rejects a futures order the margin cannot cover with 25203', async () => {
    f = fixture();
    const r = await f.place({ category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '60000', qty: '20' }, keysOf.other);
    expect(r.code).toBe('25203');
  });

  it('names the missing price of a limit order', async () => {
    f = fixture();
    const r = await f.place({ category: 'SPOT', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.01' });
    expect(r.code).toBe('40017');
    expect(r.msg).toContain('price');
  });

  it('rejects a batch of 21 orders with 40017 and places none of them', async () => {
    f = fixture();
    const items = Array.from({ length: 21 }, (_, i) => spotBuy('60000', '0.001', { clientOid: `b${i}` }));
    const r = await call(f.sim, 'POST', '/api/v3/trade/place-batch', items);
    expect(r.code).toBe('40017');
    expect(r.msg).toContain('20');
    expect(f.sim.orders.orders.size).toBe(0);
  });

  it('rejects a page limit of 101 with 40017 naming limit', async () => {
    f = fixture();
    const r = await call(f.sim, 'GET', '/api/v3/trade/history-orders', { limit: '101' });
    expect(r.code).toBe('40017');
    expect(r.msg).toContain('limit');
  });

  it('refuses set-hold-mode while orders are pending (25010), and allows it once they are gone', async () => {
    f = fixture();
    const r = await f.place(spotBuy('60000', '0.01'));
    expect((await call(f.sim, 'POST', '/api/v3/account/set-hold-mode', { holdMode: 'hedge_mode' })).code).toBe('25010');
    await call(f.sim, 'POST', '/api/v3/trade/cancel-order', { orderId: r.orderId });
    expect((await call(f.sim, 'POST', '/api/v3/account/set-hold-mode', { holdMode: 'hedge_mode' })).data).toBe('success');
  });

  it('refuses margin trading in basic account mode (25240)', async () => {
    f = fixture();
    const r = await f.place({ ...spotBuy('60000', '0.01'), category: 'MARGIN' }, keysOf.other);
    expect(r.code).toBe('25240');
    expect(r.msg).toContain('basic');
    expect((await f.place({ ...spotBuy('60000', '0.01'), category: 'MARGIN' })).code).toBe('00000');
  });

  it('answers validation errors in zh-CN when asked', async () => {
    f = fixture();
    const a = await call(f.sim, 'POST', '/api/v3/trade/place-order', spotBuy('60000', '2'), { locale: 'zh-CN' });
    expect(a.msg).toBe('余额不足');
  });
});
