import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { accountNameSchema } from '../keys/account-credentials';
import { roleSchema } from './roles';

export const usernameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'must be 1 to 64 characters of letters, digits, . _ or -');

export const userRecordSchema = z.strictObject({
  name: usernameSchema,
  role: roleSchema,
  accounts: z.array(accountNameSchema).min(1, 'a user needs at least one account'),
  passwordHash: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

const rowSchema = z.object({ name: z.string(), role: z.string(), accounts: z.string(), password_hash: z.string() });

/** Team-mode users in SQLite (the passwords only as scrypt hashes, see password-hash.ts). */
export class UserStore {
  constructor(private readonly db: Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS users (
      name TEXT PRIMARY KEY,
      role TEXT NOT NULL,
      accounts TEXT NOT NULL,
      password_hash TEXT NOT NULL,
      created_at INTEGER NOT NULL
    ) STRICT`);
  }

  get(name: string): UserRecord | undefined {
    const row = this.db.prepare('SELECT name, role, accounts, password_hash FROM users WHERE name = ?').get(name);
    return row === undefined ? undefined : this.fromRow(row);
  }

  list(): Omit<UserRecord, 'passwordHash'>[] {
    return this.db
      .prepare('SELECT name, role, accounts, password_hash FROM users ORDER BY name')
      .all()
      .map((row) => {
        const { passwordHash: _omit, ...rest } = this.fromRow(row);
        return rest;
      });
  }

  /** Adds or replaces a user. */
  put(user: UserRecord, now = Date.now()): void {
    const valid = userRecordSchema.parse(user);
    this.db
      .prepare(
        `INSERT INTO users (name, role, accounts, password_hash, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(name) DO UPDATE SET role = excluded.role, accounts = excluded.accounts, password_hash = excluded.password_hash`,
      )
      .run(valid.name, valid.role, JSON.stringify(valid.accounts), valid.passwordHash, now);
  }

  remove(name: string): boolean {
    return this.db.prepare('DELETE FROM users WHERE name = ?').run(name).changes > 0;
  }

  private fromRow(row: unknown): UserRecord {
    const r = rowSchema.parse(row);
    return userRecordSchema.parse({ name: r.name, role: r.role, accounts: JSON.parse(r.accounts), passwordHash: r.password_hash });
  }
}
