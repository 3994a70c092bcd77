// A team desk (issue 22): two proxy processes on one PostgreSQL database in front of one
// simulator, as README "Team deployment" runs them behind nginx. What one proxy stores the
// other serves: a session, the exchange's rate budget, the jobs (a job whose proxy is
// killed is finished by the other, each row applied once), and one audit log.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobSummary } from '@contract/schemas/broker-jobs';
import { AuditStore } from './audit/audit-store';
import { hashPassword } from './auth/password-hash';
import { UserStore } from './auth/user-store';
import { openPostgresStorage, type DeskStorage } from './core/storage/open-storage';
import { startSimulator, type RunningSimulator } from './simulator-child';
import { mostInAnyWindow } from './test-support/most-in-any-window';
import { freshPostgresDatabase } from './test-support/storage-engines';
import { tempDir } from './test-support/temp-dir';

const repoRoot = resolve(import.meta.dirname, '../..');
/** Short, so the surviving proxy takes the killed one's job over within the test. */
const LEASE_MS = 2_000;

interface Proxy {
  child: ChildProcess;
  base: string;
  stderr: () => string;
}

let sim: RunningSimulator;
let databaseUrl: string;
let storage: DeskStorage;
const proxies: Proxy[] = [];

/** main.ts against the simulator, on the shared database; resolves once it prints its Open line. */
async function startProxy(): Promise<Proxy> {
  const wsBase = sim.restUrl.replace(/^http/, 'ws');
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'server-proxy/src/main.ts'), '--upstream'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      LOG_LEVEL: 'warn',
      DESK_DATA_DIR: tempDir('desk-team-'),
      DESK_DATABASE_URL: databaseUrl,
      DESK_JOB_LEASE_MS: String(LEASE_MS),
      DESK_UPSTREAM_REST: sim.restUrl,
      DESK_UPSTREAM_WS_PUBLIC: `${wsBase}/v3/ws/public`,
      DESK_UPSTREAM_WS_PRIVATE: `${wsBase}/v3/ws/private`,
      // The ND broker main account (simulator README): one UID for both proxies' rate lanes.
      DESK_API_KEY: 'demo-broker-key',
      DESK_API_SECRET: 'demo-broker-secret',
      DESK_API_PASSPHRASE: 'demo-broker-pass',
      DESK_API_UID: '3000001',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout! }).once('line', done);
    child.once('exit', (code) => fail(new Error(`the proxy exited (${code}): ${stderr}`)));
  });
  const proxy = { child, base: new URL(line.slice('Open '.length)).origin, stderr: () => stderr };
  proxies.push(proxy);
  return proxy;
}

beforeAll(async () => {
  databaseUrl = await freshPostgresDatabase();
  [sim, storage] = await Promise.all([startSimulator(repoRoot, 0, { ...process.env, SIM_FLOW_RATE: '0' }), openPostgresStorage(databaseUrl, { poolSize: 2 })]);
  await new UserStore(storage.db('users')).put({ name: 'bea', role: 'admin', accounts: ['main'], passwordHash: await hashPassword('bea-password-1', { N: 1024, r: 8, p: 1 }) });
}, 60_000);

afterAll(async () => {
  for (const p of proxies) p.child.kill('SIGKILL');
  sim?.stop();
  await storage?.close();
});

describe('two proxies on one PostgreSQL database', () => {
  it('share sessions, the rate budget, jobs (one finishing what a killed one began) and the audit log', async () => {
    const [a, b] = await Promise.all([startProxy(), startProxy()]);
    if (!a || !b) throw new Error('two proxies');

    // A session made through A works through B.
    const login = await fetch(`${a.base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: a.base }, body: JSON.stringify({ username: 'bea', password: 'bea-password-1' }) });
    expect(login.status, a.stderr()).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const { csrfToken } = ((await login.json()) as { data: { csrfToken: string } }).data;
    const me = await fetch(`${b.base}/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ user: 'bea', role: 'admin' });
    const headersFor = (p: Proxy, requestId?: string) => ({ cookie, 'x-desk-csrf': csrfToken, origin: p.base, 'content-type': 'application/json', 'x-desk-account': 'main', ...(requestId ? { 'x-request-id': requestId } : {}) });

    // The broker's normal sub-accounts, as the broker screen reads them (1 page a second).
    const subs: string[] = [];
    for (let cursor = ''; subs.length < 200; ) {
      const r = await fetch(`${b.base}/api/v2/broker/account/subaccount-list?limit=100&status=normal${cursor ? `&idLessThan=${cursor}` : ''}`, { headers: headersFor(b) });
      const data = ((await r.json()) as { data: { idLessThan: number | null; subList: { subUid: string }[] } }).data;
      subs.push(...data.subList.map((s) => s.subUid));
      if (data.idLessThan === null) break;
      cursor = String(data.idLessThan);
    }
    expect(subs.length).toBeGreaterThanOrEqual(200);

    // A burst of 60 settings, half through each proxy, all at once: the exchange's 10/s per
    // UID holds across both (the shared budget), and it never answers 429.
    const log = async (since: number) =>
      (await (await fetch(`${sim.restUrl}/__sim/request-log?endpoint=setSubaccountAutotransfer&since=${since}`)).json()) as { time: number; status: number }[];
    const burstStart = Date.now();
    const burst = await Promise.all(
      subs.slice(0, 60).map((subUid, i) => {
        const p = i % 2 ? b : a;
        return fetch(`${p.base}/api/v2/broker/account/set-subaccount-autotransfer`, {
          method: 'POST',
          headers: headersFor(p, `burst-${i % 2 ? 'b' : 'a'}-${i}`),
          body: JSON.stringify({ subUid, coin: 'USDT', toAccountType: 'usdt-futures' }),
        });
      }),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(60).fill(200));
    const burstLog = await log(burstStart);
    expect(burstLog).toHaveLength(60);
    expect(burstLog.filter((e) => e.status === 429)).toEqual([]);
    expect(mostInAnyWindow(burstLog.map((e) => e.time), 1_000)).toBeLessThanOrEqual(10);

    // A 200-row job made through A; A is killed mid-job and B finishes it after A's lease.
    const created = await fetch(`${a.base}/jobs/autotransfer`, {
      method: 'POST',
      headers: headersFor(a),
      body: JSON.stringify({ rows: subs.slice(0, 200).map((subUid) => ({ subUid, coin: 'USDT', toAccountType: 'spot' })) }),
    });
    expect(created.status).toBe(201);
    const jobId = ((await created.json()) as { data: JobSummary }).data.id;
    const summary = async () => ((await (await fetch(`${b.base}/jobs/${jobId}`, { headers: headersFor(b) })).json()) as { data: JobSummary }).data;
    await expect.poll(async () => (await summary()).applied, { timeout: 15_000, interval: 100 }).toBeGreaterThanOrEqual(30);
    a.child.kill('SIGKILL');
    await expect.poll(async () => (await summary()).state, { timeout: 45_000, interval: 250 }).toBe('done');
    expect(await summary()).toMatchObject({ total: 200, applied: 200, failed: 0 });

    // One audit log: every burst call from both proxies, and every job row applied exactly once
    // (a row whose answer A never saw is closed as unknown and sent again, as after a restart).
    const audit = new AuditStore(storage.db('audit'));
    const rows = (await audit.query({ endpoint: 'setSubaccountAutotransfer', limit: 500 })).list;
    const burstIds = rows.flatMap((r) => (r.requestId?.startsWith('burst-') ? [r.requestId] : []));
    expect(burstIds.filter((id) => id.startsWith('burst-a-'))).toHaveLength(30);
    expect(burstIds.filter((id) => id.startsWith('burst-b-'))).toHaveLength(30);
    const jobRows = rows.filter((r) => r.requestBody.includes('"spot"'));
    const applied = new Map<string, number>();
    for (const r of jobRows.filter((x) => x.code === '00000')) {
      const sub = (JSON.parse(r.requestBody) as { subUid: string }).subUid;
      applied.set(sub, (applied.get(sub) ?? 0) + 1);
    }
    expect(applied.size).toBe(200);
    expect([...applied.values()].every((n) => n === 1)).toBe(true);
    expect(jobRows.filter((r) => r.state !== 'complete')).toEqual([]);
    const jobLog = await log(burstStart);
    expect(jobLog.filter((e) => e.status === 429)).toEqual([]);
  }, 120_000);
});
