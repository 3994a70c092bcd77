import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password-hash';
import { UserStore } from '../src/auth/user-store';
import { readKeyFile } from '../src/keys/key-file';
import { openSqliteStore } from '../src/core/storage/open-storage';
import { tempDir } from '../src/test-support/temp-dir';

const repoRoot = resolve(import.meta.dirname, '../..');

function run(script: string, args: string[], env: Record<string, string>, input = '') {
  const r = spawnSync(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'server-proxy/bin', script), ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    input,
    encoding: 'utf8',
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('keys CLI', () => {
  it('adds from stdin, lists masked, removes, and never prints a secret', () => {
    const env = { DESK_KEY_FILE: join(tempDir('desk-cli-'), 'keys.json'), DESK_KEY_PASSPHRASE: 'file-pass' };
    const add = run('keys.ts', ['add', 'broker', '--uid', '3000001'], env, 'bg_key_0123456789\nthe-secret-value\nthe-pass-value\n');
    expect(add.code, add.err).toBe(0);
    expect(readKeyFile(env.DESK_KEY_FILE, 'file-pass')).toEqual([{ name: 'broker', uid: '3000001', apiKey: 'bg_key_0123456789', secret: 'the-secret-value', passphrase: 'the-pass-value' }]);
    const list = run('keys.ts', ['list'], env);
    expect(list.out).toBe('broker\tuid 3000001\tkey bg_k…89\n');
    for (const text of [add.out, add.err, list.out, list.err, readFileSync(env.DESK_KEY_FILE, 'utf8')]) {
      expect(text).not.toContain('the-secret-value');
      expect(text).not.toContain('the-pass-value');
    }
    expect(run('keys.ts', ['list'], { ...env, DESK_KEY_PASSPHRASE: 'wrong' }).err).toContain('wrong passphrase');
    expect(run('keys.ts', ['remove', 'broker'], env).code).toBe(0);
    expect(readKeyFile(env.DESK_KEY_FILE, 'file-pass')).toEqual([]);
  }, 60_000);
});

describe('users CLI', () => {
  it('adds a user with a scrypt hash of the password read from stdin, and refuses an unknown role', async () => {
    const dataDir = tempDir('desk-cli-');
    const add = run('users.ts', ['add', 'dana', '--role', 'broker', '--accounts', 'broker,main'], { DESK_DATA_DIR: dataDir }, 'dana-password-1\n');
    expect(add.code, add.err).toBe(0);
    const db = await openSqliteStore(join(dataDir, 'users.sqlite'), 'users');
    const user = await new UserStore(db).get('dana');
    await db.destroy();
    expect(user).toMatchObject({ name: 'dana', role: 'broker', accounts: ['broker', 'main'] });
    expect(user!.passwordHash).not.toContain('dana-password-1');
    expect(await verifyPassword('dana-password-1', user!.passwordHash)).toBe(true);
    const bad = run('users.ts', ['add', 'eve', '--role', 'boss', '--accounts', 'main', '--password', 'long-enough'], { DESK_DATA_DIR: dataDir });
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--role must be one of');
  }, 60_000);
});
