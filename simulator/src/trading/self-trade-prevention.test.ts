// spec 3.3: the taker's stpMode decides, across a parent and its sub-accounts; unrelated
// accounts always trade; `none` compares nothing; the default is cancel_maker.
import { afterEach, describe, expect, it } from 'vitest';
import { keysOf, type TestKey } from '../testing/signed-client';
import { fixture, spotBuy, spotSell, type Fixture } from '../testing/sim-fixture';

let f: Fixture;
afterEach(async () => {
  expect(f.sim.invariantViolations()).toEqual([]);
  await f.sim.close();
});

async function cross(makerKey: TestKey, takerKey: TestKey, stpMode?: string) {
  f = fixture();
  const maker = await f.place(spotSell('65000', '0.01'), makerKey);
  const taker = await f.place(spotBuy('65000', '0.01', stpMode ? { stpMode } : {}), takerKey);
  const m = await f.order(maker.orderId, makerKey);
  const t = await f.order(taker.orderId, takerKey);
  const traded = f.events.some((e) => e.type === 'fill');
  return { m, t, traded };
}

describe('self-trade prevention between a parent and its sub-account (spec 3.3)', () => {
  it('none: the orders trade, UIDs are not compared', async () => {
    const { m, t, traded } = await cross(keysOf.sub, keysOf.main, 'none');
    expect(traded).toBe(true);
    expect([m.state, t.state]).toEqual(['filled', 'filled']);
  });

  it('cancel_maker: the resting order is canceled and the taker goes on (and rests)', async () => {
    const { m, t, traded } = await cross(keysOf.sub, keysOf.main, 'cancel_maker');
    expect(traded).toBe(false);
    expect(m).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
    expect(t.state).toBe('new');
  });

  it('cancel_taker: the taker is canceled and the maker kept', async () => {
    const { m, t, traded } = await cross(keysOf.sub, keysOf.main, 'cancel_taker');
    expect(traded).toBe(false);
    expect(m.state).toBe('new');
    expect(t).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
  });

  it('cancel_both: both are canceled', async () => {
    const { m, t, traded } = await cross(keysOf.sub, keysOf.main, 'cancel_both');
    expect(traded).toBe(false);
    expect(m).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
    expect(t).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
  });

  it('defaults to cancel_maker when the taker gives no stpMode', async () => {
    const { m, t } = await cross(keysOf.main, keysOf.sub);
    expect(m).toMatchObject({ state: 'canceled', cancelSource: 'self_trade' });
    expect(t.state).toBe('new');
  });

  it("ignores the resting order's own stpMode", async () => {
    f = fixture();
    const maker = await f.place(spotSell('65000', '0.01', { stpMode: 'none' }), keysOf.sub);
    const taker = await f.place(spotBuy('65000', '0.01', { stpMode: 'cancel_taker' }));
    expect((await f.order(maker.orderId, keysOf.sub)).state).toBe('new');
    expect((await f.order(taker.orderId)).cancelSource).toBe('self_trade');
  });

  it('applies to one account trading against itself', async () => {
    const { m, t } = await cross(keysOf.main, keysOf.main, 'cancel_both');
    expect([m.state, t.state]).toEqual(['canceled', 'canceled']);
  });
});

describe('self-trade prevention between unrelated accounts', () => {
  for (const mode of ['none', 'cancel_maker', 'cancel_taker', 'cancel_both']) {
    it(`${mode}: unrelated accounts trade normally`, async () => {
      const { m, t, traded } = await cross(keysOf.other, keysOf.main, mode);
      expect(traded).toBe(true);
      expect([m.state, t.state]).toEqual(['filled', 'filled']);
    });
  }

  it('covers the ND broker and its sub-accounts as one family', async () => {
    f = fixture();
    const ndsub = { apiKey: 'demo-ndsub1-key', secret: 'demo-ndsub1-secret', passphrase: 'demo-ndsub1-pass' };
    const maker = await f.place(spotSell('65000', '0.01'), keysOf.broker);
    await f.place(spotBuy('65000', '0.01'), ndsub);
    expect((await f.order(maker.orderId, keysOf.broker)).cancelSource).toBe('self_trade');
  });
});
