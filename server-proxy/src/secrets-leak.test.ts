import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@contract/catalog/endpoints';
import { hashPassword } from './auth/password-hash';
import { deadUpstreamUrl, FakeUpstream } from './test-support/fake-upstream';
import { TEST_ORIGIN, testAccounts, testDesk, validOrder, type TestDesk } from './test-support/test-desk';

let upstream: FakeUpstream;
let desk: TestDesk;
const seen: string[] = [];

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  desk = await testDesk(upstream.url, { logLevel: 'trace' });
  await desk.userStore.put({ name: 'tess', role: 'trader', accounts: ['main', 'sub'], passwordHash: await hashPassword('tess-password', { N: 1024, r: 8, p: 1 }) });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

async function call(d: TestDesk, method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: string) {
  const res = await d.app.inject({ method, url, headers, payload });
  seen.push(res.body, JSON.stringify(res.headers));
  return res;
}

describe('keys never leave the proxy', () => {
  it('finds no secret, passphrase or API key in any response or log line of a full session', async () => {
    // Admin by one-time token, a team user by password.
    const token = await call(desk, 'GET', desk.issueAdminLoginPath(), {});
    const adminCookie = String(token.headers['set-cookie']).split(';')[0]!;
    const me = (await call(desk, 'GET', '/auth/me', { cookie: adminCookie })).json();
    const admin = { cookie: adminCookie, 'x-desk-csrf': me.csrfToken, origin: TEST_ORIGIN, 'content-type': 'application/json' };
    await call(desk, 'POST', '/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ username: 'tess', password: 'wrong' }));
    await call(desk, 'POST', '/auth/login', { 'content-type': 'application/json' }, JSON.stringify({ username: 'tess', password: 'tess-password' }));

    // Every catalog endpoint on both accounts, valid or not, and upstream failures.
    upstream.respond((c) => (c.url.includes('cancel') ? { status: 400, body: { code: '40009', msg: 'sign signature error', requestTime: 1, data: null } } : undefined));
    for (const account of ['main', 'sub']) {
      for (const e of endpointList) {
        const h = { ...admin, 'x-desk-account': account };
        if (e.method === 'GET') await call(desk, 'GET', `${e.path}?limit=1`, h);
        else await call(desk, 'POST', e.path, h, JSON.stringify(e.arrayBody ? [validOrder] : validOrder));
      }
      await call(desk, 'POST', '/api/v3/trade/place-order', { ...admin, 'x-desk-account': account }, JSON.stringify(validOrder));
      await call(desk, 'POST', '/api/v3/trade/cancel-order', { ...admin, 'x-desk-account': account }, JSON.stringify({ symbol: 'BTCUSDT', orderId: '1' }));
    }
    await call(desk, 'POST', '/api/v3/trade/place-order', { ...admin, 'x-desk-csrf': 'bad' }, JSON.stringify(validOrder));
    await call(desk, 'POST', '/api/v3/trade/place-order', admin, `{"pad":"${'x'.repeat(70_000)}"}`);
    await call(desk, 'GET', '/api/v2/spot/anything', admin);
    await call(desk, 'GET', '/audit?limit=100', admin);

    const down = await testDesk(await deadUpstreamUrl(), { logLevel: 'trace' });
    const d = await down.signIn('admin');
    await call(down, 'POST', '/api/v3/trade/place-order', d.headers, JSON.stringify(validOrder));
    await call(down, 'GET', '/api/v3/account/assets', d.headers);
    await down.app.close();
    await call(desk, 'POST', '/auth/logout', admin);

    const everything = [...seen, ...desk.logLines, ...down.logLines].join('\n');
    // The secrets were live: the upstream received the passphrases of both accounts.
    const received = upstream.calls.map((c) => String(c.headers['access-passphrase']));
    expect(received).toContain(testAccounts[0]!.passphrase);
    expect(received).toContain(testAccounts[1]!.passphrase);
    expect(desk.logLines.length).toBeGreaterThan(10);
    for (const a of testAccounts) {
      expect(everything).not.toContain(a.secret);
      expect(everything).not.toContain(a.passphrase);
      expect(everything).not.toContain(a.apiKey);
    }
    expect(everything).not.toContain('tess-password');
  });
});
