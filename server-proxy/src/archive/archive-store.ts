// The archive: every record the exchange served for a feed (pledge-rate revisions, loan
// orders, fills, history orders, financial records) of a named account, kept after the
// exchange's windows have dropped it. One table for all feeds, keyed by the record's own
// ID, so a record fetched twice (a retried page, overlapping windows, a restart mid-sync)
// is stored once. Beside the records: the time spans known complete per feed, the gaps
// (open ones are retried; lost ones aged out of the exchange's window before we got
// them), and the paging state of a backfill that has not finished.
import type { Database, Statement } from 'better-sqlite3';
import { archiveFeeds, type ArchiveFeed } from '@contract/schemas/archive';

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

export class ArchiveStore {
  private readonly upsert: Statement;
  private readonly exists: Statement;
  private readonly spanRows: Statement;
  private readonly gapRows: Statement;

  constructor(private readonly db: Database) {
    db.exec(`
      -- Stored in time order (the screens and the CSV read ranges of time, so a range is
      -- one sequential scan); the unique index on the record's own ID keeps each record once.
      CREATE TABLE IF NOT EXISTS archive_records (
        feed TEXT NOT NULL, account TEXT NOT NULL, record_id TEXT NOT NULL,
        time_ms INTEGER NOT NULL, ref TEXT NOT NULL, body TEXT NOT NULL, archived_ms INTEGER NOT NULL,
        PRIMARY KEY (feed, account, time_ms, record_id)
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX IF NOT EXISTS archive_records_by_id ON archive_records (feed, account, record_id);
      CREATE TABLE IF NOT EXISTS archive_spans (
        feed TEXT NOT NULL, account TEXT NOT NULL, from_ms INTEGER NOT NULL, to_ms INTEGER NOT NULL,
        PRIMARY KEY (feed, account, from_ms)
      );
      CREATE TABLE IF NOT EXISTS archive_gaps (
        id INTEGER PRIMARY KEY, feed TEXT NOT NULL, account TEXT NOT NULL, from_ms INTEGER NOT NULL, to_ms INTEGER NOT NULL,
        state TEXT NOT NULL, reason TEXT NOT NULL, attempts INTEGER NOT NULL, updated_ms INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS archive_backfills (
        feed TEXT NOT NULL, account TEXT NOT NULL, cursor TEXT NOT NULL, top_ms INTEGER NOT NULL, done INTEGER NOT NULL,
        PRIMARY KEY (feed, account)
      );`);
    // A record the exchange changed since (a loan repaid, an order filled) replaces its
    // body; the key stays, so it is still one row.
    this.upsert = db.prepare(`INSERT INTO archive_records (feed, account, record_id, time_ms, ref, body, archived_ms)
      VALUES (@feed, @account, @id, @time, @ref, @body, @now)
      ON CONFLICT (feed, account, record_id) DO UPDATE SET body = excluded.body, time_ms = excluded.time_ms, ref = excluded.ref
      WHERE body <> excluded.body`);
    this.exists = db.prepare('SELECT 1 FROM archive_records WHERE feed = ? AND account = ? AND record_id = ?').pluck();
    this.spanRows = db.prepare('SELECT from_ms AS "from", to_ms AS "to" FROM archive_spans WHERE feed = ? AND account = ? ORDER BY from_ms');
    this.gapRows = db.prepare(
      'SELECT id, from_ms AS "from", to_ms AS "to", state, reason, attempts, updated_ms AS updated FROM archive_gaps WHERE feed = ? AND account = ? ORDER BY from_ms',
    );
  }

  /**
   * Stores rows and (optionally) marks a span complete, in one transaction: a crash
   * leaves either both or neither. Returns how many rows were new.
   */
  put(feed: Feed, account: string, rows: readonly ArchivedRow[], now: number, complete?: Span, backfill?: Backfill): number {
    return this.db.transaction(() => {
      let added = 0;
      for (const r of rows) {
        const known = this.exists.get(feed, account, r.id) !== undefined;
        this.upsert.run({ feed, account, id: r.id, time: r.time, ref: r.ref, body: r.body, now });
        if (!known) added++;
      }
      if (complete) this.addSpan(feed, account, complete, now);
      if (backfill) this.setBackfill(feed, account, backfill);
      return added;
    })();
  }

  /** Merges a complete span with those it touches, and settles the open gaps it covers. */
  private addSpan(feed: Feed, account: string, span: Span, now: number): void {
    const touching = this.db
      .prepare('SELECT from_ms AS "from", to_ms AS "to" FROM archive_spans WHERE feed = ? AND account = ? AND from_ms <= ? AND to_ms >= ?')
      .all(feed, account, span.to + 1, span.from - 1) as Span[];
    const from = Math.min(span.from, ...touching.map((s) => s.from));
    const to = Math.max(span.to, ...touching.map((s) => s.to));
    this.db.prepare('DELETE FROM archive_spans WHERE feed = ? AND account = ? AND from_ms <= ? AND to_ms >= ?').run(feed, account, span.to + 1, span.from - 1);
    this.db.prepare('INSERT INTO archive_spans (feed, account, from_ms, to_ms) VALUES (?, ?, ?, ?)').run(feed, account, from, to);
    this.db
      .prepare(`UPDATE archive_gaps SET state = 'filled', updated_ms = ? WHERE feed = ? AND account = ? AND state = 'open' AND from_ms >= ? AND to_ms <= ?`)
      .run(now, feed, account, from, to);
  }

  spans(feed: Feed, account: string): Span[] {
    return this.spanRows.all(feed, account) as Span[];
  }

  gaps(feed: Feed, account: string): Gap[] {
    return this.gapRows.all(feed, account) as Gap[];
  }

  /**
   * Records that [from, to] could not be archived. An open gap is retried by the next
   * sync (and counts its attempts); a lost one is data that aged out of the exchange's
   * window before it was archived, kept so the screens never imply completeness.
   */
  recordGap(feed: Feed, account: string, span: Span, state: 'open' | 'lost', reason: string, now: number): void {
    const same = this.db
      .prepare(`SELECT id FROM archive_gaps WHERE feed = ? AND account = ? AND state = ? AND from_ms = ?`)
      .pluck()
      .get(feed, account, state, span.from) as number | undefined;
    if (same !== undefined) {
      this.db.prepare('UPDATE archive_gaps SET to_ms = ?, reason = ?, attempts = attempts + 1, updated_ms = ? WHERE id = ?').run(span.to, reason.slice(0, 300), now, same);
      return;
    }
    this.db
      .prepare('INSERT INTO archive_gaps (feed, account, from_ms, to_ms, state, reason, attempts, updated_ms) VALUES (?, ?, ?, ?, ?, ?, 1, ?)')
      .run(feed, account, span.from, span.to, state, reason.slice(0, 300), now);
  }

  backfill(feed: Feed, account: string): Backfill | undefined {
    const row = this.db.prepare('SELECT cursor, top_ms AS top, done FROM archive_backfills WHERE feed = ? AND account = ?').get(feed, account) as
      | { cursor: string; top: number; done: number }
      | undefined;
    return row && { cursor: row.cursor, top: row.top, done: row.done === 1 };
  }

  private setBackfill(feed: Feed, account: string, b: Backfill): void {
    this.db
      .prepare(
        'INSERT INTO archive_backfills (feed, account, cursor, top_ms, done) VALUES (?, ?, ?, ?, ?) ON CONFLICT (feed, account) DO UPDATE SET cursor = excluded.cursor, top_ms = excluded.top_ms, done = excluded.done',
      )
      .run(feed, account, b.cursor, b.top, b.done ? 1 : 0);
  }

  private where(q: RowQuery): { sql: string; args: (string | number)[] } {
    let sql = '';
    const args: (string | number)[] = [];
    const add = (clause: string, value: string | number | undefined) => {
      if (value === undefined) return;
      sql += clause;
      args.push(value);
    };
    add(' AND time_ms >= ?', q.from);
    add(' AND time_ms <= ?', q.to);
    add(' AND ref = ?', q.ref);
    return { sql, args };
  }

  count(feed: Feed, account: string, q: RowQuery = {}): number {
    const w = this.where(q);
    return this.db.prepare(`SELECT count(*) FROM archive_records WHERE feed = ? AND account = ?${w.sql}`).pluck().get(feed, account, ...w.args) as number;
  }

  /** Rows oldest first (time, then ID), at most `limit`, after the (time, id) of `after`. */
  rows(feed: Feed, account: string, q: RowQuery, limit: number, after?: { time: number; id: string }): ArchivedRow[] {
    const w = this.where(q);
    const afterSql = after ? ' AND (time_ms > ? OR (time_ms = ? AND record_id > ?))' : '';
    const afterArgs = after ? [after.time, after.time, after.id] : [];
    return this.db
      .prepare(`SELECT record_id AS id, time_ms AS time, ref, body FROM archive_records WHERE feed = ? AND account = ?${w.sql}${afterSql} ORDER BY time_ms, record_id LIMIT ?`)
      .all(feed, account, ...w.args, ...afterArgs, limit) as ArchivedRow[];
  }

  /** Every matching row oldest first, read lazily (a CSV export of a million rows). */
  iterate(feed: Feed, account: string, q: RowQuery): IterableIterator<ArchivedRow> {
    const w = this.where(q);
    return this.db
      .prepare(`SELECT record_id AS id, time_ms AS time, ref, body FROM archive_records WHERE feed = ? AND account = ?${w.sql} ORDER BY time_ms, record_id`)
      .iterate(feed, account, ...w.args) as IterableIterator<ArchivedRow>;
  }

  /** The distinct refs of a feed (the loan orders of the revisions, for the screen's picker). */
  refs(feed: Feed, account: string): string[] {
    return this.db.prepare('SELECT DISTINCT ref FROM archive_records WHERE feed = ? AND account = ? ORDER BY ref').pluck().all(feed, account) as string[];
  }

  /** The oldest and newest archived time of a feed, or undefined when it holds nothing. */
  extent(feed: Feed, account: string): Span | undefined {
    const row = this.db.prepare('SELECT min(time_ms) AS "from", max(time_ms) AS "to" FROM archive_records WHERE feed = ? AND account = ?').get(feed, account) as {
      from: number | null;
      to: number | null;
    };
    return row.from === null || row.to === null ? undefined : { from: row.from, to: row.to };
  }
}
