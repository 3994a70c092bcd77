import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../core/storage/open-storage';
import { FakeUpstream } from '../test-support/fake-upstream';
import { TEST_ORIGIN, testDesk, validOrder, type TestDesk } from '../test-support/test-desk';
import { hashPassword } from './password-hash';
import { UserStore } from './user-store';
import { tempDir } from '../test-support/temp-dir';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await FakeUpstream.start();
});
afterAll(async () => {
  await upstream.close();
});

/** The proxy as main.ts builds it: users and sessions in one file of the data dir. */
async function deskOn(dataDir: string): Promise<TestDesk> {
  const db = await openSqliteStore(join(dataDir, 'users.sqlite'), 'users');
  const desk = await testDesk(upstream.url, {}, { userStore: new UserStore(db), sessionDb: db });
  desk.app.addHook('onClose', async () => db.destroy());
  return desk;
}

const cookieOf = (setCookie: string | string[] | undefined) => String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

describe('sessions across a proxy restart (same data dir)', () => {
  it('keeps a team login and a one-time-token admin signed in, with the same csrf token, and signs out for good', async () => {
    const dataDir = tempDir('desk-restart-');
    const first = await deskOn(dataDir);
    await first.userStore.put({ name: 'tom', role: 'trader', accounts: ['main'], passwordHash: await hashPassword('tom-password', { N: 1024, r: 8, p: 1 }) });
    const login = await first.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json', origin: TEST_ORIGIN },
      payload: JSON.stringify({ username: 'tom', password: 'tom-password' }),
    });
    expect(login.statusCode).toBe(200);
    const tomCookie = cookieOf(login.headers['set-cookie']);
    const csrf = login.json().data.csrfToken as string;
    const adminCookie = cookieOf((await first.app.inject({ method: 'GET', url: first.issueAdminLoginPath() })).headers['set-cookie']);
    await first.app.close();

    const second = await deskOn(dataDir);
    try {
      const me = await second.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: tomCookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ user: 'tom', role: 'trader', accounts: [{ name: 'main' }], csrfToken: csrf });
      // The restored session may trade: its csrf token still matches.
      const order = await second.app.inject({
        method: 'POST',
        url: '/api/v3/trade/place-order',
        headers: { cookie: tomCookie, 'x-desk-csrf': csrf, origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: JSON.stringify(validOrder),
      });
      expect(order.statusCode).toBe(200);
      expect(upstream.calls.some((c) => c.url === '/api/v3/trade/place-order')).toBe(true);
      const admin = await second.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: adminCookie } });
      expect(admin.json()).toMatchObject({ user: 'admin', role: 'admin' });

      const out = await second.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: tomCookie, 'x-desk-csrf': csrf } });
      expect(out.statusCode).toBe(200);
    } finally {
      await second.app.close();
    }

    const third = await deskOn(dataDir);
    try {
      expect((await third.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: tomCookie } })).statusCode).toBe(401);
      expect((await third.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie: adminCookie } })).statusCode).toBe(200);
    } finally {
      await third.app.close();
    }
  });

  it('does not bring back the session of a user removed while the proxy was down', async () => {
    const dataDir = tempDir('desk-restart-');
    const first = await deskOn(dataDir);
    await first.userStore.put({ name: 'olga', role: 'ops', accounts: ['sub'], passwordHash: 'unused' });
    const { cookie } = await first.signIn('ops', ['sub'], 'olga');
    expect((await first.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).statusCode).toBe(200);
    await first.app.close();

    // What `users.ts remove olga` does to the file while no proxy runs.
    const db = await openSqliteStore(join(dataDir, 'users.sqlite'), 'users');
    await new UserStore(db).remove('olga');
    await db.destroy();

    const second = await deskOn(dataDir);
    try {
      expect((await second.app.inject({ method: 'GET', url: '/auth/me', headers: { cookie } })).statusCode).toBe(401);
      expect((await second.app.inject({ method: 'GET', url: '/audit', headers: { cookie } })).statusCode).toBe(401);
    } finally {
      await second.app.close();
    }
  });
});
