// Where jobs and their rows live (issue 20): the jobs store (core/storage), jobs.sqlite
// beside the audit log, or the team's PostgreSQL (issue 22). The runner and the routes
// speak to the JobStore interface only. Every write is one committed statement or
// transaction: what a call resolves with has survived a kill -9 (open-database.ts).
//
// Several proxies on one database (issue 22): each job is run by the proxy holding its
// lease. claim() is one conditional UPDATE (free, ours, or expired), so of two proxies
// claiming together exactly one wins: PostgreSQL re-checks the condition on the row the
// other's committed update left. A lease runs on the claiming proxy's clock; it is long
// (30 s, far above the proxies' clock skew), and markSending() writes only while the
// caller still holds it, so a proxy that lost its lease while it was stalled does not
// send a row another proxy has taken over.
import { sql } from 'kysely';
import { z } from 'zod';
import { autoTransferAccountTypes } from '@contract/schemas/earn-broker-convert';
import { jobRowState, jobState, type AutoTransferJobRow, type DeskSetting, type JobRowState, type JobState } from '@contract/schemas/broker-jobs';
import type { DeskDb } from '../core/storage/open-storage';
import { claimLease } from '../core/storage/lease-claim';

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
  create(job: { account: string; user: string; rows: readonly AutoTransferJobRow[] }, now: number): Promise<number>;
  get(id: number): Promise<JobRecord | undefined>;
  /** Newest first, for the given accounts. */
  list(accounts: readonly string[], limit: number): Promise<JobRecord[]>;
  /** Jobs that should be running (what a start resumes). */
  runnable(): Promise<number[]>;
  setState(id: number, state: JobState, now: number): Promise<void>;
  counts(id: number): Promise<JobCounts>;
  /** The row to work on next: one left `sending` (its outcome unknown) first, else the first `pending`. */
  nextRow(id: number): Promise<StoredJobRow | undefined>;
  /**
   * Write-ahead of a send: the row is `sending` with the audit row that describes the call.
   * Rejects unless `owner` still holds the job's lease (another proxy may have taken it over).
   */
  markSending(id: number, seq: number, auditId: number, now: number, owner: string): Promise<void>;
  settleRow(id: number, seq: number, outcome: { state: Exclude<JobRowState, 'sending'>; code: string; msg: string }, now: number): Promise<void>;
  /** Failed rows back to pending; returns how many. */
  retryFailed(id: number, now: number): Promise<number>;
  /** Pending rows to skipped (a cancel); returns how many. */
  skipPending(id: number, now: number): Promise<number>;
  rows(id: number): Promise<StoredJobRow[]>;
  /**
   * Takes (or renews) the right to run a job until `until`: when the job has no lease, it is
   * `owner`'s already, or it ran out before `now`. Exactly one of several proxies wins.
   */
  claim(id: number, owner: string, now: number, until: number): Promise<boolean>;
  /** The latest setting this desk applied per sub-account and coin, for an account. */
  deskSettings(account: string): Promise<DeskSetting[]>;
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

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

export class KyselyJobStore implements JobStore {
  constructor(private readonly db: DeskDb) {}

  async create(job: { account: string; user: string; rows: readonly AutoTransferJobRow[] }, now: number): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('jobs')
        .values({ kind: 'autotransfer', account: job.account, user: job.user, state: 'running', created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      // In chunks: one statement per few hundred rows, under both engines' parameter limits.
      for (let i = 0; i < job.rows.length; i += 500) {
        const chunk = job.rows.slice(i, i + 500).map((r, k) => ({ job_id: id, seq: i + k + 1, sub_uid: r.subUid, coin: r.coin, to_account_type: r.toAccountType, state: 'pending', updated_at: now }));
        await trx.insertInto('job_rows').values(chunk).execute();
      }
      return id;
    });
  }

  async get(id: number): Promise<JobRecord | undefined> {
    const r = await this.jobs().where('id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : toJob(r);
  }

  async list(accounts: readonly string[], limit: number): Promise<JobRecord[]> {
    if (accounts.length === 0) return [];
    return (await this.jobs().where('account', 'in', [...accounts]).orderBy('id', 'desc').limit(limit).execute()).map(toJob);
  }

  async runnable(): Promise<number[]> {
    const rows = await this.db.selectFrom('jobs').select('id').where('state', '=', 'running').orderBy('id').execute();
    return rows.map((r) => r.id);
  }

  async setState(id: number, state: JobState, now: number): Promise<void> {
    await this.db.updateTable('jobs').set({ state, updated_at: now }).where('id', '=', id).execute();
  }

  async counts(id: number): Promise<JobCounts> {
    const c: JobCounts = { total: 0, applied: 0, failed: 0, skipped: 0, remaining: 0 };
    const rows = await this.db
      .selectFrom('job_rows')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('job_id', '=', id)
      .groupBy('state')
      .execute();
    for (const r of rows) {
      const n = Number(r.n);
      c.total += n;
      if (r.state === 'applied') c.applied += n;
      else if (r.state === 'failed') c.failed += n;
      else if (r.state === 'skipped') c.skipped += n;
      else c.remaining += n;
    }
    return c;
  }

  async nextRow(id: number): Promise<StoredJobRow | undefined> {
    const first = (state: JobRowState) => this.db.selectFrom('job_rows').selectAll().where('job_id', '=', id).where('state', '=', state).orderBy('seq').limit(1).executeTakeFirst();
    const r = (await first('sending')) ?? (await first('pending'));
    return r === undefined ? undefined : toRow(r);
  }

  async markSending(id: number, seq: number, auditId: number, now: number, owner: string): Promise<void> {
    const result = await this.db
      .updateTable('job_rows')
      .set((eb) => ({ state: 'sending', audit_id: auditId, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('job_id', '=', id)
      .where('seq', '=', seq)
      .where('state', 'in', ['pending', 'sending'])
      .where((eb) => eb.exists(eb.selectFrom('jobs').select('id').where('id', '=', id).where('lease_owner', '=', owner)))
      .executeTakeFirst();
    if (changed(result) !== 1) throw new Error(`job ${id} row ${seq} is not waiting to be sent by ${owner}`);
  }

  async settleRow(id: number, seq: number, o: { state: Exclude<JobRowState, 'sending'>; code: string; msg: string }, now: number): Promise<void> {
    await this.db.updateTable('job_rows').set({ state: o.state, code: o.code, msg: o.msg.slice(0, 500), updated_at: now }).where('job_id', '=', id).where('seq', '=', seq).execute();
  }

  async retryFailed(id: number, now: number): Promise<number> {
    return changed(await this.db.updateTable('job_rows').set({ state: 'pending', updated_at: now }).where('job_id', '=', id).where('state', '=', 'failed').executeTakeFirst());
  }

  async skipPending(id: number, now: number): Promise<number> {
    return changed(
      await this.db
        .updateTable('job_rows')
        .set({ state: 'skipped', msg: 'cancelled before it was sent', updated_at: now })
        .where('job_id', '=', id)
        .where('state', '=', 'pending')
        .executeTakeFirst(),
    );
  }

  async rows(id: number): Promise<StoredJobRow[]> {
    return (await this.db.selectFrom('job_rows').selectAll().where('job_id', '=', id).orderBy('seq').execute()).map(toRow);
  }

  claim(id: number, owner: string, now: number, until: number): Promise<boolean> {
    return claimLease(this.db, 'jobs', id, owner, now, until);
  }

  async deskSettings(account: string): Promise<DeskSetting[]> {
    // The newest applied row per sub-account and coin (a window function: both engines have them).
    const ranked = this.db
      .selectFrom('job_rows as r')
      .innerJoin('jobs as j', 'j.id', 'r.job_id')
      .select(['r.sub_uid', 'r.coin', 'r.to_account_type', 'r.updated_at', 'r.job_id', sql<number>`row_number() over (partition by r.sub_uid, r.coin order by r.updated_at desc, r.job_id desc)`.as('n')])
      .where('j.account', '=', account)
      .where('r.state', '=', 'applied');
    const rows = await this.db.selectFrom(ranked.as('x')).selectAll().where('n', '=', 1).orderBy('sub_uid').orderBy('coin').execute();
    return rows.map((r) => ({ subUid: r.sub_uid, coin: r.coin, toAccountType: z.enum(autoTransferAccountTypes).parse(r.to_account_type), setAt: r.updated_at, jobId: r.job_id }));
  }

  private jobs() {
    return this.db.selectFrom('jobs').select(['id', 'kind', 'account', 'user', 'state', 'created_at', 'updated_at']);
  }
}
