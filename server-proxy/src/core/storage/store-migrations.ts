// The schema of each store, as an ordered list of migrations (issue 22), run at start by
// open-storage.ts under Kysely's Migrator. A store is a group of tables that live together:
// on SQLite each store is its own file in DESK_DATA_DIR (as before issue 22), on PostgreSQL
// all stores share one database, each with its own migration table.
//
// The first migration of every store adopts what is already there: the tables are created
// only if missing (IF NOT EXISTS), and columns that later versions added before migrations
// existed are added when an old SQLite file lacks them. So a data directory written by an
// older desk keeps its users, sessions, audit log, jobs and archive.
//
// A migration, once released, is never edited: a change is a new entry at the end.
import { sql, PostgresAdapter, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';

export const storeNames = ['users', 'audit', 'jobs', 'archive'] as const;
export type StoreName = (typeof storeNames)[number];

// Migrations see the database untyped: they describe tables as they were at the time,
// not as desk-tables.ts says they are now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** What differs between the engines' DDL. */
function ddl(db: AnyDb) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    pg,
    /** A 64-bit integer (Unix ms, row ids). */
    int: pg ? ('bigint' as const) : ('integer' as const),
    /** An auto-numbered primary key. */
    serial: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()),
    /** SQLite tables are STRICT (a value of the wrong type is refused, as PostgreSQL does). */
    strict: <T extends string, C extends string>(t: CreateTableBuilder<T, C>) => (pg ? t : t.modifyEnd(sql`strict`)),
  };
}

/** Columns an existing table has (only SQLite files can predate the migrations). */
async function sqliteColumns(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db);
  return rows.map((r) => r.name);
}

const usersTables: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('users')
          .ifNotExists()
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('accounts', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', d.int, (c) => c.notNull()),
      )
      .execute();
    // Sessions live beside the users they belong to: one file on SQLite, checked together on restore.
    await d
      .strict(
        db.schema
          .createTable('sessions')
          .ifNotExists()
          .addColumn('id_hash', 'text', (c) => c.primaryKey())
          .addColumn('user', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('accounts', 'text', (c) => c.notNull())
          .addColumn('csrf_token', 'text', (c) => c.notNull())
          .addColumn('local_admin', 'integer', (c) => c.notNull())
          .addColumn('created_at', d.int, (c) => c.notNull())
          .addColumn('expires_at', d.int, (c) => c.notNull()),
      )
      .execute();
    await db.schema.createIndex('sessions_user').ifNotExists().on('sessions').column('user').execute();
    await db.schema.createIndex('sessions_expires').ifNotExists().on('sessions').column('expires_at').execute();
  },
};

/** A user's own desk settings (contract/schemas/user-settings.ts), one JSON value a name. */
const userSettingsTable: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('user_settings')
          .ifNotExists()
          .addColumn('user', 'text', (c) => c.notNull())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', d.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('user_settings_pk', ['user', 'name']),
      )
      .execute();
  },
};

const auditTable: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('audit')
          .ifNotExists()
          .addColumn('id', d.int, d.serial)
          .addColumn('ts', d.int, (c) => c.notNull())
          .addColumn('user', 'text', (c) => c.notNull())
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('endpoint', 'text', (c) => c.notNull())
          .addColumn('method', 'text', (c) => c.notNull())
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('request_body', 'text', (c) => c.notNull())
          .addColumn('http_status', 'integer', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull())
          .addColumn('msg', 'text', (c) => c.notNull())
          .addColumn('order_ids', 'text', (c) => c.notNull())
          .addColumn('client_oids', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull().defaultTo('complete'))
          .addColumn('request_id', 'text', (c) => c.notNull().defaultTo('')),
      )
      .execute();
    if (!d.pg) {
      // Logs from before write-ahead hold only finished calls: they default to complete.
      // Logs from before request IDs (issue 22) have none.
      const columns = await sqliteColumns(db, 'audit');
      if (!columns.includes('state')) await sql`ALTER TABLE audit ADD COLUMN state TEXT NOT NULL DEFAULT 'complete'`.execute(db);
      if (!columns.includes('request_id')) await sql`ALTER TABLE audit ADD COLUMN request_id TEXT NOT NULL DEFAULT ''`.execute(db);
    }
    for (const [name, columns] of [
      ['audit_ts', ['ts']],
      ['audit_user', ['user', 'id']],
      ['audit_account', ['account', 'id']],
      ['audit_endpoint', ['endpoint', 'id']],
    ] as const) {
      await db.schema.createIndex(name).ifNotExists().on('audit').columns([...columns]).execute();
    }
    // The rows a start reconciles (state sent or unknown) are found without a scan.
    await db.schema.createIndex('audit_open').ifNotExists().on('audit').columns(['state', 'id']).execute();
  },
};

const jobsTables: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('jobs')
          .ifNotExists()
          .addColumn('id', d.int, d.serial)
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('user', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('created_at', d.int, (c) => c.notNull())
          .addColumn('updated_at', d.int, (c) => c.notNull())
          .addColumn('lease_owner', 'text')
          .addColumn('lease_until', d.int, (c) => c.notNull().defaultTo(0)),
      )
      .execute();
    await db.schema.createIndex('jobs_account').ifNotExists().on('jobs').columns(['account', 'id']).execute();
    await db.schema.createIndex('jobs_state').ifNotExists().on('jobs').column('state').execute();
    await d
      .strict(
        db.schema
          .createTable('job_rows')
          .ifNotExists()
          .addColumn('job_id', d.int, (c) => c.notNull().references('jobs.id'))
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('sub_uid', 'text', (c) => c.notNull())
          .addColumn('coin', 'text', (c) => c.notNull())
          .addColumn('to_account_type', 'text', (c) => c.notNull())
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('msg', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('audit_id', d.int)
          .addColumn('updated_at', d.int, (c) => c.notNull())
          .addPrimaryKeyConstraint('job_rows_pk', ['job_id', 'seq']),
      )
      .execute();
    await db.schema.createIndex('job_rows_state').ifNotExists().on('job_rows').columns(['job_id', 'state', 'seq']).execute();
    await db.schema
      .createIndex('job_rows_applied')
      .ifNotExists()
      .on('job_rows')
      .columns(['sub_uid', 'coin', 'updated_at'])
      .where(sql.ref('state'), '=', 'applied')
      .execute();
  },
};

const archiveTables: Migration = {
  async up(db) {
    const d = ddl(db);
    // Stored in time order (the screens and the CSV read ranges of time, so a range is one
    // sequential scan); the unique index on the record's own ID keeps each record once.
    await db.schema
      .createTable('archive_records')
      .ifNotExists()
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('record_id', 'text', (c) => c.notNull())
      .addColumn('time_ms', d.int, (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('archived_ms', d.int, (c) => c.notNull())
      .addPrimaryKeyConstraint('archive_records_pk', ['feed', 'account', 'time_ms', 'record_id'])
      .$call((t) => (d.pg ? t : t.modifyEnd(sql`without rowid`)))
      .execute();
    await db.schema.createIndex('archive_records_by_id').ifNotExists().unique().on('archive_records').columns(['feed', 'account', 'record_id']).execute();
    await db.schema
      .createTable('archive_spans')
      .ifNotExists()
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('from_ms', d.int, (c) => c.notNull())
      .addColumn('to_ms', d.int, (c) => c.notNull())
      .addPrimaryKeyConstraint('archive_spans_pk', ['feed', 'account', 'from_ms'])
      .execute();
    await db.schema
      .createTable('archive_gaps')
      .ifNotExists()
      .addColumn('id', d.int, d.serial)
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('from_ms', d.int, (c) => c.notNull())
      .addColumn('to_ms', d.int, (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull())
      .addColumn('updated_ms', d.int, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('archive_backfills')
      .ifNotExists()
      .addColumn('feed', 'text', (c) => c.notNull())
      .addColumn('account', 'text', (c) => c.notNull())
      .addColumn('cursor', 'text', (c) => c.notNull())
      .addColumn('top_ms', d.int, (c) => c.notNull())
      .addColumn('done', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('archive_backfills_pk', ['feed', 'account'])
      .execute();
  },
};

/**
 * CSV exports run as jobs (issue 20 item 4): the job, with its lease (as jobs have), and its
 * file in chunks of a page of rows each, so every proxy on the database can serve it and a
 * download streams it without holding the whole file.
 */
const archiveExportTables: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('archive_exports')
          .addColumn('id', d.int, d.serial)
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('user', 'text', (c) => c.notNull())
          .addColumn('feed', 'text', (c) => c.notNull())
          .addColumn('from_ms', d.int)
          .addColumn('to_ms', d.int)
          .addColumn('ref', 'text')
          .addColumn('state', 'text', (c) => c.notNull())
          .addColumn('rows_done', d.int, (c) => c.notNull())
          .addColumn('rows_total', d.int, (c) => c.notNull())
          .addColumn('after', 'text')
          .addColumn('created_at', d.int, (c) => c.notNull())
          .addColumn('updated_at', d.int, (c) => c.notNull())
          .addColumn('lease_owner', 'text')
          .addColumn('lease_until', d.int, (c) => c.notNull().defaultTo(0)),
      )
      .execute();
    await db.schema.createIndex('archive_exports_account').on('archive_exports').columns(['account', 'user', 'id']).execute();
    await db.schema.createIndex('archive_exports_state').on('archive_exports').column('state').execute();
    await d
      .strict(
        db.schema
          .createTable('archive_export_chunks')
          .addColumn('export_id', d.int, (c) => c.notNull().references('archive_exports.id'))
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('csv', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('archive_export_chunks_pk', ['export_id', 'seq']),
      )
      .execute();
  },
};

/**
 * Each archived record's line of its feed's CSV, made when the record is stored: an export
 * then reads text and writes it, where making the line meant parsing the record's JSON
 * (about two thirds of a 100,000-row export's time). The header each feed's lines were made
 * for is kept beside them; when the columns change, the store drops the old lines
 * (archive-store.ts) and makes them again from the records as they are read.
 */
const archiveCsvLines: Migration = {
  async up(db) {
    await db.schema.alterTable('archive_records').addColumn('csv', 'text').execute();
    await db.schema
      .createTable('archive_csv_formats')
      .addColumn('feed', 'text', (c) => c.primaryKey())
      .addColumn('header', 'text', (c) => c.notNull())
      .execute();
  },
};

/**
 * Why an export was given up (the 'failed' state, export-runner.ts): shown on its line in
 * the list, cleared when its user retries it.
 */
const archiveExportErrors: Migration = {
  async up(db) {
    await db.schema.alterTable('archive_exports').addColumn('error', 'text').execute();
  },
};

/**
 * Who syncs each account's feed (issue 22: several proxies on one database): a lease as jobs
 * have, so one proxy at a time calls the exchange for a feed, and when it last finished,
 * so the others' periodic passes leave a feed alone that was synced a moment ago.
 */
const archiveSyncClaims: Migration = {
  async up(db) {
    const d = ddl(db);
    await d
      .strict(
        db.schema
          .createTable('archive_sync_claims')
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('feed', 'text', (c) => c.notNull())
          .addColumn('lease_owner', 'text')
          .addColumn('lease_until', d.int, (c) => c.notNull().defaultTo(0))
          .addColumn('synced_at', d.int)
          .addPrimaryKeyConstraint('archive_sync_claims_pk', ['account', 'feed']),
      )
      .execute();
  },
};

/**
 * The exchange's rate budget that proxies on one PostgreSQL database share (issue 22 item 2,
 * policy/shared-rate-budget.ts): one row per slot of a lane, free again at free_at (Unix ms
 * on the database's clock). PostgreSQL only (a proxy on SQLite files shares nothing), so it
 * is not a store: the budget runs these when it opens, on its own pool. Desks before this
 * migration created the same table themselves; IF NOT EXISTS adopts it.
 */
const rateSlotsTable: Migration = {
  async up(db) {
    // Every claim and release rewrites a row's free_at. With free_at in no index and room
    // left in each page, each of those is a HOT update: no index entry per write, and the
    // old versions are pruned within the page, so a busy lane does not bloat its indexes.
    await db.schema
      .createTable('desk_rate_slots')
      .ifNotExists()
      .addColumn('lane', 'text', (c) => c.notNull())
      .addColumn('slot', 'integer', (c) => c.notNull())
      .addColumn('free_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('desk_rate_slots_pkey', ['lane', 'slot'])
      .modifyEnd(sql`with (fillfactor = 50)`)
      .execute();
    // The same for a table an older desk made, which also had an index on free_at (its
    // takes searched for the earliest free slot; claims now walk the primary key).
    await sql`ALTER TABLE desk_rate_slots SET (fillfactor = 50)`.execute(db);
    await db.schema.dropIndex('desk_rate_slots_free').ifExists().execute();
  },
};

export const sharedRateMigrations: Record<string, Migration> = { '0001-rate-slots': rateSlotsTable };

/** Each store's migrations, by name; Kysely runs them in name order. */
export const storeMigrations: Record<StoreName, Record<string, Migration>> = {
  users: { '0001-users-and-sessions': usersTables, '0002-user-settings': userSettingsTable },
  audit: { '0001-audit-log': auditTable },
  jobs: { '0001-jobs-and-rows': jobsTables },
  archive: { '0001-archive': archiveTables, '0002-archive-exports': archiveExportTables, '0003-archive-csv-lines': archiveCsvLines, '0004-archive-export-errors': archiveExportErrors, '0005-archive-sync-claims': archiveSyncClaims },
};
