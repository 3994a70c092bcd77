import { afterEach, describe, expect, it } from 'vitest';
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import { endpoints } from '@contract/catalog/endpoints';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../server';
import { call, keysOf, ok } from '../testing/signed-client';
import { createLimitsExtension } from '../limits/extension';
import installProducts from './extension';
import installAdmin from '../admin/extension';
import { productsOf } from './products-state';
import { DUST_LIMIT_USD } from './native-convert';

const DAY = 24 * 3600 * 1000;
// Near the wall clock: the catalog schema judges the three-month window by Date.now().
const START = Math.floor(Date.now() / 1000) * 1000;
let sim: Simulator;
let clock: ManualClock;

function boot(limits = createLimitsExtension()): Simulator {
  clock = new ManualClock(START);
  sim = createSimulator({ clock, extensions: [limits, installProducts, installAdmin] });
  return sim;
}

afterEach(async () => {
  await sim.close();
});

type Revision = { orderId: string; reviseTime: string; reviseSide: string; pledgeCoin: string; beforePledgeRate: string; afterPledgeRate: string };
const history = (q: Record<string, string>, key = keysOf.main) => call<Revision[]>(sim, 'GET', endpoints.reviseHistory.path, q, { key });

describe('revise-history (spec 4.1, 2.2)', () => {
  const range = () => ({ startTime: String(START - 90 * DAY), endTime: String(START) });

  it('pages through seeded revisions newest first: 10 by default, at most 100', async () => {
    boot();
    const first = await history(range());
    expect(first.code).toBe('00000');
    expect(first.data).toHaveLength(10);
    const times = first.data.map((r) => Number(r.reviseTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const all = (await history({ ...range(), pageSize: '100' })).data;
    expect(all.length).toBeGreaterThan(10);
    for (const r of all) expect(Number(r.reviseTime)).toBeGreaterThanOrEqual(START - 90 * DAY);
    const second = (await history({ ...range(), pageNo: '2' })).data;
    expect(second).toEqual(all.slice(10, 20));
    const tooBig = await history({ ...range(), pageSize: '101' });
    expect(tooBig.status).toBe(400);
    expect(tooBig.msg).toMatch(/pageSize/);
  });

  it('filters by orderId, reviseSide and pledgeCoin', async () => {
    boot();
    const all = (await history({ ...range(), pageSize: '100' })).data;
    const orderId = all[0]!.orderId;
    const byOrder = (await history({ ...range(), pageSize: '100', orderId })).data;
    expect(byOrder.length).toBeGreaterThan(0);
    expect(byOrder.every((r) => r.orderId === orderId)).toBe(true);
    expect(byOrder).toEqual(all.filter((r) => r.orderId === orderId));
    const downs = (await history({ ...range(), pageSize: '100', reviseSide: 'down' })).data;
    expect(downs.every((r) => r.reviseSide === 'down' && Number(r.afterPledgeRate) < Number(r.beforePledgeRate))).toBe(true);
    const eth = (await history({ ...range(), pageSize: '100', pledgeCoin: 'ETH' })).data;
    expect(eth.length).toBeGreaterThan(0);
    expect(eth.every((r) => r.pledgeCoin === 'ETH')).toBe(true);
  });

  it('requires startTime and endTime, and refuses a start more than three months back', async () => {
    boot();
    const missing = await history({ endTime: String(START) });
    expect(missing.status).toBe(400);
    expect(missing.msg).toMatch(/startTime/);
    const old = await history({ startTime: String(START - REVISE_HISTORY_WINDOW_MS - DAY), endTime: String(START) });
    expect(old.status).toBe(400);
    // The simulator's clock decides: move it forward and a once-valid start is too old.
    const start = String(START - 60 * DAY);
    expect((await history({ startTime: start, endTime: String(START) })).code).toBe('00000');
    clock.advance(40 * DAY);
    const later = await history({ startTime: start, endTime: String(START) });
    expect(later.code).toBe('40017');
    expect(later.msg).toMatch(/startTime.*three months/);
  });

  it('has seeded history reaching back six months, outside the three-month window', () => {
    boot();
    const all = productsOf(sim).loans.of(1000001);
    const oldest = Math.min(...all.map((r) => Number(r.reviseTime)));
    expect(oldest).toBeLessThan(START - 150 * DAY);
  });
});

describe('set-subaccount-autotransfer (spec 4.2)', () => {
  const set = (body: Record<string, string>, key = keysOf.broker) => call<string>(sim, 'POST', endpoints.setSubaccountAutotransfer.path, body, { key });

  it('lets the ND broker main account set it for its own sub-account and applies it to the next deposit', async () => {
    boot();
    const a = await set({ subUid: '3000003', coin: 'USDT', toAccountType: 'usdt-futures' });
    expect(a).toMatchObject({ status: 200, code: '00000', data: 'success' });
    const before = sim.accounts.coin(3000003, 'USDT').balance;
    const dep = await sim.app.inject({ method: 'POST', url: '/__sim/deposit', payload: { uid: '3000003', coin: 'USDT', amount: '250.5' } });
    expect(dep.json()).toMatchObject({ uid: 3000003, coin: 'USDT', amount: '250.5', accountType: 'usdt-futures' });
    expect(sim.accounts.coin(3000003, 'USDT').balance).toBe(before);
    const types = (await sim.app.inject({ method: 'GET', url: '/__sim/account-types?uid=3000003' })).json<{ balances: Record<string, Record<string, string>>; autoTransfer: Record<string, string> }>();
    expect(types.balances['usdt-futures']).toEqual({ USDT: '250.5' });
    expect(types.autoTransfer).toEqual({ USDT: 'usdt-futures' });
    // Another coin, and another sub-account, still land in spot.
    const other = sim.accounts.coin(3000004, 'USDT').balance;
    await sim.app.inject({ method: 'POST', url: '/__sim/deposit', payload: { uid: 3000004, coin: 'USDT', amount: '1' } });
    expect(sim.accounts.coin(3000004, 'USDT').balance - other).toBe(10n ** 18n);
  });

  it('refuses an account that is not an ND broker main', async () => {
    boot();
    const a = await set({ subUid: '1000002', coin: 'USDT', toAccountType: 'spot' }, keysOf.main);
    expect(a).toMatchObject({ status: 400, code: '40309' });
  });

  it("refuses a sub-account that is not the broker's own, naming it", async () => {
    boot();
    for (const subUid of ['1000002', '3000001', '3000099']) {
      const a = await set({ subUid, coin: 'USDT', toAccountType: 'spot' });
      expect(a.code).toBe('40310');
      expect(a.msg).toContain(subUid);
    }
  });

  it('accepts only the account types of spec 4.2', async () => {
    boot();
    const a = await set({ subUid: '3000002', coin: 'USDT', toAccountType: 'margin' });
    expect(a.status).toBe(400);
    expect(a.msg).toMatch(/toAccountType/);
    for (const t of ['spot', 'usdt-futures', 'coin-futures', 'usdc-futures']) {
      expect((await set({ subUid: '3000002', coin: 'BTC', toAccountType: t })).data).toBe('success');
    }
  });
});

describe('redeem-result (spec 4.3, 2.3)', () => {
  const result = (orderId: string, periodType: string, key = keysOf.main) =>
    call<{ result: string; msg: string }>(sim, 'GET', endpoints.redeemResult.path, { orderId, periodType }, { key });

  it('answers success or fail with a message for seeded flexible and fixed orders', async () => {
    boot();
    expect((await result('100000181', 'flexible')).data).toEqual({ result: 'success', msg: '' });
    const failFlexible = (await result('100000182', 'flexible')).data;
    expect(failFlexible.result).toBe('fail');
    expect(failFlexible.msg).not.toBe('');
    expect((await result('100000183', 'fixed')).data).toEqual({ result: 'success', msg: '' });
    expect((await result('100000184', 'fixed')).data.result).toBe('fail');
  });

  it("gives a clear error for an unknown order, another account's order, or the wrong period type", async () => {
    boot();
    for (const [id, type, key] of [['999', 'flexible', keysOf.main], ['100000181', 'flexible', keysOf.other], ['100000181', 'fixed', keysOf.main]] as const) {
      const a = await result(id, type, key);
      expect(a).toMatchObject({ status: 400, code: '43001' });
    }
    expect((await result('100000181', 'weekly')).msg).toMatch(/periodType/);
  });
});

describe('native-convert (spec 4.4, 2.5)', () => {
  const convert = (coinList: unknown, key = keysOf.main) => call<{ orderList: { coin: string; orderId: string }[] }>(sim, 'POST', endpoints.nativeConvert.path, { coinList }, { key });

  it(`converts balances worth less than ${DUST_LIMIT_USD} USD into the native token, all of each coin`, async () => {
    boot();
    const ntkBefore = sim.accounts.coin(1000001, 'NTK').balance;
    const a = await convert(['DOGE', 'XRP']);
    expect(a.code).toBe('00000');
    expect(a.data.orderList.map((o) => o.coin)).toEqual(['DOGE', 'XRP']);
    expect(new Set(a.data.orderList.map((o) => o.orderId)).size).toBe(2);
    expect(sim.accounts.coin(1000001, 'DOGE').balance).toBe(0n);
    expect(sim.accounts.coin(1000001, 'XRP').balance).toBe(0n);
    // 3.5 DOGE x 0.12 = 0.42 USD -> 0.09333333 NTK at 4.5 USD; 1.2 XRP x 0.52 = 0.624 USD ->
    // 0.13866666 NTK (each rounded down to 8 decimals).
    expect(sim.accounts.coin(1000001, 'NTK').balance - ntkBefore).toBe(23199999n * 10n ** 10n);
  });

  it('accepts coinList as a string holding a JSON array', async () => {
    boot();
    expect((await convert('["ADA"]')).data.orderList).toHaveLength(1);
  });

  it('refuses a balance that is not small, and converts nothing of that request', async () => {
    boot();
    const a = await convert(['TRX', 'BTC']);
    expect(a).toMatchObject({ status: 400, code: '43002' });
    expect(a.msg).toContain('BTC');
    expect(sim.accounts.coin(1000001, 'TRX').balance).toBe(4n * 10n ** 18n);
  });

  it('refuses a coin with no balance, the native token itself, and a repeated coin', async () => {
    boot();
    expect((await convert(['DOGE'], keysOf.other)).code).toBe('43002');
    expect((await convert(['NTK'])).code).toBe('43002');
    const twice = await convert(['DOGE', 'DOGE']);
    expect(twice.msg).toMatch(/coinList/);
  });

  it('answers on the public API path /api/v2/convert/bgb-convert too', async () => {
    boot();
    const a = await call<{ orderList: unknown[] }>(sim, 'POST', '/api/v2/convert/bgb-convert', { coinList: ['TRX'] });
    expect(a.code).toBe('00000');
    expect(a.data.orderList).toHaveLength(1);
  });
});

describe('v2 rate limits (spec 8)', () => {
  it('answers the 11th v2 call within one second from one UID with HTTP 429 and code 429, while another UID is unaffected', async () => {
    boot();
    const q = { startTime: String(START - DAY), endTime: String(START) };
    for (let i = 0; i < 10; i++) {
      clock.advance(50);
      expect((await history(q)).code).toBe('00000');
    }
    const eleventh = await history(q);
    expect(eleventh).toMatchObject({ status: 429, code: '429' });
    expect((await history(q, keysOf.other)).code).toBe('00000');
    // One second after the first call, the budget is back.
    clock.advance(1000);
    expect((await history(q)).code).toBe('00000');
    const log = (await sim.app.inject({ method: 'GET', url: '/__sim/request-log?uid=1000001' })).json<{ status: number; endpoint: string }[]>();
    expect(log.map((e) => e.status)).toEqual([...Array(10).fill(200), 429, 200]);
    expect(log.every((e) => e.endpoint === 'reviseHistory')).toBe(true);
  });

  it('limits v3 calls per UID at the configured rate', async () => {
    boot(createLimitsExtension({ v3PerSecond: 3 }));
    for (let i = 0; i < 3; i++) expect((await call(sim, 'GET', endpoints.assets.path)).code).toBe('00000');
    expect(await call(sim, 'GET', endpoints.settings.path)).toMatchObject({ status: 429, code: '429' });
    expect((await call(sim, 'GET', endpoints.assets.path, undefined, { key: keysOf.sub })).code).toBe('00000');
  });

  it('records requests for the log route and refuses it to remote callers', async () => {
    boot();
    await ok(sim, 'GET', endpoints.redeemResult.path, { orderId: '100000181', periodType: 'flexible' });
    const local = await sim.app.inject({ method: 'GET', url: '/__sim/request-log?endpoint=redeemResult' });
    expect(local.json()).toEqual([expect.objectContaining({ uid: '1000001', endpoint: 'redeemResult', status: 200, code: '00000', time: START })]);
    const remote = await sim.app.inject({ method: 'GET', url: '/__sim/request-log', remoteAddress: '10.0.0.7' });
    expect(remote.statusCode).toBe(403);
  });
});

describe('/__sim/deposit', () => {
  it('names the field of a bad deposit', async () => {
    boot();
    const r = await sim.app.inject({ method: 'POST', url: '/__sim/deposit', payload: { uid: '1000001', coin: 'USDT', amount: '-5' } });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ field: 'amount' });
    const unknown = await sim.app.inject({ method: 'POST', url: '/__sim/deposit', payload: { uid: '42', coin: 'USDT', amount: '5' } });
    expect(unknown.json()).toMatchObject({ field: 'uid' });
  });
});
