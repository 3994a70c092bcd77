import { afterEach, describe, expect, it } from 'vitest';
import { signedHeaders } from '@contract/core/signing';
import { ManualClock } from '@contract/core/clock';
import { createSimulator, type Simulator } from '../../server';
import { call, keysOf } from '../../testing/signed-client';

const T0 = 1_760_000_000_000;
let sim: Simulator;
afterEach(async () => sim?.close());

function fresh(env: Record<string, string> = {}): Simulator {
  sim = createSimulator({ clock: new ManualClock(T0), env });
  return sim;
}

describe('REST authentication (spec 5)', () => {
  it('accepts a correctly signed request and answers the envelope of spec 2.1', async () => {
    const s = fresh();
    const a = await call(s, 'GET', '/api/v3/account/settings');
    expect(a).toMatchObject({ status: 200, code: '00000', msg: 'success' });
    expect((a.data as { uid: string }).uid).toBe('1000001');
  });

  it('rejects a bad signature with 40009 and HTTP 400', async () => {
    const s = fresh();
    const a = await call(s, 'GET', '/api/v3/account/settings', undefined, { key: { ...keysOf.main, secret: 'wrong' } });
    expect(a).toMatchObject({ status: 400, code: '40009' });
  });

  it('rejects a timestamp more than 30 s old with 40008', async () => {
    const s = fresh();
    const a = await call(s, 'GET', '/api/v3/account/settings', undefined, { timestamp: String(T0 - 30_001) });
    expect(a).toMatchObject({ status: 400, code: '40008' });
    const b = await call(s, 'GET', '/api/v3/account/settings', undefined, { timestamp: String(T0 - 29_000) });
    expect(b.code).toBe('00000');
  });

  it('rejects an unknown key with 40006 and a wrong passphrase with 40012', async () => {
    const s = fresh();
    expect((await call(s, 'GET', '/api/v3/account/settings', undefined, { key: { ...keysOf.main, apiKey: 'nope' } })).code).toBe('40006');
    expect((await call(s, 'GET', '/api/v3/account/settings', undefined, { key: { ...keysOf.main, passphrase: 'nope' } })).code).toBe('40012');
  });

  it('rejects a missing key header with 40001 and HTTP 401', async () => {
    const s = fresh();
    const res = await s.app.inject({ method: 'GET', url: '/api/v3/account/settings' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: '40001', data: null });
  });

  it('verifies the raw query string as sent, whatever its key order', async () => {
    const s = fresh();
    const query = 'symbol=BTCUSDT&category=SPOT';
    const headers = signedHeaders(keysOf.main, { timestamp: String(T0), method: 'GET', path: '/api/v3/trade/unfilled-orders', query });
    const res = await s.app.inject({ method: 'GET', url: `/api/v3/trade/unfilled-orders?${query}`, headers });
    expect(res.json()).toMatchObject({ code: '00000' });
    const tampered = await s.app.inject({ method: 'GET', url: `/api/v3/trade/unfilled-orders?category=SPOT&symbol=BTCUSDT`, headers });
    expect(tampered.json()).toMatchObject({ code: '40009' });
  });

  it('verifies the raw body as sent, whitespace included', async () => {
    const s = fresh();
    const body = '{ "holdMode" : "hedge_mode" }';
    const headers = signedHeaders(keysOf.other, { timestamp: String(T0), method: 'POST', path: '/api/v3/account/set-hold-mode', body });
    const res = await s.app.inject({ method: 'POST', url: '/api/v3/account/set-hold-mode', headers, payload: body });
    expect(res.json()).toMatchObject({ code: '00000', data: 'success' });
  });

  it('takes keys from SIM_* environment overrides', async () => {
    const s = fresh({ SIM_MAIN_KEY: 'k1', SIM_MAIN_SECRET: 's1', SIM_MAIN_PASSPHRASE: 'p1' });
    const a = await call(s, 'GET', '/api/v3/account/settings', undefined, { key: { apiKey: 'k1', secret: 's1', passphrase: 'p1' } });
    expect(a.code).toBe('00000');
    expect((await call(s, 'GET', '/api/v3/account/settings')).code).toBe('40006');
  });

  it('answers in zh-CN when the locale header asks for it', async () => {
    const s = fresh();
    const a = await call(s, 'GET', '/api/v3/account/settings', undefined, { key: { ...keysOf.main, secret: 'x' }, locale: 'zh-CN' });
    expect(a.msg).toBe('签名错误');
  });
});

describe('public instruments', () => {
  it('answers both paths without authentication, filtered by category', async () => {
    const s = fresh();
    const spec = await s.app.inject({ method: 'GET', url: '/api/v3/public/instruments' });
    const all = spec.json<{ data: { symbol: string; category: string }[] }>().data;
    expect(all.map((i) => `${i.category}:${i.symbol}`)).toEqual(
      expect.arrayContaining(['SPOT:BTCUSDT', 'SPOT:ETHUSDT', 'SPOT:NTKUSDT', 'MARGIN:BTCUSDT', 'MARGIN:ETHUSDT', 'USDT-FUTURES:BTCUSDT', 'USDT-FUTURES:ETHUSDT']),
    );
    const alias = await s.app.inject({ method: 'GET', url: '/api/v3/market/instruments?category=USDT-FUTURES' });
    const futures = alias.json<{ data: { category: string; priceMultiplier: string }[] }>().data;
    expect(futures.map((i) => i.category)).toEqual(['USDT-FUTURES', 'USDT-FUTURES']);
    expect(futures[0]?.priceMultiplier).toBe('0.1');
  });

  it('names an unknown query parameter in a 40017 error', async () => {
    const s = fresh();
    const res = await s.app.inject({ method: 'GET', url: '/api/v3/public/instruments?bogus=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '40017' });
    expect(res.json<{ msg: string }>().msg).toContain('bogus');
  });
});
