// The two storage engines for tests that must hold on both (issue 22): a SQLite data
// directory and a PostgreSQL database on a throwaway cluster. Each place() is an empty
// place to keep a desk's state, opened as often as a test likes (a restart is a second
// open of the same place). The cluster starts on first use and stops when the test file
// ends; without PostgreSQL's binaries it fails, as every PostgreSQL test does.
import pg from 'pg';
import { afterAll } from 'vitest';
import { openPostgresStorage, openSqliteStorage, type DeskStorage } from '../core/storage/open-storage';
import { tempDir } from './temp-dir';
import { startThrowawayPostgres, type ThrowawayPostgres } from './throwaway-postgres';

export interface StoragePlace {
  open(): Promise<DeskStorage>;
  /** The database URL (PostgreSQL) or data directory (SQLite): what a spawned proxy is given. */
  where: { databaseUrl: string } | { dataDir: string };
}

export interface StorageEngineUnderTest {
  name: 'SQLite' | 'PostgreSQL';
  place(): Promise<StoragePlace>;
}

let cluster: Promise<ThrowawayPostgres> | undefined;
let databases = 0;

afterAll(async () => {
  const c = cluster;
  cluster = undefined;
  if (c) (await c.catch(() => undefined))?.stop();
});

/** The shared throwaway cluster of this test file, started on first use. */
export function testCluster(): Promise<ThrowawayPostgres> {
  cluster ??= startThrowawayPostgres();
  return cluster;
}

/** A new, empty database on the test cluster; its postgres:// URL. */
export async function freshPostgresDatabase(): Promise<string> {
  const { url } = await testCluster();
  const name = `desk_test_${process.pid}_${++databases}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export const storageEngines: StorageEngineUnderTest[] = [
  {
    name: 'SQLite',
    place: async () => {
      const dataDir = tempDir('desk-store-');
      return { where: { dataDir }, open: () => openSqliteStorage(dataDir) };
    },
  },
  {
    name: 'PostgreSQL',
    place: async () => {
      const databaseUrl = await freshPostgresDatabase();
      return { where: { databaseUrl }, open: () => openPostgresStorage(databaseUrl, { poolSize: 4 }) };
    },
  },
];
