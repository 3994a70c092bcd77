// Moving a desk from its SQLite files to PostgreSQL (issue 22): a team that starts on one
// laptop keeps its users, sessions, settings, audit log, jobs and archive when it moves to
// a shared database. Every table of every store is copied row for row, ids included, into a
// PostgreSQL database no desk has used yet, in ONE transaction there: a copy that fails
// leaves the database as empty as it was. Each store's file is read in one read
// transaction, so what is copied is one moment of it, even with a proxy still running;
// what that proxy writes afterwards is not copied, so stop it first (the README says so).
// The shared rate budget's slots (PostgreSQL only) start fresh.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DeskTables } from './desk-tables';
import { StorageError, type DeskStorage } from './open-storage';
import { storeNames, type StoreName } from './store-migrations';

/** Each store's tables, a table before any that refers to it. */
export const storeTables: Record<StoreName, readonly (keyof DeskTables)[]> = {
  users: ['users', 'sessions', 'user_settings'],
  audit: ['audit'],
  jobs: ['jobs', 'job_rows'],
  archive: ['archive_records', 'archive_csv_formats', 'archive_spans', 'archive_gaps', 'archive_backfills', 'archive_sync_claims', 'archive_exports', 'archive_export_chunks'],
};

/** Tables whose `id` PostgreSQL numbers itself: after a copy its numbering goes on after the copied ids. */
const numberedTables: readonly (keyof DeskTables)[] = ['audit', 'jobs', 'archive_gaps', 'archive_exports'];

/** Rows read and written at a time: bounded memory, and well under PostgreSQL's 65,535 parameters a statement. */
const PAGE_ROWS = 1_000;

export interface CopyReport {
  table: keyof DeskTables;
  rows: number;
}

/** "1 row", "2,345 rows". */
export const rowsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

type Row = Record<string, unknown>;
/** The copy reads and writes any table by name. */
type Untyped = Kysely<Record<string, Row>>;
const untyped = (db: Kysely<DeskTables> | Transaction<DeskTables>) => db as unknown as Untyped;

/**
 * Copies every store of `from` (SQLite) into `to` (PostgreSQL), which must hold no desk data.
 * `onTable` hears each table as it is done. Resolves with the rows copied per table.
 */
export async function copyStorage(from: DeskStorage, to: DeskStorage, onTable?: (report: CopyReport) => void): Promise<CopyReport[]> {
  if (from.engine !== 'sqlite' || to.engine !== 'postgres') throw new StorageError('a copy goes from SQLite files to a PostgreSQL database');
  const target = to.db('users');
  for (const table of storeNames.flatMap((s) => storeTables[s])) {
    const { n } = await untyped(target).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > 0) throw new StorageError(`the PostgreSQL database already holds desk data (${table} has ${rowsText(Number(n))}); copy into a database no desk has used`);
  }
  return target.transaction().execute(async (pgTrx) => {
    const reports: CopyReport[] = [];
    for (const store of storeNames) {
      // One read transaction per file: the store as it was at one moment.
      await from
        .db(store)
        .transaction()
        .execute(async (file) => {
          for (const table of storeTables[store]) {
            const report = { table, rows: await copyTable(file, pgTrx, table) };
            reports.push(report);
            onTable?.(report);
          }
        });
    }
    for (const table of numberedTables) {
      await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE(MAX(id), 0) + 1, false) FROM ${sql.table(table)}`.execute(pgTrx);
    }
    return reports;
  });
}

/** One table, streamed from the file (some tables have no rowid to page by) and written a page at a time. */
async function copyTable(file: Transaction<DeskTables>, pgTrx: Transaction<DeskTables>, table: keyof DeskTables): Promise<number> {
  let copied = 0;
  let page: Row[] = [];
  const write = async () => {
    if (page.length) await untyped(pgTrx).insertInto(table).values(page).execute();
    copied += page.length;
    page = [];
  };
  for await (const row of untyped(file).selectFrom(table).selectAll().stream()) {
    page.push(row);
    if (page.length === PAGE_ROWS) await write();
  }
  await write();
  return copied;
}
