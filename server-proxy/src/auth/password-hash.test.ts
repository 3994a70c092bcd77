import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash';

const fast = { N: 1024, r: 8, p: 1 };

describe('scrypt password hashes', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret pass', fast);
    expect(stored).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored).not.toContain('s3cret');
    expect(await verifyPassword('s3cret pass', stored)).toBe(true);
    expect(await verifyPassword('s3cret pasS', stored)).toBe(false);
  });

  it('salts each hash so equal passwords hash differently', async () => {
    expect(await hashPassword('same', fast)).not.toBe(await hashPassword('same', fast));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const bad of ['', 'plain', 'scrypt$x$8$1$AA$BB', 'scrypt$1024$8$1$AA$short']) {
      expect(await verifyPassword('pw', bad)).toBe(false);
    }
  });
});
