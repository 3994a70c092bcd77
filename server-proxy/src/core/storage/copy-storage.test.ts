// Moving a desk from SQLite files to PostgreSQL (copy-storage.ts): every table, row for row,
// ids numbered on after the copy, and a database that already holds desk data refused.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../test-support/storage-engines';
import { tempDir } from '../../test-support/temp-dir';
import { copyStorage, storeTables, type CopyReport } from './copy-storage';
import type { DeskTables } from './desk-tables';
import { openPostgresStorage, openSqliteStorage, StorageError, type DeskDb, type DeskStorage } from './open-storage';
import { storeNames, type StoreName } from './store-migrations';

type Row = Record<string, unknown>;
const storeOf = (table: string): StoreName => storeNames.find((s) => (storeTables[s] as readonly string[]).includes(table))!;

/** The tables a migrated SQLite store file holds (the migrator's own left out). */
async function sqliteTables(db: DeskDb): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'desk_migrations%' AND name NOT LIKE 'sqlite_%'`.execute(db);
  return rows.map((r) => r.name);
}

/**
 * Fills every table with `n(table)` rows made from its declared columns: row i holds i in
 * every integer column and `v<i>` in every text one, so a reference (job_rows.job_id to
 * jobs.id, a session's user to users.name) finds row i of its table.
 */
async function fill(storage: DeskStorage, n: (table: string) => number): Promise<void> {
  for (const store of storeNames) {
    const db = storage.db(store);
    for (const table of storeTables[store]) {
      const { rows: columns } = await sql<{ name: string; type: string }>`SELECT name, type FROM pragma_table_info(${table})`.execute(db);
      for (let i = 1; i <= n(table); i++) {
        const row = Object.fromEntries(columns.map((c) => [c.name, /INT/i.test(c.type) ? i : /REAL/i.test(c.type) ? i + 0.5 : `v${i}`]));
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(Object.keys(row).map((k) => sql.ref(k)))}) VALUES (${sql.join(Object.values(row))})`.execute(db);
      }
    }
  }
}

/** A table's rows in a fixed order, whatever order the engine returns them in. */
async function rowsOf(db: DeskDb, table: keyof DeskTables): Promise<Row[]> {
  const { rows } = await sql<Row>`SELECT * FROM ${sql.table(table)}`.execute(db);
  return rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort().map((s) => JSON.parse(s) as Row);
}

describe('copying a desk from SQLite to PostgreSQL', () => {
  it('names every table the stores hold, a referenced table first', async () => {
    const files = await openSqliteStorage(tempDir('desk-copy-'));
    try {
      for (const store of storeNames) expect([...(await sqliteTables(files.db(store)))].sort()).toEqual([...storeTables[store]].sort());
    } finally {
      await files.close();
    }
    const order = storeNames.flatMap((s) => storeTables[s]);
    expect(order.indexOf('jobs')).toBeLessThan(order.indexOf('job_rows'));
    expect(order.indexOf('archive_exports')).toBeLessThan(order.indexOf('archive_export_chunks'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('sessions'));
  });

  it('copies every row of every table, numbers on after the copied ids, and refuses a database that holds desk data', async () => {
    const files = await openSqliteStorage(tempDir('desk-copy-'));
    const team = await openPostgresStorage(await freshPostgresDatabase());
    try {
      // More than a page of archived records, a few rows elsewhere.
      await fill(files, (table) => (table === 'archive_records' ? 2_345 : 3));
      const heard: CopyReport[] = [];
      const reports = await copyStorage(files, team, (r) => heard.push(r));
      expect(heard).toEqual(reports);
      expect(reports.find((r) => r.table === 'archive_records')?.rows).toBe(2_345);
      for (const { table, rows } of reports) {
        const copied = await rowsOf(team.db(storeOf(table)), table);
        expect(copied, table).toEqual(await rowsOf(files.db(storeOf(table)), table));
        expect(copied.length).toBe(rows);
      }
      // PostgreSQL numbers new rows after the copied ones.
      const { id } = await team
        .db('audit')
        .insertInto('audit')
        .values({ ts: 1, user: 'u', account: 'a', endpoint: 'e', method: 'POST', path: '/p', channel: 'rest', request_body: '{}', http_status: 200, code: '00000', msg: '', order_ids: '', client_oids: '', state: 'complete', request_id: 'r' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBe(4);

      // Again into the same database: refused before anything is written.
      const again = await copyStorage(files, team).catch((e: unknown) => e);
      expect(again).toBeInstanceOf(StorageError);
      expect((again as Error).message).toBe('the PostgreSQL database already holds desk data (users has 3 rows); copy into a database no desk has used');
      expect(await rowsOf(team.db('audit'), 'audit')).toHaveLength(4);
    } finally {
      await files.close();
      await team.close();
    }
  });

  it('leaves the PostgreSQL database empty when a copy fails midway', async () => {
    const files = await openSqliteStorage(tempDir('desk-copy-'));
    const team = await openPostgresStorage(await freshPostgresDatabase());
    try {
      await fill(files, () => 2);
      // A row PostgreSQL refuses (a number too large for its integer column), in the last table copied.
      await sql`UPDATE archive_export_chunks SET seq = 9223372036854775807 WHERE export_id = 2`.execute(files.db('archive'));
      await expect(copyStorage(files, team)).rejects.toThrow(/out of range for type integer/);
      for (const table of storeNames.flatMap((s) => storeTables[s])) expect(await rowsOf(team.db(storeOf(table)), table), table).toEqual([]);
    } finally {
      await files.close();
      await team.close();
    }
  });
});
