// A team desk whose PostgreSQL goes away while it runs (issue 22): /readyz turns red with
// the database's reason, and nothing is changed or sent without its audit row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditStore } from './audit/audit-store';
import { UserStore } from './auth/user-store';
import { openPostgresStorage, type DeskStorage } from './core/storage/open-storage';
import { FakeUpstream } from './test-support/fake-upstream';
import { testDesk, validOrder, type TestDesk } from './test-support/test-desk';
import { startThrowawayPostgres, type ThrowawayPostgres } from './test-support/throwaway-postgres';

let pg: ThrowawayPostgres;
let storage: DeskStorage;
let upstream: FakeUpstream;
let desk: TestDesk;

beforeAll(async () => {
  // Its own cluster: the test stops it.
  [pg, upstream] = await Promise.all([startThrowawayPostgres(), FakeUpstream.start()]);
  storage = await openPostgresStorage(pg.url, { poolSize: 2 });
  desk = await testDesk(upstream.url, {}, {
    auditStore: new AuditStore(storage.db('audit')),
    userStore: new UserStore(storage.db('users')),
    sessionDb: storage.db('users'),
    jobDb: storage.db('jobs'),
    archiveDb: storage.db('archive'),
  });
}, 60_000);

afterAll(async () => {
  await desk?.app.close();
  await storage?.close().catch(() => undefined);
  await upstream?.close();
  pg?.stop();
});

describe('a team desk whose database goes away', () => {
  it('turns /readyz red and refuses mutations and sign-ins with a clear error, sending nothing', async () => {
    const { headers } = await desk.signIn('trader', ['main'], 'tess');
    const place = () => desk.app.inject({ method: 'POST', url: '/api/v3/trade/place-order', headers, payload: JSON.stringify(validOrder) });
    expect((await place()).statusCode).toBe(200);
    expect((await desk.app.inject({ method: 'GET', url: '/readyz' })).json()).toMatchObject({ checks: { database: 'ok' } });
    const orders = () => upstream.calls.filter((c) => c.url.includes('place-order')).length;
    const sent = orders();

    pg.stop();
    // The answer of a moment ago may be reused for 2 s (READY_CACHE_MS); then it is red.
    await expect
      .poll(async () => (await desk.app.inject({ method: 'GET', url: '/readyz' })).json<{ checks: { database: string } }>().checks.database, { timeout: 10_000, interval: 250 })
      .toMatch(/^a database does not answer: /);

    const refused = await place();
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ code: 'DESK503S', data: null });
    expect(refused.json().msg).toContain("The desk's database is unavailable");
    const login = await desk.app.inject({ method: 'POST', url: '/auth/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ username: 'tess', password: 'whatever-1' }) });
    expect(login.statusCode).toBe(503);
    expect(login.json()).toMatchObject({ code: 'DESK503S' });
    expect(orders()).toBe(sent);
  }, 30_000);
});
