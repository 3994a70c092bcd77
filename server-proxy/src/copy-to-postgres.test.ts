// The command that moves a desk to PostgreSQL: what it asks for, and a copy end to end.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@contract/schemas/audit';
import { AuditStore } from './audit/audit-store';
import { openPostgresStorage, openSqliteStorage } from './core/storage/open-storage';
import { copyToPostgres } from './copy-to-postgres';
import { freshPostgresDatabase } from './test-support/storage-engines';
import { tempDir } from './test-support/temp-dir';

const run = async (env: Record<string, string>) => {
  const lines: string[] = [];
  const code = await copyToPostgres(env, (l) => lines.push(l));
  return { code, lines };
};

describe('npm run copy-to-postgres', () => {
  it('asks for the database and refuses a folder with no desk in it, creating nothing', async () => {
    const empty = tempDir('desk-copy-cli-');
    expect(await run({ DESK_DATA_DIR: empty })).toEqual({ code: 2, lines: ['DESK_DATABASE_URL: set it to the postgres:// URL of the database to copy into'] });
    expect(await run({ DESK_DATA_DIR: empty, DESK_DATABASE_URL: 'mysql://x' })).toMatchObject({ code: 2, lines: [expect.stringMatching(/^invalid configuration: databaseUrl: must be a postgres:\/\/ URL/)] });
    expect(await run({ DESK_DATA_DIR: empty, DESK_DATABASE_URL: 'postgres://127.0.0.1:1/none' })).toEqual({
      code: 2,
      lines: [`DESK_DATA_DIR: ${empty} holds no desk data (no users.sqlite, audit.sqlite, jobs.sqlite, archive.sqlite)`],
    });
  });

  it('copies a desk, says what it copied, and refuses to copy it twice', async () => {
    const dataDir = tempDir('desk-copy-cli-');
    const files = await openSqliteStorage(dataDir);
    const entry: AuditEntry = { time: 1_700_000_000_000, user: 'ops-1', account: 'main', endpoint: 'placeOrder', method: 'POST', path: '/api/v3/trade/place-order', channel: 'rest', requestBody: '{"qty":"0.001"}', httpStatus: 200, code: '00000', msg: 'success', orderIds: ['1'], clientOids: ['c1'], requestId: 'r-1' };
    const id = await new AuditStore(files.db('audit')).record(entry);
    await files.close();

    const url = await freshPostgresDatabase();
    const first = await run({ DESK_DATA_DIR: dataDir, DESK_DATABASE_URL: url });
    expect(first.code).toBe(0);
    expect(first.lines[0]).toBe(`copying the desk in ${dataDir} into PostgreSQL…`);
    expect(first.lines).toContain('  audit: 1 row');
    expect(first.lines.at(-1)).toBe('done: 1 row in 14 tables. Start the proxies with DESK_DATABASE_URL set.');
    const team = await openPostgresStorage(url);
    try {
      expect(await new AuditStore(team.db('audit')).row(id)).toMatchObject({ ...entry, id, state: 'complete' });
    } finally {
      await team.close();
    }
    expect(await run({ DESK_DATA_DIR: dataDir, DESK_DATABASE_URL: url })).toEqual({
      code: 1,
      lines: [first.lines[0], 'not copied: the PostgreSQL database already holds desk data (audit has 1 row); copy into a database no desk has used'],
    });
  });
});
