import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { AccountCredentials } from './account-credentials';
import { decryptAccounts, encryptAccounts, KeyFileError, readKeyFile, writeKeyFile } from './key-file';
import { KeySourceError, KeyStore, upstreamAccounts } from './key-store';
import { tempDir } from '../test-support/temp-dir';

const fastKdf = { N: 1024, r: 8, p: 1 };
const accounts = [
  { name: 'main', uid: '3000001', apiKey: 'bg_abcdef123456', secret: 'very-secret-value', passphrase: 'pass-phrase-value' },
  { name: 'broker', apiKey: 'bg_999999999', secret: 'other-secret', passphrase: 'other-pass' },
];

describe('encrypted key file (AES-256-GCM, scrypt)', () => {
  it('round-trips several named accounts through a file', () => {
    const dir = tempDir('desk-keys-');
    const file = join(dir, 'keys.json');
    writeKeyFile(file, accounts, 'correct horse', fastKdf);
    expect(readKeyFile(file, 'correct horse')).toEqual(accounts);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const text = readFileSync(file, 'utf8');
    for (const a of accounts) {
      expect(text).not.toContain(a.secret);
      expect(text).not.toContain(a.passphrase);
      expect(text).not.toContain(a.apiKey);
    }
  });

  it('uses a fresh salt and IV on every write', () => {
    const a = JSON.parse(encryptAccounts(accounts, 'pw', fastKdf));
    const b = JSON.parse(encryptAccounts(accounts, 'pw', fastKdf));
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('refuses a wrong passphrase and a tampered file with the same clear error', () => {
    const text = encryptAccounts(accounts, 'right', fastKdf);
    expect(() => decryptAccounts(text, 'wrong')).toThrow(KeyFileError);
    const file = JSON.parse(text);
    const ct = Buffer.from(file.ciphertext, 'base64');
    ct[0] = (ct[0] ?? 0) ^ 1;
    file.ciphertext = ct.toString('base64');
    expect(() => decryptAccounts(JSON.stringify(file), 'right')).toThrow(/wrong passphrase, or the file was modified/);
    expect(() => decryptAccounts('not json', 'right')).toThrow(/not a valid UTA Desk key file/);
  });

  it('refuses duplicate account names', () => {
    expect(() => encryptAccounts([accounts[0]!, accounts[0]!], 'pw', fastKdf)).toThrow(/appears twice/);
  });
});

describe('key sources', () => {
  it('reads one account from the environment, and names missing variables without values', () => {
    const env = { DESK_API_KEY: 'k-123456789', DESK_API_SECRET: 'shh', DESK_API_PASSPHRASE: 'pp' };
    expect(upstreamAccounts(env, undefined)).toEqual([{ name: 'main', uid: undefined, apiKey: 'k-123456789', secret: 'shh', passphrase: 'pp' }]);
    expect(() => upstreamAccounts({ DESK_API_KEY: 'k' }, undefined)).toThrow(/DESK_API_SECRET, DESK_API_PASSPHRASE/);
  });

  it('reads the key file with DESK_KEY_PASSPHRASE and refuses it without', () => {
    const dir = tempDir('desk-keys-');
    const file = join(dir, 'keys.json');
    writeFileSync(file, encryptAccounts(accounts, 'pw', fastKdf));
    expect(upstreamAccounts({ DESK_KEY_PASSPHRASE: 'pw' }, file).map((a) => a.name)).toEqual(['main', 'broker']);
    expect(() => upstreamAccounts({}, file)).toThrow(KeySourceError);
  });

  it('never shows a secret when an account or the store is serialized, inspected or listed', () => {
    const store = new KeyStore(accounts);
    const views = [JSON.stringify(store), JSON.stringify(store.get('main')), inspect(store.get('main')), inspect(store, { depth: 5 }), `${String(store.get('main'))}`, JSON.stringify(store.list())];
    for (const view of views) {
      for (const a of accounts) {
        expect(view).not.toContain(a.secret);
        expect(view).not.toContain(a.passphrase);
        expect(view).not.toContain(a.apiKey);
      }
    }
    expect(store.list()).toEqual([
      { name: 'main', uid: '3000001', keyId: 'bg_a…56' },
      { name: 'broker', uid: undefined, keyId: 'bg_9…99' },
    ]);
    expect(new AccountCredentials(accounts[0]!).rateKey).toBe('3000001');
  });
});
