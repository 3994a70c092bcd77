// spec 4.7 rule 4 and spec 7 rule 3: a batch may succeed in part; every order has its own
// code and msg.
import { afterEach, describe, expect, it } from 'vitest';
import { call, ok } from '../testing/signed-client';
import { fixture, spotBuy, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

type Item = { orderId: string; clientOid: string; code: string; msg: string };

describe('batch operations', () => {
  it('places the valid orders of a batch and reports each failure with its own code and msg', async () => {
    f = fixture();
    const items = await ok<Item[]>(f.sim, 'POST', '/api/v3/trade/place-batch', [
      spotBuy('60000', '0.01', { clientOid: 'a' }),
      spotBuy('60000.001', '0.01', { clientOid: 'b' }),
      spotBuy('60000', '50', { clientOid: 'c' }),
      { ...spotBuy('1', '1', { clientOid: 'd' }), symbol: 'NOPEUSDT' },
      spotBuy('60000', '0.01', { clientOid: 'a' }),
      spotBuy('59000', '0.01', { clientOid: 'f' }),
    ]);
    expect(items.map((i) => [i.clientOid, i.code])).toEqual([
      ['a', '00000'],
      ['b', '25244'],
      ['c', '25202'],
      ['d', '25100'],
      ['a', '25212'],
      ['f', '00000'],
    ]);
    expect(items[0]?.orderId).toMatch(/^\d+$/);
    expect(items[1]).toMatchObject({ orderId: '', msg: expect.stringContaining('multiple of 0.01') });
    const open = await ok<{ list: unknown[] }>(f.sim, 'GET', '/api/v3/trade/unfilled-orders');
    expect(open.list).toHaveLength(2);
  });

  it('cancels what it can in a cancel-batch and explains the rest', async () => {
    f = fixture();
    const placed = await ok<Item[]>(f.sim, 'POST', '/api/v3/trade/place-batch', [spotBuy('60000', '0.01'), spotBuy('60000', '0.01', { timeInForce: 'ioc' })]);
    const [resting, done] = placed;
    const items = await ok<Item[]>(f.sim, 'POST', '/api/v3/trade/cancel-batch', [
      { orderId: resting!.orderId },
      { orderId: done!.orderId },
      { orderId: '1000000000000999' },
    ]);
    expect(items.map((i) => i.code)).toEqual(['00000', '25204', '25204']);
  });

  it('modifies what it can in a batch-modify-order', async () => {
    f = fixture();
    const [a] = await ok<Item[]>(f.sim, 'POST', '/api/v3/trade/place-batch', [spotBuy('60000', '0.01')]);
    const items = await ok<Item[]>(f.sim, 'POST', '/api/v3/trade/batch-modify-order', [
      { orderId: a!.orderId, symbol: 'BTCUSDT', price: '61000' },
      { orderId: a!.orderId, symbol: 'BTCUSDT', price: '61000.005' },
    ]);
    expect(items.map((i) => i.code)).toEqual(['00000', '25244']);
    const open = await ok<{ list: { price: string }[] }>(f.sim, 'GET', '/api/v3/trade/unfilled-orders');
    expect(open.list[0]?.price).toBe('61000');
  });

  it('rejects a malformed batch item as a whole with 40017 naming its index', async () => {
    f = fixture();
    const r = await call(f.sim, 'POST', '/api/v3/trade/place-batch', [spotBuy('60000', '0.01'), { ...spotBuy('60000', '0.01'), side: 'up' }]);
    expect(r.code).toBe('40017');
    expect(r.msg).toContain('1.side');
  });
});
