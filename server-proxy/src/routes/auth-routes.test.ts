import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '@contract/catalog/endpoints';
import { FakeUpstream } from '../test-support/fake-upstream';
import { ManualClock } from '@contract/core/clock';
import { TEST_ORIGIN, testDesk, type TestDesk } from '../test-support/test-desk';
import { hashPassword } from '../auth/password-hash';

let upstream: FakeUpstream;
let desk: TestDesk;
const clock = new ManualClock();

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  desk = await testDesk(upstream.url, { loginTokenTtlMs: 60_000 }, { clock, timers: clock });
  const fast = { N: 1024, r: 8, p: 1 };
  await desk.userStore.put({ name: 'olga', role: 'ops', accounts: ['sub'], passwordHash: await hashPassword('olga-password', fast) });
  await desk.userStore.put({ name: 'tom', role: 'trader', accounts: ['main', 'sub'], passwordHash: await hashPassword('tom-password', fast) });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
const login = (username: string, password: string, ip = '10.0.0.1') =>
  desk.app.inject({ method: 'POST', url: '/auth/login', remoteAddress: ip, headers: { 'content-type': 'application/json', origin: TEST_ORIGIN }, payload: JSON.stringify({ username, password }) });

describe('one-time token login (local admin)', () => {
  it('turns the printed token into an HttpOnly, SameSite=Strict session cookie and redirects to /', async () => {
    const res = await desk.app.inject({ method: 'GET', url: desk.issueAdminLoginPath() });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^desk_session=[A-Za-z0-9_-]{40,};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');

    const me = await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: cookieOf(res.headers['set-cookie']) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: 'admin',
      role: 'admin',
      permissions: [...rolePermissions.admin],
      accounts: [
        { name: 'main', uid: '1000001' },
        { name: 'sub', uid: '1000002' },
      ],
      defaultAccount: 'main',
      csrfToken: expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/),
    });
  });

  it('accepts a token only once', async () => {
    const path = desk.issueAdminLoginPath();
    expect((await desk.app.inject({ method: 'GET', url: path })).statusCode).toBe(302);
    const again = await desk.app.inject({ method: 'GET', url: path });
    expect(again.statusCode).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const path = desk.issueAdminLoginPath();
    clock.advance(60_001);
    expect((await desk.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
  });

  it('answers /auth/me with a 401 envelope without a session', async () => {
    const res = await desk.app.inject({ method: 'GET', url: '/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'DESK401', data: null });
  });

  it('ends a session when it expires', async () => {
    const { cookie } = await desk.signIn('viewer');
    clock.advance(desk.ctx.config.sessionTtlMs + 1);
    expect((await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('team login', () => {
  it('signs a user in with the right password and gives only that role and those accounts', async () => {
    const res = await login('olga', 'olga-password');
    expect(res.statusCode).toBe(200);
    const cookie = cookieOf(res.headers['set-cookie']);
    const me = (await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).json();
    expect(me).toMatchObject({ user: 'olga', role: 'ops', accounts: [{ name: 'sub', uid: '1000002' }], defaultAccount: 'sub' });
    expect(me.permissions).toContain('audit.read');
    expect(me.permissions).not.toContain('trade.write');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const wrong = await login('tom', 'nope', '10.0.0.2');
    const unknown = await login('nobody', 'nope', '10.0.0.3');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().msg).toBe(unknown.json().msg);
  });

  it('throttles a username after 5 failures a minute with 429 and retry-after, even with the right password', async () => {
    clock.advance(61_000); // forget earlier failures
    for (let i = 0; i < 5; i++) expect((await login('tom', `wrong-${i}`, `10.1.0.${i}`)).statusCode).toBe(401);
    const throttled = await login('tom', 'tom-password', '10.1.0.99');
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'DESK429L', data: null });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(61_000);
    expect((await login('tom', 'tom-password', '10.1.0.99')).statusCode).toBe(200);
  });

  // Issue 16 finding 5: five made-up usernames from 127.0.0.1 locked every user out for 60 s.
  it('locks out only the attacked name: made-up usernames from one IP leave other users and the one-time URL working', async () => {
    for (let i = 0; i < 25; i++) await login(`guess-${i}`, 'pw', '127.0.0.1');
    expect((await login('olga', 'olga-password', '127.0.0.1')).statusCode).toBe(200);
    // The sprayer's names, having failed, are held back from that IP, with a Retry-After.
    const again = await login('guess-3', 'pw', '127.0.0.1');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    // The attacked name itself is locked after 5 failures, from any IP; another user is not.
    for (let i = 0; i < 5; i++) await login('olga', 'wrong', '10.9.0.1');
    expect((await login('olga', 'olga-password', '10.9.0.2')).statusCode).toBe(429);
    const admin = await desk.app.inject({ method: 'GET', url: desk.issueAdminLoginPath(), remoteAddress: '127.0.0.1' });
    expect(admin.statusCode).toBe(302);
    clock.advance(61_000);
    expect((await login('olga', 'olga-password', '127.0.0.1')).statusCode).toBe(200);
    // 30-odd logins, each a real scrypt check (a made-up name is checked against a dummy hash).
  }, 90_000);

  it('rejects a malformed login body with 400 naming the field', async () => {
    const res = await desk.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":"x"}' });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('password');
  });

  it('refuses a login posted from another origin', async () => {
    const res = await desk.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, payload: JSON.stringify({ username: 'olga', password: 'olga-password' }) });
    expect(res.statusCode).toBe(403);
  });

  it('logs out only with the CSRF token, and the session is gone afterwards', async () => {
    const { cookie, csrf } = await desk.signIn('trader');
    expect((await desk.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } })).statusCode).toBe(403);
    const out = await desk.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie, 'x-desk-csrf': csrf } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toContain('Max-Age=0');
    expect((await desk.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).statusCode).toBe(401);
  });
});

describe('GET /audit', () => {
  it('is for admin and ops only', async () => {
    expect((await desk.app.inject({ method: 'GET', url: '/audit' })).statusCode).toBe(401);
    for (const role of ['viewer', 'trader'] as const) {
      const { cookie } = await desk.signIn(role);
      expect((await desk.app.inject({ method: 'GET', url: '/audit', headers: { cookie } })).statusCode).toBe(403);
    }
    for (const role of ['admin', 'ops'] as const) {
      const { cookie } = await desk.signIn(role);
      expect((await desk.app.inject({ method: 'GET', url: '/audit', headers: { cookie } })).statusCode).toBe(200);
    }
  });

  it('filters and pages newest first with a cursor', async () => {
    const base = { account: 'main', method: 'POST', path: '/api/v3/trade/place-order', channel: 'rest' as const, requestBody: '{}', httpStatus: 200, msg: 'success', orderIds: [], clientOids: [] };
    for (let i = 0; i < 5; i++) await desk.auditStore.record({ ...base, time: 1000 + i, user: 'pager', endpoint: 'placeOrder', code: i % 2 ? '25202' : '00000' });
    const { cookie } = await desk.signIn('ops');
    const page1 = (await desk.app.inject({ method: 'GET', url: '/audit?user=pager&limit=2', headers: { cookie } })).json();
    expect(page1.code).toBe('00000');
    expect(page1.data.list.map((r: { time: number }) => r.time)).toEqual([1004, 1003]);
    const page2 = (await desk.app.inject({ method: 'GET', url: `/audit?user=pager&limit=2&cursor=${page1.data.cursor}`, headers: { cookie } })).json();
    expect(page2.data.list.map((r: { time: number }) => r.time)).toEqual([1002, 1001]);
    const failed = (await desk.app.inject({ method: 'GET', url: '/audit?user=pager&code=25202&from=1002&to=1004', headers: { cookie } })).json();
    expect(failed.data.list.map((r: { time: number }) => r.time)).toEqual([1003]);
    expect(failed.data.cursor).toBeNull();
  });

  it('rejects a limit over 100 and unknown filters with 400', async () => {
    const { cookie } = await desk.signIn('admin');
    const over = await desk.app.inject({ method: 'GET', url: '/audit?limit=101', headers: { cookie } });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toContain('limit');
    expect((await desk.app.inject({ method: 'GET', url: '/audit?password=1', headers: { cookie } })).statusCode).toBe(400);
  });
});
