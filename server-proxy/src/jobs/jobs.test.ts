import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MAX_JOB_ROWS, type JobSummary } from '@contract/schemas/broker-jobs';
import { AuditStore } from '../audit/audit-store';
import { UserStore } from '../auth/user-store';
import { KeyStore } from '../keys/key-store';
import { openSqliteStore } from '../core/storage/open-storage';
import { FakeUpstream, type RecordedCall } from '../test-support/fake-upstream';
import { tempDir } from '../test-support/temp-dir';
import { testAccounts, testDesk, type TestDesk } from '../test-support/test-desk';
import { jobResultsCsv } from './job-csv';
import { KyselyJobStore } from './job-store';

const broker = { name: 'broker', uid: '3000001', apiKey: 'test-api-key-broker', secret: 'S3CRET-broker', passphrase: 'PASS-broker' };
const keyStore = () => new KeyStore([...testAccounts, broker]);
const FROZEN = '3100007';

let upstream: FakeUpstream;
const desks: TestDesk[] = [];

beforeEach(async () => {
  upstream = await FakeUpstream.start();
  // The exchange refuses a frozen sub-account (40013); everything else succeeds.
  upstream.respond((call) => (call.body.includes(`"${FROZEN}"`) ? { status: 400, body: { code: '40013', msg: `User has been frozen: ${FROZEN}`, requestTime: Date.now(), data: null } } : undefined));
});
afterEach(async () => {
  upstream.release();
  for (const d of desks.splice(0)) await d.app.close();
  await upstream.close();
});

async function desk(files?: { dir: string }): Promise<TestDesk> {
  const deps = files
    ? { auditStore: new AuditStore(await openSqliteStore(join(files.dir, 'audit.sqlite'), 'audit')), userStore: new UserStore(await openSqliteStore(join(files.dir, 'users.sqlite'), 'users')), jobDb: await openSqliteStore(join(files.dir, 'jobs.sqlite'), 'jobs') }
    : {};
  const d = await testDesk(upstream.url, {}, { keyStore: keyStore(), ...deps });
  desks.push(d);
  return d;
}

const rows = (n: number, from = 3100100, coin = 'USDT') => Array.from({ length: n }, (_, i) => ({ subUid: String(from + i), coin, toAccountType: 'usdt-futures' as const }));
const autotransferCalls = () => upstream.calls.filter((c) => c.url.includes('set-subaccount-autotransfer'));
const subOf = (c: RecordedCall) => (JSON.parse(c.body) as { subUid: string }).subUid;

async function create(d: TestDesk, body: unknown, given?: Record<string, string>) {
  const headers = given ?? (await d.signIn('broker', ['broker'])).headers;
  return d.app.inject({ method: 'POST', url: '/jobs/autotransfer', headers: { ...headers, 'x-desk-account': 'broker' }, payload: JSON.stringify(body) });
}
async function summary(d: TestDesk, id: number): Promise<JobSummary> {
  const r = await d.app.inject({ method: 'GET', url: `/jobs/${id}`, headers: (await d.signIn('broker', ['broker'])).headers });
  return r.json<{ data: JobSummary }>().data;
}
async function until(d: TestDesk, id: number, done: (s: JobSummary) => boolean, ms = 15_000): Promise<JobSummary> {
  const end = Date.now() + ms;
  for (;;) {
    const s = await summary(d, id);
    if (done(s)) return s;
    if (Date.now() > end) throw new Error(`job ${id} still ${JSON.stringify(s)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
/** The most calls the upstream saw in any one second. */
function busiestSecond(calls: readonly RecordedCall[]): number {
  const at = calls.map((c) => c.at).sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; i < at.length; i++) {
    while (at[i]! - at[j]! >= 1000) j++;
    best = Math.max(best, i - j + 1);
  }
  return best;
}

describe('bulk auto-transfer jobs (issue 20)', () => {
  it('runs every row once, records each outcome and audit row, and two jobs of one UID share 10/s', async () => {
    const d = await desk();
    const a = await create(d, { rows: rows(14) });
    expect(a.statusCode).toBe(201);
    const b = await create(d, { rows: [...rows(11, 3100200), { subUid: FROZEN, coin: 'BTC', toAccountType: 'spot' }] });
    const [ja, jb] = [a.json<{ data: JobSummary }>().data.id, b.json<{ data: JobSummary }>().data.id];
    const sa = await until(d, ja, (s) => s.state === 'done');
    const sb = await until(d, jb, (s) => s.state === 'done');
    expect(sa).toMatchObject({ total: 14, applied: 14, failed: 0, remaining: 0 });
    expect(sb).toMatchObject({ total: 12, applied: 11, failed: 1, remaining: 0 });
    const calls = autotransferCalls();
    expect(calls).toHaveLength(26);
    expect(new Set(calls.map(subOf)).size).toBe(26);
    expect(busiestSecond(calls)).toBeLessThanOrEqual(10);
    const audit = (await d.auditStore.query({ endpoint: 'setSubaccountAutotransfer', limit: 100 })).list;
    expect(audit).toHaveLength(26);
    expect(audit.filter((r) => r.code === '00000' && r.state === 'complete')).toHaveLength(25);
    expect(audit.find((r) => r.requestBody.includes(FROZEN))).toMatchObject({ code: '40013', user: 'broker-user', account: 'broker' });
    const csv = await d.app.inject({ method: 'GET', url: `/jobs/${jb}/results.csv`, headers: (await d.signIn('broker', ['broker'])).headers });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${FROZEN},BTC,spot,failed,40013`);
    const settings = await d.app.inject({ method: 'GET', url: '/jobs/desk-settings', headers: { ...(await d.signIn('broker', ['broker'])).headers, 'x-desk-account': 'broker' } });
    expect(settings.json<{ data: unknown[] }>().data).toHaveLength(25);
  });

  it('refuses duplicate rows, too many rows, a bad coin and a role without broker.write, sending nothing', async () => {
    const d = await desk();
    const dup = await create(d, { rows: [...rows(2), rows(1)[0]] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ field: 'rows.2' });
    expect(dup.json<{ msg: string }>().msg).toContain('repeats row 1');
    expect((await create(d, { rows: rows(MAX_JOB_ROWS + 1) })).json()).toMatchObject({ field: 'rows' });
    expect((await create(d, { rows: rows(MAX_JOB_ROWS) })).statusCode).toBe(201);
    upstream.stall = () => true; // the accepted job's rows go nowhere in this test
    await new Promise((r) => setTimeout(r, 50));
    const before = autotransferCalls().length;
    expect((await create(d, { rows: [{ subUid: '3100100', coin: 'usdt', toAccountType: 'spot' }] })).json()).toMatchObject({ field: 'rows.0.coin' });
    const viewer = (await d.signIn('viewer', ['broker'])).headers;
    expect((await create(d, { rows: rows(1) }, viewer)).statusCode).toBe(403);
    const noCsrf = { ...(await d.signIn('broker', ['broker'])).headers, 'x-desk-csrf': 'wrong' };
    expect((await create(d, { rows: rows(1) }, noCsrf)).statusCode).toBe(403);
    expect(autotransferCalls().length).toBe(before);
    expect(before).toBeLessThanOrEqual(1);
  });

  it('pauses, resumes, cancels the rest, and retries only the failed rows', async () => {
    const d = await desk();
    const h = (await d.signIn('broker', ['broker'])).headers;
    const id = (await create(d, { rows: [{ subUid: FROZEN, coin: 'USDT', toAccountType: 'spot' }, ...rows(30)] })).json<{ data: JobSummary }>().data.id;
    await until(d, id, (s) => s.applied >= 3);
    expect((await d.app.inject({ method: 'POST', url: `/jobs/${id}/pause`, headers: h })).statusCode).toBe(200);
    const paused = await until(d, id, (s) => s.state === 'paused');
    await new Promise((r) => setTimeout(r, 400));
    const still = await summary(d, id);
    // At most the row in flight when the pause came is settled after it.
    expect(still.applied + still.failed).toBeLessThanOrEqual(paused.applied + paused.failed + 1);
    await d.app.inject({ method: 'POST', url: `/jobs/${id}/resume`, headers: h });
    await until(d, id, (s) => s.applied >= still.applied + 3);
    await d.app.inject({ method: 'POST', url: `/jobs/${id}/cancel`, headers: h });
    const cancelled = await until(d, id, (s) => s.state === 'cancelled' && s.remaining === 0);
    expect(cancelled.skipped).toBeGreaterThan(0);
    expect(cancelled.failed).toBe(1);
    const sentBefore = autotransferCalls().length;
    upstream.respond(undefined); // the sub-account was unfrozen meanwhile
    expect((await d.app.inject({ method: 'POST', url: `/jobs/${id}/retry-failed`, headers: h })).statusCode).toBe(200);
    const retried = await until(d, id, (s) => s.state === 'done');
    expect(retried.failed).toBe(0);
    expect(autotransferCalls().length).toBe(sentBefore + 1);
    expect(autotransferCalls().at(-1)!.body).toContain(FROZEN);
    const bad = await d.app.inject({ method: 'POST', url: `/jobs/${id}/explode`, headers: h });
    expect(bad.json()).toMatchObject({ field: 'action' });
  });

  it('after a stop mid-call, resumes at the unknown row and sends it again once; the rest once each', async () => {
    const dir = tempDir('desk-jobs-');
    const first = await desk({ dir });
    const target = '3100104';
    upstream.stall = (c) => c.body.includes(`"${target}"`);
    const id = (await create(first, { rows: rows(10) })).json<{ data: JobSummary }>().data.id;
    const end = Date.now() + 10_000;
    while (!autotransferCalls().some((c) => subOf(c) === target)) {
      if (Date.now() > end) throw new Error('the stalled row was never sent');
      await new Promise((r) => setTimeout(r, 20));
    }
    // The proxy stops while the call is out (its answer is lost), as a kill would leave it.
    await first.app.close();
    desks.splice(desks.indexOf(first), 1);
    upstream.stall = undefined;
    upstream.release();
    const second = await desk({ dir });
    const done = await until(second, id, (s) => s.state === 'done');
    expect(done).toMatchObject({ total: 10, applied: 10, failed: 0 });
    const bySub = new Map<string, number>();
    for (const c of autotransferCalls()) bySub.set(subOf(c), (bySub.get(subOf(c)) ?? 0) + 1);
    expect(bySub.get(target)).toBe(2);
    expect([...bySub.entries()].filter(([s]) => s !== target).every(([, n]) => n === 1)).toBe(true);
    const audit = (await second.auditStore.query({ endpoint: 'setSubaccountAutotransfer', limit: 100 })).list;
    expect(audit.filter((r) => r.code === '00000')).toHaveLength(10);
    expect(audit.find((r) => r.code === 'DESK502')?.msg).toContain('no read-back');
  });

  it('settles a row from its audit row when the answer was logged before the stop: nothing is resent', async () => {
    const dir = tempDir('desk-jobs-');
    const audit = new AuditStore(await openSqliteStore(join(dir, 'audit.sqlite'), 'audit'));
    const store = new KyselyJobStore(await openSqliteStore(join(dir, 'jobs.sqlite'), 'jobs'));
    const id = await store.create({ account: 'broker', user: 'broker-user', rows: rows(3) }, Date.now());
    const row = (await store.nextRow(id))!;
    // The stopped proxy held the job (an embedded store: the next process is the same owner).
    expect(await store.claim(id, 'embedded', Date.now(), Date.now() + 30_000)).toBe(true);
    const auditId = await audit.begin({ time: Date.now(), user: 'broker-user', account: 'broker', endpoint: 'setSubaccountAutotransfer', method: 'POST', path: '/x', channel: 'rest', requestBody: '{}', orderIds: [], clientOids: [] });
    await store.markSending(id, row.seq, auditId, Date.now(), 'embedded');
    await audit.complete(auditId, { httpStatus: 200, code: '00000', msg: 'success', orderIds: [], clientOids: [] });
    const d = await testDesk(upstream.url, {}, { keyStore: keyStore(), auditStore: audit, jobDb: await openSqliteStore(join(dir, 'jobs.sqlite'), 'jobs') });
    desks.push(d);
    expect(await until(d, id, (s) => s.state === 'done')).toMatchObject({ applied: 3 });
    expect(autotransferCalls().map(subOf)).toEqual(['3100101', '3100102']);
  });
});

describe('job results CSV', () => {
  it('quotes any text so each row stays one record, and never starts a cell with a formula', () => {
    fc.assert(
      fc.property(fc.string(), (msg) => {
        const csv = jobResultsCsv([{ jobId: 1, seq: 1, subUid: '1', coin: 'USDT', toAccountType: 'spot', state: 'failed', code: '1', msg, attempts: 1, auditId: null, updatedAt: 0 }]);
        const cells = csv.split('\r\n')[1]!;
        expect(cells.startsWith('1,1,USDT,spot,failed,1,')).toBe(true);
        expect(/,[=+\-@]/.test(cells.replace(/"[^"]*"/g, '""'))).toBe(false);
      }),
    );
  });
});
