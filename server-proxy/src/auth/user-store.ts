import { z } from 'zod';
import { accountNameSchema } from '../keys/account-credentials';
import { roleSchema } from './roles';
import type { DeskDb } from '../core/storage/open-storage';

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

/**
 * Team-mode users (the passwords only as scrypt hashes, see password-hash.ts), in the users
 * store (core/storage): a SQLite file, or the team's PostgreSQL database (issue 22).
 */
export class UserStore {
  constructor(private readonly db: DeskDb) {}

  async get(name: string): Promise<UserRecord | undefined> {
    const row = await this.db.selectFrom('users').select(['name', 'role', 'accounts', 'password_hash']).where('name', '=', name).executeTakeFirst();
    return row === undefined ? undefined : this.fromRow(row);
  }

  async list(): Promise<Omit<UserRecord, 'passwordHash'>[]> {
    const rows = await this.db.selectFrom('users').select(['name', 'role', 'accounts', 'password_hash']).orderBy('name').execute();
    return rows.map((row) => {
      const { passwordHash: _omit, ...rest } = this.fromRow(row);
      return rest;
    });
  }

  /** Adds or replaces a user. */
  async put(user: UserRecord, now = Date.now()): Promise<void> {
    const valid = userRecordSchema.parse(user);
    await this.db
      .insertInto('users')
      .values({ name: valid.name, role: valid.role, accounts: JSON.stringify(valid.accounts), password_hash: valid.passwordHash, created_at: now })
      .onConflict((c) => c.column('name').doUpdateSet((eb) => ({ role: eb.ref('excluded.role'), accounts: eb.ref('excluded.accounts'), password_hash: eb.ref('excluded.password_hash') })))
      .execute();
  }

  async remove(name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('name', '=', name).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  private fromRow(row: unknown): UserRecord {
    const r = rowSchema.parse(row);
    return userRecordSchema.parse({ name: r.name, role: r.role, accounts: JSON.parse(r.accounts), passwordHash: r.password_hash });
  }
}
