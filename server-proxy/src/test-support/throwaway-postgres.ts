// A PostgreSQL server for tests (issue 22): a fresh cluster in a temporary directory, on a
// free port, stopped and removed at the end. PostgreSQL refuses to run as root (CI runs as
// root), so as root the cluster belongs to the `postgres` system user Debian's package
// creates, and the commands run through runuser. The server binaries come from Debian's
// postgresql package (.ci/run installs it when missing).
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ThrowawayPostgres {
  /** postgres://… for the cluster's `desk` database. */
  url: string;
  stop(): void;
}

/** The newest installed server's bin directory, or null when no server is installed. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL server binaries are missing: install Debian\'s "postgresql" package (.ci/run does)');
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const file = join(bin, cmd);
    return asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' }) : execFileSync(file, args, { stdio: 'pipe' });
  };
  const dir = mkdtempSync(join(tmpdir(), 'desk-pg-'));
  // The cluster's owner must be able to write there.
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const password = 'desk-test';
  const pwfile = join(dir, 'pw');
  writeFileSync(pwfile, password, { mode: 0o644 });
  run('initdb', ['-D', data, '-U', 'desk', '--pwfile', pwfile, '-A', 'scram-sha-256', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  // Only TCP on loopback; the socket directory is the temp directory, not /var/run.
  run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`, 'start']);
  const url = `postgres://desk:${password}@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
