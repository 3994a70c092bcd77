import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { storedAccountSchema, type StoredAccount } from './account-credentials';

// scrypt parameters for deriving the AES-256-GCM key from the passphrase. Stored in the
// file so they can be raised later without breaking old files.
const DEFAULT_KDF = { N: 1 << 15, r: 8, p: 1 } as const;
const SCRYPT_MAXMEM = 256 * 1024 * 1024;

const b64 = z.base64();
const keyFileSchema = z.strictObject({
  version: z.literal(1),
  kdf: z.strictObject({
    name: z.literal('scrypt'),
    N: z.number().int().min(1024),
    r: z.number().int().positive(),
    p: z.number().int().positive(),
    salt: b64,
  }),
  cipher: z.literal('aes-256-gcm'),
  iv: b64,
  tag: b64,
  ciphertext: b64,
});

const plaintextSchema = z.strictObject({ accounts: z.array(storedAccountSchema) });

export class KeyFileError extends Error {
  override name = 'KeyFileError';
}

export interface KdfParams {
  N: number;
  r: number;
  p: number;
}

function deriveKey(passphrase: string, salt: Buffer, kdf: KdfParams): Buffer {
  return scryptSync(passphrase.normalize('NFKC'), salt, 32, { ...kdf, maxmem: SCRYPT_MAXMEM });
}

/** Encrypts the accounts with a fresh random salt and IV; returns the file's JSON text. */
export function encryptAccounts(accounts: StoredAccount[], passphrase: string, kdf: KdfParams = DEFAULT_KDF): string {
  if (passphrase.length === 0) throw new KeyFileError('the key file passphrase must not be empty');
  const names = new Set<string>();
  for (const a of accounts) {
    if (names.has(a.name)) throw new KeyFileError(`account "${a.name}" appears twice`);
    names.add(a.name);
  }
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const key = deriveKey(passphrase, salt, kdf);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plaintext = Buffer.from(JSON.stringify({ accounts }), 'utf8');
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const file = {
    version: 1,
    kdf: { name: 'scrypt', ...kdf, salt: salt.toString('base64') },
    cipher: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** Decrypts and validates; a wrong passphrase and a tampered file give the same error. */
export function decryptAccounts(fileText: string, passphrase: string): StoredAccount[] {
  let parsed: z.infer<typeof keyFileSchema>;
  try {
    parsed = keyFileSchema.parse(JSON.parse(fileText));
  } catch {
    throw new KeyFileError('the key file is not a valid UTA Desk key file (version 1)');
  }
  const key = deriveKey(passphrase, Buffer.from(parsed.kdf.salt, 'base64'), parsed.kdf);
  let plaintext: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parsed.iv, 'base64'));
    decipher.setAuthTag(Buffer.from(parsed.tag, 'base64'));
    plaintext = Buffer.concat([decipher.update(Buffer.from(parsed.ciphertext, 'base64')), decipher.final()]);
  } catch {
    throw new KeyFileError('cannot decrypt the key file: wrong passphrase, or the file was modified');
  }
  const content = plaintextSchema.safeParse(JSON.parse(plaintext.toString('utf8')));
  if (!content.success) throw new KeyFileError('the decrypted key file has an unexpected shape');
  return content.data.accounts;
}

export function readKeyFile(path: string, passphrase: string): StoredAccount[] {
  if (!existsSync(path)) return [];
  return decryptAccounts(readFileSync(path, 'utf8'), passphrase);
}

/** Writes atomically (temp file + rename) with owner-only permissions. */
export function writeKeyFile(path: string, accounts: StoredAccount[], passphrase: string, kdf?: KdfParams): void {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, encryptAccounts(accounts, passphrase, kdf), { mode: 0o600 });
  renameSync(tmp, path);
}
