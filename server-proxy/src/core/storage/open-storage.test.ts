// The storage core on both engines (issue 22): the migrations build every store, adopt
// what an older desk left, run once when proxies start together, and fail with a message
// that names the migration or DESK_DATABASE_URL and the database's reason.
import { join } from 'node:path';
import { sql, type Kysely, type Migration } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../open-database';
import { storageEngines } from '../../test-support/storage-engines';
import { tempDir } from '../../test-support/temp-dir';
import { migrateStore, openPostgresStorage, openSqliteStorage, StorageError } from './open-storage';
import { sharedRateMigrations, storeMigrations, storeNames } from './store-migrations';

describe.each(storageEngines)('storage on $name', (engine) => {
  it('creates every store\'s tables, and opening again migrates nothing twice', async () => {
    const place = await engine.place();
    const first = await place.open();
    await first.db('users').insertInto('users').values({ name: 'ann', role: 'admin', accounts: '["main"]', password_hash: 'h', created_at: 1_700_000_000_000 }).execute();
    const jobId = (await first.db('jobs').insertInto('jobs').values({ kind: 'autotransfer', account: 'main', user: 'ann', state: 'running', created_at: 1, updated_at: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    await first.close();
    const again = await place.open();
    // 64-bit columns read back as numbers on both engines.
    expect(await again.db('users').selectFrom('users').select(['name', 'created_at']).execute()).toEqual([{ name: 'ann', created_at: 1_700_000_000_000 }]);
    expect(await again.db('jobs').selectFrom('jobs').select(['id', 'lease_until']).execute()).toEqual([{ id: jobId, lease_until: 0 }]);
    for (const store of storeNames) {
      const ran = await sql<{ name: string }>`SELECT name FROM ${sql.table(`desk_migrations_${store}`)}`.execute(again.db(store));
      expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(storeMigrations[store]));
    }
    await again.ping();
    await again.close();
  });

  it('names the migration that failed and the database\'s reason, and leaves the store as it was', async () => {
    const place = await engine.place();
    const storage = await place.open();
    const broken: Migration = {
      async up(db: Kysely<unknown>) {
        await sql`ALTER TABLE no_such_table ADD COLUMN x TEXT`.execute(db);
      },
    };
    const db = storage.db('users');
    // The store's own migrations (all applied already) and then a broken one.
    await expect(migrateStore(db, 'users', { ...storeMigrations.users, '9999-broken': broken })).rejects.toThrow(/the migration 9999-broken of the users store failed: .*no_such_table/);
    expect(await db.selectFrom('users').selectAll().execute()).toEqual([]);
    await storage.close();
  });
});

describe('storage engines', () => {
  // A SQLite data directory belongs to one proxy, as before issue 22; proxies that start
  // together share a PostgreSQL database, whose advisory lock the Migrator takes.
  it('migrates once when two proxies open the same place together', async () => {
    const place = await storageEngines[1]!.place();
    const [a, b] = await Promise.all([place.open(), place.open()]);
    await a.db('audit').insertInto('audit').values({ ts: 1, user: 'u', account: 'main', endpoint: 'e', method: 'POST', path: '/p', channel: 'rest', request_body: '{}', http_status: 200, code: '00000', msg: '', order_ids: '[]', client_oids: '[]', state: 'complete', request_id: '' }).execute();
    expect(await b.db('audit').selectFrom('audit').select('user').execute()).toHaveLength(1);
    await Promise.all([a.close(), b.close()]);
  });


  it('adopts the tables an older desk left in its SQLite files, rows and all', async () => {
    const dir = tempDir('desk-old-');
    const old = openDatabase(join(dir, 'users.sqlite'));
    old.exec(`CREATE TABLE users (name TEXT PRIMARY KEY, role TEXT NOT NULL, accounts TEXT NOT NULL, password_hash TEXT NOT NULL, created_at INTEGER NOT NULL) STRICT;
      INSERT INTO users VALUES ('olga', 'trader', '["main"]', 'scrypt$x', 5);`);
    old.close();
    const storage = await openSqliteStorage(dir);
    expect(await storage.db('users').selectFrom('users').select(['name', 'role']).execute()).toEqual([{ name: 'olga', role: 'trader' }]);
    await storage.close();
  });

  it('adopts the rate slots table an older desk made on PostgreSQL for its shared budget, slots and all', async () => {
    const storage = await (await storageEngines[1]!.place()).open();
    const db = storage.db('users');
    // As the shared rate budget made it before its table had a migration.
    await sql`CREATE TABLE desk_rate_slots (lane TEXT NOT NULL, slot INTEGER NOT NULL, free_at BIGINT NOT NULL, PRIMARY KEY (lane, slot))`.execute(db);
    await sql`CREATE INDEX desk_rate_slots_free ON desk_rate_slots (lane, free_at, slot)`.execute(db);
    await sql`INSERT INTO desk_rate_slots VALUES ('1000001|placeOrder', 0, 1700000000000)`.execute(db);
    await migrateStore(db, 'rate');
    const ran = await sql<{ name: string }>`SELECT name FROM desk_migrations_rate`.execute(db);
    expect(ran.rows.map((r) => r.name)).toEqual(Object.keys(sharedRateMigrations));
    const slots = await sql<{ lane: string; free_at: number }>`SELECT lane, free_at FROM desk_rate_slots`.execute(db);
    expect(slots.rows).toEqual([{ lane: '1000001|placeOrder', free_at: 1_700_000_000_000 }]);
    // Its index on free_at is gone and its pages leave room: every write of a slot is a HOT update.
    const indexes = await sql<{ indexname: string }>`SELECT indexname FROM pg_indexes WHERE tablename = 'desk_rate_slots'`.execute(db);
    expect(indexes.rows.map((r) => r.indexname)).toEqual(['desk_rate_slots_pkey']);
    const options = await sql<{ reloptions: string[] }>`SELECT reloptions FROM pg_class WHERE relname = 'desk_rate_slots'`.execute(db);
    expect(options.rows[0]?.reloptions).toEqual(['fillfactor=50']);
    await storage.close();
  });

  it('stops with DESK_DATABASE_URL and the database\'s reason when the database is wrong', async () => {
    const err = await openPostgresStorage('postgres://nobody:wrong@127.0.0.1:1/none').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
    expect((err as Error).message).toMatch(/^DESK_DATABASE_URL: the database cannot be reached: .*ECONNREFUSED/);
  });
});
