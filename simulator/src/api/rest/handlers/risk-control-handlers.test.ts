import { describe, expect, it } from 'vitest';
import { call, keysOf } from '../../../testing/signed-client';
import { fixture, spotBuy } from '../../../testing/sim-fixture';
import { DeadMansSwitch, type SwitchTimers } from './risk-control-handlers';

const MAIN = 1000001;

function manualTimers() {
  const armed = new Map<number, { cb: () => void; ms: number }>();
  let next = 1;
  const timers: SwitchTimers = {
    set: (cb, ms) => {
      armed.set(next, { cb, ms });
      return next++;
    },
    clear: (h) => void armed.delete(h as number),
  };
  return { timers, armed, fireAll: () => [...armed.values()].forEach((t) => t.cb()) };
}

describe('cancel-symbol-order', () => {
  it('cancels every open order of the symbol in the category, reports each, and leaves the others', async () => {
    const f = fixture();
    const a = await f.place(spotBuy('1000', '0.001'));
    const b = await f.place(spotBuy('1001', '0.001', { clientOid: 'b-oid' }));
    const eth = await f.place({ ...spotBuy('100', '0.01'), symbol: 'ETHUSDT' });
    const answer = await call<{ list: { orderId: string; clientOid: string; code?: string }[] }>(f.sim, 'POST', '/api/v3/trade/cancel-symbol-order', { category: 'SPOT', symbol: 'BTCUSDT' }, { key: keysOf.main });
    expect(answer.code).toBe('00000');
    expect(answer.data.list.map((x) => x.orderId).sort()).toEqual([a.orderId, b.orderId].sort());
    expect(answer.data.list.find((x) => x.orderId === b.orderId)?.clientOid).toBe('b-oid');
    expect(answer.data.list.every((x) => x.code === undefined)).toBe(true);
    expect((await f.order(a.orderId)).orderStatus ?? (await f.order(a.orderId)).state).toMatch(/cancel/);
    expect(f.sim.orders.pendingOf(MAIN).map((o) => o.orderId)).toEqual([eth.orderId]);
  });

  it('without a symbol cancels the whole category', async () => {
    const f = fixture();
    await f.place(spotBuy('1000', '0.001'));
    await f.place({ ...spotBuy('100', '0.01'), symbol: 'ETHUSDT' });
    const answer = await call<{ list: unknown[] }>(f.sim, 'POST', '/api/v3/trade/cancel-symbol-order', { category: 'SPOT' }, { key: keysOf.main });
    expect(answer.data.list).toHaveLength(2);
    expect(f.sim.orders.pendingOf(MAIN)).toEqual([]);
  });
});

describe('close-positions', () => {
  it('closes a futures position at market with a reduce-only order it reports', async () => {
    const f = fixture();
    const perp = { category: 'USDT-FUTURES', symbol: 'BTCUSDT' };
    await f.place({ ...perp, side: 'sell', orderType: 'limit', price: '65000', qty: '0.010' }, keysOf.other);
    await f.place({ ...perp, side: 'buy', orderType: 'market', qty: '0.010' });
    expect(f.sim.positions.openOf(MAIN)).toHaveLength(1);
    await f.place({ ...perp, side: 'buy', orderType: 'limit', price: '64000', qty: '0.010' }, keysOf.other);
    const answer = await call<{ list: { orderId: string; code?: string }[] }>(f.sim, 'POST', '/api/v3/trade/close-positions', { category: 'USDT-FUTURES' }, { key: keysOf.main });
    expect(answer.code).toBe('00000');
    expect(answer.data.list).toHaveLength(1);
    expect(answer.data.list[0]?.code).toBeUndefined();
    expect((await f.order(answer.data.list[0]!.orderId)).reduceOnly).toBe('yes');
    expect(f.sim.positions.openOf(MAIN)).toEqual([]);
  });
});

describe('countdown-cancel-all (the dead-man’s switch)', () => {
  it('cancels every open order of the account when not re-armed in time, then is off', async () => {
    const f = fixture();
    const t = manualTimers();
    const deadMan = new DeadMansSwitch(f.sim.orders, t.timers, () => f.clock.now());
    await f.place(spotBuy('1000', '0.001'));
    await f.place({ ...spotBuy('100', '0.01'), symbol: 'ETHUSDT' });
    deadMan.arm(MAIN, 10);
    expect([...t.armed.values()].map((x) => x.ms)).toEqual([10_000]);
    // Re-arming replaces the timer rather than adding one.
    deadMan.arm(MAIN, 10);
    expect(t.armed.size).toBe(1);
    t.fireAll();
    expect(f.sim.orders.pendingOf(MAIN)).toEqual([]);
    expect(deadMan.expiresAt(MAIN)).toBeUndefined();
  });

  it('is turned off with 0 and cancels nothing then', async () => {
    const f = fixture();
    const t = manualTimers();
    const deadMan = new DeadMansSwitch(f.sim.orders, t.timers);
    await f.place(spotBuy('1000', '0.001'));
    deadMan.arm(MAIN, 10);
    deadMan.arm(MAIN, 0);
    expect(t.armed.size).toBe(0);
    expect(f.sim.orders.pendingOf(MAIN)).toHaveLength(1);
  });

  it('answers success for 5 to 60 seconds and refuses 3 naming the field', async () => {
    const f = fixture();
    expect((await call(f.sim, 'POST', '/api/v3/trade/countdown-cancel-all', { countdown: '10' }, { key: keysOf.main })).data).toBe('success');
    const bad = await call(f.sim, 'POST', '/api/v3/trade/countdown-cancel-all', { countdown: '3' }, { key: keysOf.main });
    expect(bad.status).toBe(400);
    expect(bad.msg).toMatch(/countdown/);
    await call(f.sim, 'POST', '/api/v3/trade/countdown-cancel-all', { countdown: '0' }, { key: keysOf.main });
  });
});
