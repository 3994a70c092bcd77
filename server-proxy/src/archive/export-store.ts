// Where CSV exports run as jobs live (issue 20 item 4): the job and its file, in the archive
// store's database (archive.sqlite, or the team's PostgreSQL), so the file survives a reload
// of the page and a restart of the proxy, and any proxy on the database can serve it.
//
// The file is kept in chunks, one per page of archive rows, each written in one transaction
// with the job's progress and the (time, id) of its last row: after a stop the job goes on
// after the last chunk written, and no row is written twice. As jobs do (job-store.ts), a
// job is run by the proxy holding its lease; a chunk is written only while the writer still
// holds it, so a proxy that stalled past its lease cannot add to a file another has taken over.
import type { ArchiveFeed } from '@contract/schemas/archive';
import { archiveExportSchema, type ArchiveExport } from '@contract/schemas/archive-exports';
import { z } from 'zod';
import type { DeskDb } from '../core/storage/open-storage';
import { claimLease } from '../core/storage/lease-claim';
import { rowKeyOf, rowKeyText, type RowKey, type RowQuery } from './archive-store';

export interface ExportRecord extends ArchiveExport {
  range: RowQuery;
  /** The last row written, or null before the first chunk. */
  after: RowKey | null;
}

export interface ExportChunk {
  /** Written first when this is the file's first chunk (the CSV header). */
  header: string;
  csv: string;
  rows: number;
  after: RowKey | null;
}

const exportDbRow = z.object({
  // The columns named as in the contract take its types.
  ...archiveExportSchema.pick({ id: true, account: true, user: true, feed: true, ref: true, state: true }).shape,
  from_ms: z.number().nullable(),
  to_ms: z.number().nullable(),
  rows_done: z.number(),
  rows_total: z.number(),
  after: z.string().nullable(),
  error: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});


function toExport(raw: unknown): ExportRecord {
  const r = exportDbRow.parse(raw);
  return {
    id: r.id,
    account: r.account,
    user: r.user,
    feed: r.feed,
    from: r.from_ms,
    to: r.to_ms,
    ref: r.ref,
    state: r.state,
    rows: r.rows_done,
    total: r.rows_total,
    error: r.error,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    range: { from: r.from_ms ?? undefined, to: r.to_ms ?? undefined, ref: r.ref ?? undefined },
    after: r.after === null ? null : rowKeyOf(r.after),
  };
}

/** The screens' view of an export (no paging state). */
export const summaryOfExport = ({ range: _range, after: _after, ...shown }: ExportRecord): ArchiveExport => shown;

const changed = (result: { numUpdatedRows: bigint }) => Number(result.numUpdatedRows);

export class ExportStore {
  constructor(private readonly db: DeskDb) {}

  async create(job: { account: string; user: string; feed: ArchiveFeed; range: RowQuery; total: number }, now: number): Promise<number> {
    const { id } = await this.db
      .insertInto('archive_exports')
      .values({
        account: job.account,
        user: job.user,
        feed: job.feed,
        from_ms: job.range.from ?? null,
        to_ms: job.range.to ?? null,
        ref: job.range.ref ?? null,
        state: 'running',
        rows_done: 0,
        rows_total: job.total,
        after: null,
        error: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  async get(id: number): Promise<ExportRecord | undefined> {
    const r = await this.exports().where('id', '=', id).executeTakeFirst();
    return r === undefined ? undefined : toExport(r);
  }

  /** A user's exports of an account, newest first. */
  async list(account: string, user: string, limit: number): Promise<ExportRecord[]> {
    return (await this.exports().where('account', '=', account).where('user', '=', user).orderBy('id', 'desc').limit(limit).execute()).map(toExport);
  }

  /** Exports still being built (what a start resumes). */
  async runnable(): Promise<number[]> {
    return (await this.db.selectFrom('archive_exports').select('id').where('state', '=', 'running').orderBy('id').execute()).map((r) => r.id);
  }

  /** Takes (or renews) the right to build an export until `until`, as JobStore.claim does. */
  claim(id: number, owner: string, now: number, until: number): Promise<boolean> {
    return claimLease(this.db, 'archive_exports', id, owner, now, until);
  }

  /** The total the range holds now (a resumed job recounts: the archive may have grown). */
  async setTotal(id: number, total: number, owner: string): Promise<void> {
    await this.db.updateTable('archive_exports').set({ rows_total: total }).where('id', '=', id).where('lease_owner', '=', owner).execute();
  }

  /**
   * Adds the next chunk of the file with the job's progress, in one transaction. False (and
   * nothing written) when `owner` no longer holds the job or it is no longer running.
   */
  async append(id: number, owner: string, chunk: ExportChunk, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      // The update comes first: on PostgreSQL it locks the job's row, so writers of one job take turns.
      const result = await trx
        .updateTable('archive_exports')
        .set((eb) => ({ rows_done: eb('rows_done', '+', chunk.rows), after: chunk.after === null ? null : rowKeyText(chunk.after), updated_at: now }))
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('lease_owner', '=', owner)
        .executeTakeFirst();
      if (changed(result) !== 1) return false;
      const last = await trx.selectFrom('archive_export_chunks').select((eb) => eb.fn.max<number | null>('seq').as('seq')).where('export_id', '=', id).executeTakeFirstOrThrow();
      const seq = last.seq === null ? 0 : Number(last.seq) + 1;
      await trx.insertInto('archive_export_chunks').values({ export_id: id, seq, csv: seq === 0 ? chunk.header + chunk.csv : chunk.csv }).execute();
      return true;
    });
  }

  async finish(id: number, owner: string, now: number): Promise<boolean> {
    // The total becomes what was written: rows archived into the range while it ran are in the file too.
    const result = await this.db.updateTable('archive_exports').set((eb) => ({ state: 'done', rows_total: eb.ref('rows_done'), updated_at: now })).where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').executeTakeFirst();
    return changed(result) === 1;
  }

  /**
   * Gives a running export up, saying why, while `owner` holds it: its chunks stay, so a
   * retry goes on after the last one. False when another proxy holds it or it is no longer running.
   */
  async fail(id: number, owner: string, error: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('archive_exports').set({ state: 'failed', error, updated_at: now }).where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').executeTakeFirst();
    return changed(result) === 1;
  }

  /** Sets a failed export of the user's running again (it goes on after its last chunk). False when it is not theirs or not failed. */
  async retry(id: number, user: string, now: number): Promise<boolean> {
    const result = await this.db.updateTable('archive_exports').set({ state: 'running', error: null, updated_at: now }).where('id', '=', id).where('user', '=', user).where('state', '=', 'failed').executeTakeFirst();
    return changed(result) === 1;
  }

  /**
   * Stops a running or failed export of the user's and deletes what it wrote, in one
   * transaction. False when it is not theirs or already finished. A runner building it stops at its
   * next chunk: append() writes only to a running export.
   */
  async cancel(id: number, user: string, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await trx.updateTable('archive_exports').set({ state: 'canceled', after: null, error: null, updated_at: now }).where('id', '=', id).where('user', '=', user).where('state', 'in', ['running', 'failed']).executeTakeFirst();
      if (changed(result) !== 1) return false;
      await trx.deleteFrom('archive_export_chunks').where('export_id', '=', id).execute();
      return true;
    });
  }

  /**
   * Deletes a user's finished exports (done or canceled) of an account beyond the newest `keep`, files and all
   * (the screens list no more, so nothing could download them). Returns how many went.
   */
  async prune(account: string, user: string, keep: number): Promise<number> {
    const old = await this.db.selectFrom('archive_exports').select('id').where('account', '=', account).where('user', '=', user).orderBy('id', 'desc').offset(keep).limit(1_000).execute();
    const ids = old.map((r) => r.id);
    if (ids.length === 0) return 0;
    return this.db.transaction().execute(async (trx) => {
      const done = (await trx.selectFrom('archive_exports').select('id').where('id', 'in', ids).where('state', '<>', 'running').execute()).map((r) => r.id);
      if (done.length === 0) return 0;
      await trx.deleteFrom('archive_export_chunks').where('export_id', 'in', done).execute();
      await trx.deleteFrom('archive_exports').where('id', 'in', done).execute();
      return done.length;
    });
  }

  /** The file, chunk by chunk in order: one chunk in memory at a time. */
  async *file(id: number): AsyncGenerator<string> {
    for (let seq = 0; ; seq++) {
      const chunk = await this.db.selectFrom('archive_export_chunks').select('csv').where('export_id', '=', id).where('seq', '=', seq).executeTakeFirst();
      if (chunk === undefined) return;
      yield chunk.csv;
    }
  }

  private exports() {
    return this.db
      .selectFrom('archive_exports')
      .select(['id', 'account', 'user', 'feed', 'from_ms', 'to_ms', 'ref', 'state', 'rows_done', 'rows_total', 'after', 'error', 'created_at', 'updated_at']);
  }
}
