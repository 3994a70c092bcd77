// Where the desk keeps its state (issue 22): one storage layer, two engines, the same
// queries (Kysely) on both.
// - SQLite (better-sqlite3), the embedded default: one file per store in DESK_DATA_DIR
//   (users.sqlite, audit.sqlite, jobs.sqlite, archive.sqlite), the files earlier versions
//   wrote, so an existing data directory is adopted as it is. Separate files also keep the
//   stores' writes apart: SQLite has one writer per file, and an archive sync writing
//   thousands of rows must not hold up the audit row a trade waits for.
// - PostgreSQL (pg), when DESK_DATABASE_URL is set: every store in that one database, so
//   several proxies share users, sessions, audit, jobs and archive.
// Each store's migrations (store-migrations.ts) run when it opens, under the Migrator's lock
// (a PostgreSQL advisory lock), so proxies starting together migrate once.
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../open-database';
import type { DeskTables } from './desk-tables';
import { sharedRateMigrations, storeMigrations, storeNames, type StoreName } from './store-migrations';
import { messageOf } from '../error-message';

export type DeskDb = Kysely<DeskTables>;
export type { StoreName };

export interface DeskStorage {
  readonly engine: 'sqlite' | 'postgres';
  /** The database a store's tables live in (the same one for every store on PostgreSQL). */
  db(store: StoreName): DeskDb;
  /** Throws with the database's reason when it does not answer (GET /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The database could not be opened or migrated; the message says which and why. */
export class StorageError extends Error {}

const reasonOf = (err: unknown) => messageOf(err) || String(err);

/**
 * PostgreSQL sends BIGINT (and count(*)) as text so no precision is lost; every 64-bit value
 * the desk stores is a Unix ms time or a row id, far below 2^53, so they are read as numbers
 * and a row reads the same on both engines. Per pool, not pg's global parser table.
 */
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Runs a store's migrations (or the shared rate budget's, 'rate', on PostgreSQL); a failure
 * names the migration and the database's reason.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator works on any schema
export async function migrateStore(db: Kysely<any>, store: StoreName | 'rate', migrations = store === 'rate' ? sharedRateMigrations : storeMigrations[store]): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: `desk_migrations_${store}`,
    migrationLockTableName: `desk_migrations_${store}_lock`,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === 'Error');
  throw new StorageError(
    failed
      ? `the migration ${failed.migrationName} of the ${store} store failed: ${reasonOf(error)}`
      : `the ${store} store's migrations could not run: ${reasonOf(error)}`,
  );
}

/** A store on one SQLite file (or in memory: ':memory:'), migrated. */
export async function openSqliteStore(file: string, store: StoreName): Promise<DeskDb> {
  let raw: Database.Database;
  try {
    raw = openDatabase(file);
  } catch (err) {
    throw new StorageError(`the ${store} store's SQLite file ${file} cannot be opened: ${reasonOf(err)}`);
  }
  return sqliteStoreOn(raw, store);
}

/** A store on an open SQLite handle, migrated (tests that break the database hold the handle). */
export async function sqliteStoreOn(raw: Database.Database, store: StoreName): Promise<DeskDb> {
  const db = new Kysely<DeskTables>({ dialect: new SqliteDialect({ database: raw }) });
  try {
    await migrateStore(db, store);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  return db;
}

/** Every store in SQLite files in `dataDir` (':memory:': each store in its own memory database). */
export async function openSqliteStorage(dataDir: string): Promise<DeskStorage> {
  const dbs = new Map<StoreName, DeskDb>();
  try {
    for (const store of storeNames) dbs.set(store, await openSqliteStore(dataDir === ':memory:' ? ':memory:' : join(dataDir, `${store}.sqlite`), store));
  } catch (err) {
    for (const db of dbs.values()) await db.destroy();
    throw err;
  }
  return {
    engine: 'sqlite',
    db: (store) => dbs.get(store)!,
    async ping() {
      for (const db of dbs.values()) await sql`SELECT 1`.execute(db);
    },
    async close() {
      for (const db of dbs.values()) await db.destroy();
    },
  };
}

/** Every store in the PostgreSQL database at `url` (DESK_DATABASE_URL), migrated. */
export async function openPostgresStorage(url: string, options: { poolSize?: number } = {}): Promise<DeskStorage> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000, types: pgTypes });
  // An idle client the server drops (a restart, a failover) must not crash the process;
  // the next query fails instead, and /readyz says so.
  pool.on('error', () => undefined);
  const db = new Kysely<DeskTables>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`SELECT 1`.execute(db);
  } catch (err) {
    await db.destroy();
    throw new StorageError(`DESK_DATABASE_URL: the database cannot be reached: ${reasonOf(err)}`);
  }
  try {
    for (const store of storeNames) await migrateStore(db, store);
  } catch (err) {
    await db.destroy();
    throw new StorageError(`DESK_DATABASE_URL: ${reasonOf(err)}`);
  }
  return {
    engine: 'postgres',
    db: () => db,
    async ping() {
      await sql`SELECT 1`.execute(db);
    },
    close: () => db.destroy(),
  };
}

/** The storage the configuration names: PostgreSQL when a database URL is set, else SQLite files. */
export function openStorage(where: { databaseUrl?: string | undefined; dataDir: string }): Promise<DeskStorage> {
  return where.databaseUrl ? openPostgresStorage(where.databaseUrl) : openSqliteStorage(where.dataDir);
}

/** A store in a fresh in-memory SQLite database: a proxy given no files (most tests). */
export function memoryStore(store: StoreName): Promise<DeskDb> {
  return openSqliteStore(':memory:', store);
}

/**
 * Whether an error is the database failing (gone, refusing, closed) rather than a bug: the
 * proxy answers it with DESK503S ("the desk's database is unavailable"), not as unexpected.
 */
export function isStorageFailure(err: unknown): boolean {
  if (err instanceof pg.DatabaseError || err instanceof StorageError) return true;
  if (!(err instanceof Error)) return false;
  return err.name === 'SqliteError' || /ECONNREFUSED|ECONNRESET|Connection terminated|connection error|Cannot use a pool after calling end|has already been destroyed|timeout exceeded when trying to connect/i.test(err.message);
}
