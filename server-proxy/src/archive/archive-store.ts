// The archive: every record the exchange served for a feed (pledge-rate revisions, loan
// orders, fills, history orders, financial records) of a named account, kept after the
// exchange's windows have dropped it. One table for all feeds, keyed by the record's own
// ID, so a record fetched twice (a retried page, overlapping windows, a restart mid-sync)
// is stored once. Beside the records: the time spans known complete per feed, the gaps
// (open ones are retried; lost ones aged out of the exchange's window before we got
// them), and the paging state of a backfill that has not finished. The tables live in the
// archive store (core/storage): archive.sqlite, or the team's PostgreSQL (issue 22).
import type { Transaction } from 'kysely';
import type { DeskTables } from '../core/storage/desk-tables';
import { leaseFree } from '../core/storage/lease-claim';
import type { DeskDb } from '../core/storage/open-storage';
import { archiveCsvHeader, archiveFeeds, type ArchiveFeed } from '@contract/schemas/archive';
import { csvLineOfBody } from './archive-csv';

export const feeds = archiveFeeds;
export type Feed = ArchiveFeed;

export interface ArchivedRow {
  id: string;
  /** The record's own time, Unix ms (reviseTime, borrowTime, createdTime, ts). */
  time: number;
  /** What the screens filter by: the loan order of a revision or a fill, a record's coin. */
  ref: string;
  /** The record as the exchange sent it, parsed by the contract, as JSON. */
  body: string;
}

export interface Span {
  from: number;
  to: number;
}

export type GapState = 'open' | 'lost' | 'filled';
export interface Gap extends Span {
  id: number;
  state: GapState;
  reason: string;
  attempts: number;
  updated: number;
}

export interface Backfill {
  cursor: string;
  /** The newest time when the backfill began: once it reaches the end, [0, top] is complete. */
  top: number;
  done: boolean;
}

export interface RowQuery {
  from?: number | undefined;
  to?: number | undefined;
  ref?: string | undefined;
}

/** Rows per statement: 7 parameters a row stays far below both engines' limits. */
const WRITE_CHUNK = 500;
/** Rows per page when iterating: bounded memory however many rows match. */
const READ_PAGE = 1_000;

type Trx = Transaction<DeskTables>;

/** A page of a feed's CSV: its lines, how many, and where the next page continues. */
export interface CsvPage {
  text: string;
  rows: number;
  last: RowKey | undefined;
}

/** Where a page of rows continues: the (time, record id) of the last row before it. */
export interface RowKey {
  time: number;
  id: string;
}

// As text ("time:id", the routes' `after` and `next`, an export's progress). A record ID
// may hold colons (a revision's is `order:time`); the time never does.
export const rowKeyText = (k: RowKey): string => `${k.time}:${k.id}`;
export const rowKeyOf = (s: string): RowKey => ({ time: Number(s.slice(0, s.indexOf(':'))), id: s.slice(s.indexOf(':') + 1) });

export class ArchiveStore {
  /** Set once the stored lines are known to be of today's columns (csvLinesCurrent). */
  private linesChecked: Promise<void> | undefined;

  constructor(private readonly db: DeskDb) {}

  /**
   * Takes (or renews) the right to sync the account's feed until `until` (leaseFree, as
   * jobs are claimed). With `syncedBefore`, only if no sync of it ended at or after that
   * time: a periodic pass leaves alone a feed another proxy has just synced.
   */
  async claimFeed(feed: Feed, account: string, owner: string, now: number, until: number, syncedBefore?: number): Promise<boolean> {
    await this.db.insertInto('archive_sync_claims').values({ account, feed, lease_owner: null, synced_at: null }).onConflict((oc) => oc.columns(['account', 'feed']).doNothing()).execute();
    const result = await this.db
      .updateTable('archive_sync_claims')
      .set({ lease_owner: owner, lease_until: until })
      .where('account', '=', account)
      .where('feed', '=', feed)
      .where(leaseFree(owner, now))
      .$if(syncedBefore !== undefined, (q) => q.where((eb) => eb.or([eb('synced_at', 'is', null), eb('synced_at', '<', syncedBefore!)])))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Lets the feed's claim go (another proxy may sync it at once); `syncedAt` when the sync ended well. */
  async releaseFeed(feed: Feed, account: string, owner: string, syncedAt?: number): Promise<void> {
    await this.db
      .updateTable('archive_sync_claims')
      .set({ lease_owner: null, lease_until: 0, ...(syncedAt === undefined ? {} : { synced_at: syncedAt }) })
      .where('account', '=', account)
      .where('feed', '=', feed)
      .where('lease_owner', '=', owner)
      .execute();
  }

  /**
   * Stores rows and (optionally) marks a span complete, in one transaction: a crash
   * leaves either both or neither. Resolves with how many rows were new.
   */
  async put(feed: Feed, account: string, rows: readonly ArchivedRow[], now: number, complete?: Span, backfill?: Backfill): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let added = 0;
      for (let i = 0; i < rows.length; i += WRITE_CHUNK) {
        const chunk = rows.slice(i, i + WRITE_CHUNK);
        const known = await trx
          .selectFrom('archive_records')
          .select('record_id')
          .where('feed', '=', feed)
          .where('account', '=', account)
          .where('record_id', 'in', chunk.map((r) => r.id))
          .execute();
        const seen = new Set(known.map((k) => k.record_id));
        // A record fetched twice in one batch counts once.
        for (const r of new Set(chunk.map((c) => c.id))) if (!seen.has(r)) added++;
        // A record the exchange changed since (a loan repaid, an order filled) replaces its
        // body; the key stays, so it is still one row. The last copy in a batch wins.
        const latest = new Map(chunk.map((r) => [r.id, r]));
        await trx
          .insertInto('archive_records')
          .values([...latest.values()].map((r) => ({ feed, account, record_id: r.id, time_ms: r.time, ref: r.ref, body: r.body, archived_ms: now, csv: csvLineOfBody(feed, r.body) })))
          .onConflict((oc) =>
            oc
              .columns(['feed', 'account', 'record_id'])
              .doUpdateSet((eb) => ({ body: eb.ref('excluded.body'), time_ms: eb.ref('excluded.time_ms'), ref: eb.ref('excluded.ref'), csv: eb.ref('excluded.csv') }))
              // ... and a record without its CSV line (the columns changed) gets it back.
              .where((eb) => eb.or([eb('archive_records.body', '<>', eb.ref('excluded.body')), eb('archive_records.csv', 'is', null)])),
          )
          .execute();
      }
      if (complete) await this.addSpan(trx, feed, account, complete, now);
      if (backfill) await this.setBackfill(trx, feed, account, backfill);
      return added;
    });
  }

  /** Merges a complete span with those it touches, and settles the open gaps it covers. */
  private async addSpan(trx: Trx, feed: Feed, account: string, span: Span, now: number): Promise<void> {
    const touching = await trx
      .selectFrom('archive_spans')
      .select(['from_ms as from', 'to_ms as to'])
      .where('feed', '=', feed)
      .where('account', '=', account)
      .where('from_ms', '<=', span.to + 1)
      .where('to_ms', '>=', span.from - 1)
      .execute();
    const from = Math.min(span.from, ...touching.map((s) => s.from));
    const to = Math.max(span.to, ...touching.map((s) => s.to));
    await trx.deleteFrom('archive_spans').where('feed', '=', feed).where('account', '=', account).where('from_ms', '<=', span.to + 1).where('to_ms', '>=', span.from - 1).execute();
    await trx.insertInto('archive_spans').values({ feed, account, from_ms: from, to_ms: to }).execute();
    await trx
      .updateTable('archive_gaps')
      .set({ state: 'filled', updated_ms: now })
      .where('feed', '=', feed)
      .where('account', '=', account)
      .where('state', '=', 'open')
      .where('from_ms', '>=', from)
      .where('to_ms', '<=', to)
      .execute();
  }

  async spans(feed: Feed, account: string): Promise<Span[]> {
    return this.db.selectFrom('archive_spans').select(['from_ms as from', 'to_ms as to']).where('feed', '=', feed).where('account', '=', account).orderBy('from_ms').execute();
  }

  async gaps(feed: Feed, account: string): Promise<Gap[]> {
    const rows = await this.db
      .selectFrom('archive_gaps')
      .select(['id', 'from_ms as from', 'to_ms as to', 'state', 'reason', 'attempts', 'updated_ms as updated'])
      .where('feed', '=', feed)
      .where('account', '=', account)
      .orderBy('from_ms')
      .execute();
    return rows.map((r) => ({ ...r, state: r.state as GapState }));
  }

  /**
   * Records that [from, to] could not be archived. An open gap is retried by the next
   * sync (and counts its attempts); a lost one is data that aged out of the exchange's
   * window before it was archived, kept so the screens never imply completeness.
   */
  async recordGap(feed: Feed, account: string, span: Span, state: 'open' | 'lost', reason: string, now: number): Promise<void> {
    const same = await this.db
      .selectFrom('archive_gaps')
      .select('id')
      .where('feed', '=', feed)
      .where('account', '=', account)
      .where('state', '=', state)
      .where('from_ms', '=', span.from)
      .executeTakeFirst();
    if (same !== undefined) {
      await this.db
        .updateTable('archive_gaps')
        .set((eb) => ({ to_ms: span.to, reason: reason.slice(0, 300), attempts: eb('attempts', '+', 1), updated_ms: now }))
        .where('id', '=', same.id)
        .execute();
      return;
    }
    await this.db
      .insertInto('archive_gaps')
      .values({ feed, account, from_ms: span.from, to_ms: span.to, state, reason: reason.slice(0, 300), attempts: 1, updated_ms: now })
      .execute();
  }

  async backfill(feed: Feed, account: string): Promise<Backfill | undefined> {
    const row = await this.db.selectFrom('archive_backfills').select(['cursor', 'top_ms', 'done']).where('feed', '=', feed).where('account', '=', account).executeTakeFirst();
    return row && { cursor: row.cursor, top: row.top_ms, done: row.done === 1 };
  }

  private async setBackfill(trx: Trx, feed: Feed, account: string, b: Backfill): Promise<void> {
    await trx
      .insertInto('archive_backfills')
      .values({ feed, account, cursor: b.cursor, top_ms: b.top, done: b.done ? 1 : 0 })
      .onConflict((oc) => oc.columns(['feed', 'account']).doUpdateSet((eb) => ({ cursor: eb.ref('excluded.cursor'), top_ms: eb.ref('excluded.top_ms'), done: eb.ref('excluded.done') })))
      .execute();
  }

  /** The records of a feed that match `q`, as a query to narrow further. */
  private matching(feed: Feed, account: string, q: RowQuery) {
    let sel = this.db.selectFrom('archive_records').where('feed', '=', feed).where('account', '=', account);
    if (q.from !== undefined) sel = sel.where('time_ms', '>=', q.from);
    if (q.to !== undefined) sel = sel.where('time_ms', '<=', q.to);
    if (q.ref !== undefined) sel = sel.where('ref', '=', q.ref);
    return sel;
  }

  async count(feed: Feed, account: string, q: RowQuery = {}): Promise<number> {
    const row = await this.matching(feed, account, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Rows oldest first (time, then ID), at most `limit`, after the (time, id) of `after`. */
  async rows(feed: Feed, account: string, q: RowQuery, limit: number, after?: RowKey): Promise<ArchivedRow[]> {
    return this.page(feed, account, q, limit, after).select(['record_id as id', 'time_ms as time', 'ref', 'body']).execute();
  }

  /** The matching rows after `after`, oldest first, at most `limit`: a query to select from. */
  private page(feed: Feed, account: string, q: RowQuery, limit: number, after?: RowKey) {
    let sel = this.matching(feed, account, q);
    // The first condition alone is what lets either engine seek in the primary key (feed,
    // account, time_ms, record_id); with only the OR, SQLite scanned each page from the
    // feed's first row, and a million-row export took 200 s instead of seconds.
    if (after) sel = sel.where('time_ms', '>=', after.time).where((eb) => eb.or([eb('time_ms', '>', after.time), eb('record_id', '>', after.id)]));
    return sel.orderBy('time_ms').orderBy('record_id').limit(limit);
  }

  /**
   * The CSV lines of up to `limit` rows, oldest first, after `after` (as rows()): the lines
   * stored with the records, and for a record without one (archived before lines were
   * stored, or since the columns changed) the line made from its JSON.
   */
  async csvPage(feed: Feed, account: string, q: RowQuery, limit: number, after?: RowKey): Promise<CsvPage> {
    await this.csvLinesCurrent();
    const rows = await this.page(feed, account, q, limit, after)
      .select((eb) => ['record_id as id', 'time_ms as time', 'csv', eb.case().when('csv', 'is', null).then(eb.ref('body')).end().as('body')])
      .execute();
    let text = '';
    for (const r of rows) text += r.csv ?? csvLineOfBody(feed, r.body!);
    const last = rows.at(-1);
    return { text, rows: rows.length, last: last && { time: last.time, id: last.id } };
  }

  /**
   * Every matching row's CSV line oldest first, a page of READ_PAGE lines at a time (a CSV
   * export of a million rows): memory stays bounded, and no cursor or connection is held
   * between pages, so a slow reader blocks nobody else's writes on either engine.
   */
  async *iterateCsv(feed: Feed, account: string, q: RowQuery): AsyncGenerator<string> {
    let after: RowKey | undefined;
    for (;;) {
      const page = await this.csvPage(feed, account, q, READ_PAGE, after);
      if (page.rows > 0) yield page.text;
      if (!page.last || page.rows < READ_PAGE) return;
      after = page.last;
    }
  }

  /**
   * Drops the stored lines of a feed whose columns changed since they were made (they are
   * made again from the records as they are read), and notes today's header. Once per store.
   */
  private csvLinesCurrent(): Promise<void> {
    // A check that failed (the database was away) is tried again by the next read.
    this.linesChecked ??= this.db.transaction().execute(async (trx) => {
      const stored = new Map((await trx.selectFrom('archive_csv_formats').select(['feed', 'header']).execute()).map((r) => [r.feed, r.header]));
      for (const feed of feeds) {
        const header = archiveCsvHeader(feed);
        if (stored.get(feed) === header) continue;
        if (stored.has(feed)) await trx.updateTable('archive_records').set({ csv: null }).where('feed', '=', feed).execute();
        await trx
          .insertInto('archive_csv_formats')
          .values({ feed, header })
          .onConflict((oc) => oc.column('feed').doUpdateSet({ header }))
          .execute();
      }
    }).catch((err: unknown) => {
      this.linesChecked = undefined;
      throw err;
    });
    return this.linesChecked;
  }

  /** The distinct refs of a feed (the loan orders of the revisions, for the screen's picker). */
  async refs(feed: Feed, account: string): Promise<string[]> {
    const rows = await this.matching(feed, account, {}).select('ref').distinct().orderBy('ref').execute();
    return rows.map((r) => r.ref);
  }

  /** The oldest and newest archived time of a feed, or undefined when it holds nothing. */
  async extent(feed: Feed, account: string): Promise<Span | undefined> {
    const row = await this.matching(feed, account, {})
      .select((eb) => [eb.fn.min<number | null>('time_ms').as('from'), eb.fn.max<number | null>('time_ms').as('to')])
      .executeTakeFirstOrThrow();
    return row.from === null || row.to === null ? undefined : { from: Number(row.from), to: Number(row.to) };
  }
}
