// `npm run copy-to-postgres`: moves a desk's SQLite files (DESK_DATA_DIR, as `npm start`
// uses it) into the PostgreSQL database at DESK_DATABASE_URL, for a team that outgrows one
// laptop (core/storage/copy-storage.ts). Stop the proxy first: what it writes during the
// copy is not copied. The database must be one no desk has used; the copy is all or nothing.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, loadConfig } from './core/config';
import { copyStorage, rowsText } from './core/storage/copy-storage';
import { openPostgresStorage, openSqliteStorage, StorageError } from './core/storage/open-storage';
import { storeNames } from './core/storage/store-migrations';
import { messageOf } from './core/error-message';
import { fromRepoRoot } from './core/repo-path';


/** Runs the copy the environment names; resolves with the exit code, having said what happened on `say`. */
export async function copyToPostgres(env: NodeJS.ProcessEnv, say: (line: string) => void): Promise<number> {
  let config;
  try {
    config = loadConfig(env, []);
  } catch (err) {
    if (err instanceof ConfigError) return (say(err.message), 2);
    throw err;
  }
  if (!config.databaseUrl) return (say('DESK_DATABASE_URL: set it to the postgres:// URL of the database to copy into'), 2);
  const dataDir = fromRepoRoot(config.dataDir);
  // Opening a store creates its file: an empty or mistyped folder must not "copy" nothing.
  const missing = storeNames.filter((s) => !existsSync(join(dataDir, `${s}.sqlite`)));
  if (missing.length === storeNames.length) return (say(`DESK_DATA_DIR: ${dataDir} holds no desk data (no ${storeNames.map((s) => `${s}.sqlite`).join(', ')})`), 2);
  let files, team;
  try {
    files = await openSqliteStorage(dataDir);
    team = await openPostgresStorage(config.databaseUrl);
    say(`copying the desk in ${dataDir} into PostgreSQL…`);
    const reports = await copyStorage(files, team, ({ table, rows }) => say(`  ${table}: ${rowsText(rows)}`));
    say(`done: ${rowsText(reports.reduce((n, r) => n + r.rows, 0))} in ${reports.length} tables. Start the proxies with DESK_DATABASE_URL set.`);
    return 0;
  } catch (err) {
    // A StorageError names what is wrong; anything else is the database's own words.
    say(`not copied: ${err instanceof StorageError ? err.message : `the copy failed and PostgreSQL was left as it was: ${messageOf(err)}`}`);
    return 1;
  } finally {
    await files?.close();
    await team?.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await copyToPostgres(process.env, (line) => console.log(line));
}
