import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream } from './test-support/fake-upstream';
import { tempDir } from './test-support/temp-dir';

const repoRoot = resolve(import.meta.dirname, '../..');
let upstream: FakeUpstream;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
});
afterAll(() => upstream.close());

/** Runs main.ts and resolves with its first stdout line, or its stderr if it exits. */
function runMain(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'server-proxy/src/main.ts'), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', DESK_DATA_DIR: tempDir('desk-main-'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const firstLine = new Promise<{ line?: string; code?: number | null; stderr: string }>((done) => {
    createInterface({ input: child.stdout }).once('line', (line) => done({ line, stderr }));
    child.once('exit', (code) => done({ code, stderr }));
  });
  return { child, firstLine };
}

/** A complete --upstream configuration against the fake upstream (its WebSockets go nowhere). */
const upstreamEnv = (): Record<string, string> => ({
  PORT: '0',
  DESK_UPSTREAM_REST: upstream.url,
  DESK_UPSTREAM_WS_PUBLIC: 'ws://127.0.0.1:1/v3/ws/public',
  DESK_UPSTREAM_WS_PRIVATE: 'ws://127.0.0.1:1/v3/ws/private',
  DESK_API_KEY: 'main-test-key',
  DESK_API_SECRET: 'main-test-secret',
  DESK_API_PASSPHRASE: 'main-test-pass',
});

describe('main (npm run proxy)', () => {
  it('prints exactly the Open line, and that URL signs the admin in', async () => {
    const { child, firstLine } = runMain(['--upstream'], upstreamEnv());
    try {
      const { line, stderr } = await firstLine;
      expect(line, stderr).toMatch(/^Open http:\/\/127\.0\.0\.1:\d+\/auth\/token\?t=[A-Za-z0-9_-]+$/);
      const res = await fetch(line!.slice('Open '.length), { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('set-cookie')).toContain('HttpOnly');
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('stops with a message naming DESK_DATABASE_URL and the database\'s reason when the database is wrong', async () => {
    const { firstLine } = runMain(['--upstream'], { ...upstreamEnv(), DESK_DATABASE_URL: 'postgres://desk:wrong@127.0.0.1:1/desk' });
    const result = await firstLine;
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^desk: DESK_DATABASE_URL: the database cannot be reached: .*ECONNREFUSED/m);
  });

  it('fails with a clear message when --upstream lacks its settings', async () => {
    const { firstLine } = runMain(['--upstream'], { PORT: '0' });
    const result = await firstLine;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DESK_UPSTREAM_REST');
  });

  it('fails with a clear message when the upstream has no keys', async () => {
    const { firstLine } = runMain([], { PORT: '0', DESK_UPSTREAM_REST: upstream.url });
    const result = await firstLine;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DESK_API_KEY');
  });
});
