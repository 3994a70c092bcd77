// Where jobs and their rows live (issue 20). The runner and the routes speak to the
// JobStore interface only, so a second engine (PostgreSQL, issue 22) implements the same
// few operations; SqliteJobStore is the embedded one, in the proxy's data directory
// beside the audit log. Every write is one committed statement or transaction: what a
// call returns has survived a kill -9 (open-database.ts).
import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import { autoTransferAccountTypes } from '@contract/schemas/earn-broker-convert';
import { jobRowState, jobState, type AutoTransferJobRow, type DeskSetting, type JobRowState, type JobState } from '@contract/schemas/broker-jobs';

export interface JobRecord {
  id: number;
  kind: 'autotransfer';
  account: string;
  user: string;
  state: JobState;
  createdAt: number;
  updatedAt: number;
}

export interface StoredJobRow extends AutoTransferJobRow {
  jobId: number;
  seq: number;
  state: JobRowState;
  code: string;
  msg: string;
  attempts: number;
  /** The audit row written before the last send (null before any send). */
  auditId: number | null;
  updatedAt: number;
}

export interface JobCounts {
  total: number;
  applied: number;
  failed: number;
  skipped: number;
  remaining: number;
}

export interface JobStore {
  create(job: { account: string; user: string; rows: readonly AutoTransferJobRow[] }, now: number): number;
  get(id: number): JobRecord | undefined;
  /** Newest first, for the given accounts. */
  list(accounts: readonly string[], limit: number): JobRecord[];
  /** Jobs that should be running (what a start resumes). */
  runnable(): number[];
  setState(id: number, state: JobState, now: number): void;
  counts(id: number): JobCounts;
  /** The row to work on next: one left `sending` (its outcome unknown) first, else the first `pending`. */
  nextRow(id: number): StoredJobRow | undefined;
  /** Write-ahead of a send: the row is `sending` with the audit row that describes the call. */
  markSending(id: number, seq: number, auditId: number, now: number): void;
  settleRow(id: number, seq: number, outcome: { state: Exclude<JobRowState, 'sending'>; code: string; msg: string }, now: number): void;
  /** Failed rows back to pending; returns how many. */
  retryFailed(id: number, now: number): number;
  /** Pending rows to skipped (a cancel); returns how many. */
  skipPending(id: number, now: number): number;
  rows(id: number): StoredJobRow[];
  /**
   * Takes (or renews) the right to run a job until `until`. One proxy always wins here;
   * with several proxies on one database (issue 22) the engine makes this atomic.
   */
  claim(id: number, owner: string, now: number, until: number): boolean;
  /** The latest setting this desk applied per sub-account and coin, for an account. */
  deskSettings(account: string): DeskSetting[];
}

const jobDbRow = z.object({ id: z.number(), kind: z.literal('autotransfer'), account: z.string(), user: z.string(), state: jobState, created_at: z.number(), updated_at: z.number() });
const rowDbRow = z.object({
  job_id: z.number(),
  seq: z.number(),
  sub_uid: z.string(),
  coin: z.string(),
  to_account_type: z.enum(autoTransferAccountTypes),
  state: jobRowState,
  code: z.string(),
  msg: z.string(),
  attempts: z.number(),
  audit_id: z.number().nullable(),
  updated_at: z.number(),
});

const toJob = (r: unknown): JobRecord => {
  const j = jobDbRow.parse(r);
  return { id: j.id, kind: j.kind, account: j.account, user: j.user, state: j.state, createdAt: j.created_at, updatedAt: j.updated_at };
};
const toRow = (r: unknown): StoredJobRow => {
  const x = rowDbRow.parse(r);
  return { jobId: x.job_id, seq: x.seq, subUid: x.sub_uid, coin: x.coin, toAccountType: x.to_account_type, state: x.state, code: x.code, msg: x.msg, attempts: x.attempts, auditId: x.audit_id, updatedAt: x.updated_at };
};

export class SqliteJobStore implements JobStore {
  private readonly s: Record<string, Statement>;

  constructor(private readonly db: Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      kind TEXT NOT NULL,
      account TEXT NOT NULL,
      user TEXT NOT NULL,
      state TEXT NOT NULL,
      created_at INTEGER NOT NULL,
      updated_at INTEGER NOT NULL,
      lease_owner TEXT,
      lease_until INTEGER NOT NULL DEFAULT 0
    ) STRICT;
    CREATE INDEX IF NOT EXISTS jobs_account ON jobs (account, id);
    CREATE INDEX IF NOT EXISTS jobs_state ON jobs (state);
    CREATE TABLE IF NOT EXISTS job_rows (
      job_id INTEGER NOT NULL REFERENCES jobs (id),
      seq INTEGER NOT NULL,
      sub_uid TEXT NOT NULL,
      coin TEXT NOT NULL,
      to_account_type TEXT NOT NULL,
      state TEXT NOT NULL,
      code TEXT NOT NULL DEFAULT '',
      msg TEXT NOT NULL DEFAULT '',
      attempts INTEGER NOT NULL DEFAULT 0,
      audit_id INTEGER,
      updated_at INTEGER NOT NULL,
      PRIMARY KEY (job_id, seq)
    ) STRICT;
    CREATE INDEX IF NOT EXISTS job_rows_state ON job_rows (job_id, state, seq);
    CREATE INDEX IF NOT EXISTS job_rows_applied ON job_rows (sub_uid, coin, updated_at) WHERE state = 'applied';`);
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insertJob: p(`INSERT INTO jobs (kind, account, user, state, created_at, updated_at) VALUES ('autotransfer', ?, ?, 'running', ?, ?)`),
      insertRow: p(`INSERT INTO job_rows (job_id, seq, sub_uid, coin, to_account_type, state, updated_at) VALUES (?, ?, ?, ?, ?, 'pending', ?)`),
      get: p(`SELECT id, kind, account, user, state, created_at, updated_at FROM jobs WHERE id = ?`),
      runnable: p(`SELECT id FROM jobs WHERE state = 'running' ORDER BY id`).pluck(),
      setState: p(`UPDATE jobs SET state = ?, updated_at = ? WHERE id = ?`),
      counts: p(`SELECT state, COUNT(*) AS n FROM job_rows WHERE job_id = ? GROUP BY state`),
      sending: p(`SELECT * FROM job_rows WHERE job_id = ? AND state = 'sending' ORDER BY seq LIMIT 1`),
      pending: p(`SELECT * FROM job_rows WHERE job_id = ? AND state = 'pending' ORDER BY seq LIMIT 1`),
      markSending: p(`UPDATE job_rows SET state = 'sending', audit_id = ?, attempts = attempts + 1, updated_at = ? WHERE job_id = ? AND seq = ? AND state IN ('pending', 'sending')`),
      settle: p(`UPDATE job_rows SET state = ?, code = ?, msg = ?, updated_at = ? WHERE job_id = ? AND seq = ?`),
      retry: p(`UPDATE job_rows SET state = 'pending', updated_at = ? WHERE job_id = ? AND state = 'failed'`),
      skip: p(`UPDATE job_rows SET state = 'skipped', msg = 'cancelled before it was sent', updated_at = ? WHERE job_id = ? AND state = 'pending'`),
      rows: p(`SELECT * FROM job_rows WHERE job_id = ? ORDER BY seq`),
      claim: p(`UPDATE jobs SET lease_owner = ?, lease_until = ? WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_until < ?)`),
      deskSettings: p(`SELECT r.sub_uid, r.coin, r.to_account_type, MAX(r.updated_at) AS set_at, r.job_id FROM job_rows r JOIN jobs j ON j.id = r.job_id
        WHERE j.account = ? AND r.state = 'applied' GROUP BY r.sub_uid, r.coin`),
    };
  }

  create(job: { account: string; user: string; rows: readonly AutoTransferJobRow[] }, now: number): number {
    return this.db.transaction(() => {
      const id = Number(this.s.insertJob!.run(job.account, job.user, now, now).lastInsertRowid);
      job.rows.forEach((r, i) => this.s.insertRow!.run(id, i + 1, r.subUid, r.coin, r.toAccountType, now));
      return id;
    })();
  }

  get(id: number): JobRecord | undefined {
    const r = this.s.get!.get(id);
    return r === undefined ? undefined : toJob(r);
  }

  list(accounts: readonly string[], limit: number): JobRecord[] {
    if (accounts.length === 0) return [];
    const marks = accounts.map(() => '?').join(', ');
    return this.db
      .prepare(`SELECT id, kind, account, user, state, created_at, updated_at FROM jobs WHERE account IN (${marks}) ORDER BY id DESC LIMIT ?`)
      .all(...accounts, limit)
      .map(toJob);
  }

  runnable(): number[] {
    return z.array(z.number()).parse(this.s.runnable!.all());
  }

  setState(id: number, state: JobState, now: number): void {
    this.s.setState!.run(state, now, id);
  }

  counts(id: number): JobCounts {
    const c: JobCounts = { total: 0, applied: 0, failed: 0, skipped: 0, remaining: 0 };
    for (const r of this.s.counts!.all(id) as { state: JobRowState; n: number }[]) {
      c.total += r.n;
      if (r.state === 'applied') c.applied += r.n;
      else if (r.state === 'failed') c.failed += r.n;
      else if (r.state === 'skipped') c.skipped += r.n;
      else c.remaining += r.n;
    }
    return c;
  }

  nextRow(id: number): StoredJobRow | undefined {
    const r = this.s.sending!.get(id) ?? this.s.pending!.get(id);
    return r === undefined ? undefined : toRow(r);
  }

  markSending(id: number, seq: number, auditId: number, now: number): void {
    const info = this.s.markSending!.run(auditId, now, id, seq);
    if (info.changes !== 1) throw new Error(`job ${id} row ${seq} is not waiting to be sent`);
  }

  settleRow(id: number, seq: number, o: { state: Exclude<JobRowState, 'sending'>; code: string; msg: string }, now: number): void {
    this.s.settle!.run(o.state, o.code, o.msg.slice(0, 500), now, id, seq);
  }

  retryFailed(id: number, now: number): number {
    return this.s.retry!.run(now, id).changes;
  }

  skipPending(id: number, now: number): number {
    return this.s.skip!.run(now, id).changes;
  }

  rows(id: number): StoredJobRow[] {
    return this.s.rows!.all(id).map(toRow);
  }

  claim(id: number, owner: string, now: number, until: number): boolean {
    return this.s.claim!.run(owner, until, id, owner, now).changes === 1;
  }

  deskSettings(account: string): DeskSetting[] {
    return (this.s.deskSettings!.all(account) as { sub_uid: string; coin: string; to_account_type: DeskSetting['toAccountType']; set_at: number; job_id: number }[]).map((r) => ({
      subUid: r.sub_uid,
      coin: r.coin,
      toAccountType: r.to_account_type,
      setAt: r.set_at,
      jobId: r.job_id,
    }));
  }
}
