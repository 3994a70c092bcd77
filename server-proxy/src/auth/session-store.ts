import { createHash, randomBytes } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { z } from 'zod';
import type { Clock } from '@contract/core/clock';
import { accountNameSchema } from '../keys/account-credentials';
import { roleSchema, type Role } from './roles';
import type { UserRecord } from './user-store';

export interface Session {
  id: string;
  user: string;
  role: Role;
  /** Names of the exchange accounts this user may use; the first is the default. */
  accounts: readonly string[];
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
  /** Signed in with the printed one-time token: no user row stands behind it. */
  localAdmin: boolean;
}

export type NewSession = Pick<Session, 'user' | 'role' | 'accounts'> & { localAdmin?: boolean };

/** What a restored session is checked against: the team users as they are now. */
export interface SessionUsers {
  get(name: string): Pick<UserRecord, 'role' | 'accounts'> | undefined;
}

const randomToken = () => randomBytes(32).toString('base64url');

/** The key a session is stored under: a stolen database file names no usable cookie. */
const idHash = (id: string) => createHash('sha256').update(id).digest('base64url');

const rowSchema = z.object({
  user: z.string(),
  role: roleSchema,
  accounts: z.string(),
  csrf_token: z.string(),
  local_admin: z.union([z.literal(0), z.literal(1)]),
  created_at: z.number(),
  expires_at: z.number(),
});
const accountsSchema = z.array(accountNameSchema);

function parseAccounts(text: string): string[] | undefined {
  try {
    const parsed = accountsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * How long a cached session is trusted before its row and its user are read again: a user
 * removed, or given another role, by `bin/users.ts` (another process) while this proxy
 * runs loses the session within this time, at one indexed read per active session.
 */
export const SESSION_RECHECK_MS = 500;

/** Why a session is no longer valid: the close reason an open socket of it is given. */
export type SessionEndReason = 'signed out' | 'expired' | 'user removed' | 'role or accounts changed' | 'signed in again' | 'unknown session';

/** A session's state now: valid, or ended and why. */
export type SessionCheck = { session: Session } | { ended: SessionEndReason };

/** Ended sessions whose reason is kept for open sockets to read (bounded: oldest dropped first). */
const MAX_ENDED_REASONS = 10_000;

const sameAccounts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((name, i) => name === b[i]);

/**
 * Sessions in SQLite (the users' database), so a restart signs nobody out, with a Map in
 * front: get() runs on every REST call and WS upgrade, and a hit is a Map lookup. The
 * database is read on a miss (a cookie this process has not seen, e.g. after a restart)
 * and every SESSION_RECHECK_MS for a cached session, and then checked again against the
 * user store: a user removed, or given another role or other accounts, while the proxy was
 * down or by another process while it runs, gets no session back.
 * Expired sessions are removed lazily on lookup and by sweep().
 */
export class SessionStore {
  readonly #cache = new Map<string, { session: Session; checkedAt: number }>();
  /** Why recently ended sessions ended, by id: an open socket of one is closed with this reason. */
  readonly #ended = new Map<string, SessionEndReason>();
  readonly #insert: Statement;
  readonly #select: Statement;
  readonly #deleteOne: Statement;
  readonly #deleteUser: Statement;
  readonly #deleteExpired: Statement;

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    db: Database,
    /** Team-mode users; without them only local-admin sessions can be restored. */
    private readonly users: SessionUsers | undefined,
  ) {
    db.exec(`CREATE TABLE IF NOT EXISTS sessions (
      id_hash TEXT PRIMARY KEY,
      user TEXT NOT NULL,
      role TEXT NOT NULL,
      accounts TEXT NOT NULL,
      csrf_token TEXT NOT NULL,
      local_admin INTEGER NOT NULL,
      created_at INTEGER NOT NULL,
      expires_at INTEGER NOT NULL
    ) STRICT;
    CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user);
    CREATE INDEX IF NOT EXISTS sessions_expires ON sessions (expires_at);`);
    this.#insert = db.prepare(`INSERT INTO sessions (id_hash, user, role, accounts, csrf_token, local_admin, created_at, expires_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    this.#select = db.prepare('SELECT user, role, accounts, csrf_token, local_admin, created_at, expires_at FROM sessions WHERE id_hash = ?');
    this.#deleteOne = db.prepare('DELETE FROM sessions WHERE id_hash = ?');
    this.#deleteUser = db.prepare('DELETE FROM sessions WHERE user = ?');
    this.#deleteExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');
  }

  /** Throws if the row cannot be written: a session that would vanish on restart is not handed out. */
  create(input: NewSession): Session {
    const now = this.clock.now();
    const session: Session = {
      id: randomToken(),
      user: input.user,
      role: input.role,
      accounts: [...input.accounts],
      csrfToken: randomToken(),
      createdAt: now,
      expiresAt: now + this.ttlMs,
      localAdmin: input.localAdmin === true,
    };
    this.#insert.run(
      idHash(session.id),
      session.user,
      session.role,
      JSON.stringify(session.accounts),
      session.csrfToken,
      session.localAdmin ? 1 : 0,
      session.createdAt,
      session.expiresAt,
    );
    this.#cache.set(session.id, { session, checkedAt: now });
    return session;
  }

  get(id: string | undefined): Session | undefined {
    const checked = this.check(id);
    return 'session' in checked ? checked.session : undefined;
  }

  /**
   * The session `id` names if it is still valid, else why not (open sockets are closed
   * with that reason). `fresh` skips the cache: an order is not placed under a user
   * removed a moment ago by another process.
   */
  check(id: string | undefined, fresh = false): SessionCheck {
    if (!id) return { ended: 'unknown session' };
    const now = this.clock.now();
    const cached = this.#cache.get(id);
    let session: Session | undefined;
    // `fresh`: before a mutation, the row and the user are read now, not trusted from the cache.
    if (cached && !fresh && now - cached.checkedAt < SESSION_RECHECK_MS) {
      session = cached.session;
    } else {
      this.#cache.delete(id);
      const restored = this.restore(id);
      if ('ended' in restored) return restored;
      session = restored.session;
    }
    if (session.expiresAt <= now) {
      this.delete(id, 'expired');
      return { ended: 'expired' };
    }
    return { session };
  }

  delete(id: string | undefined, reason: SessionEndReason = 'signed out'): void {
    if (!id) return;
    this.#cache.delete(id);
    this.#deleteOne.run(idHash(id));
    this.noteEnded(id, reason);
  }

  /** Ends every session of a user (e.g. after the user was removed or changed role). */
  deleteUser(user: string, reason: SessionEndReason = 'role or accounts changed'): void {
    for (const [id, { session }] of this.#cache) {
      if (session.user !== user) continue;
      this.#cache.delete(id);
      this.noteEnded(id, reason);
    }
    this.#deleteUser.run(user);
  }

  private noteEnded(id: string, reason: SessionEndReason): void {
    this.#ended.delete(id);
    this.#ended.set(id, reason);
    if (this.#ended.size > MAX_ENDED_REASONS) {
      const oldest = this.#ended.keys().next();
      if (!oldest.done) this.#ended.delete(oldest.value);
    }
  }

  sweep(): void {
    const now = this.clock.now();
    for (const [id, { session }] of this.#cache) {
      if (session.expiresAt > now) continue;
      this.#cache.delete(id);
      this.noteEnded(id, 'expired');
    }
    this.#deleteExpired.run(now);
  }

  /** Sessions this process holds in memory (the database may hold more, from before a restart). */
  get size(): number {
    return this.#cache.size;
  }

  /** A cookie this process has not seen, or not checked for SESSION_RECHECK_MS: the database's row, if it still stands. */
  private restore(id: string): SessionCheck {
    const hash = idHash(id);
    const raw = this.#select.get(hash);
    if (raw === undefined) return { ended: this.#ended.get(id) ?? 'unknown session' };
    const parsed = rowSchema.safeParse(raw);
    const accounts = parsed.success ? parseAccounts(parsed.data.accounts) : undefined;
    if (!parsed.success || !accounts) {
      // A row this code cannot read grants nothing.
      this.#deleteOne.run(hash);
      return { ended: 'unknown session' };
    }
    const row = parsed.data;
    const session: Session = {
      id,
      user: row.user,
      role: row.role,
      accounts,
      csrfToken: row.csrf_token,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      localAdmin: row.local_admin === 1,
    };
    if (!session.localAdmin) {
      const user = this.users?.get(session.user);
      if (!user || user.role !== session.role || !sameAccounts(user.accounts, session.accounts)) {
        const reason: SessionEndReason = user ? 'role or accounts changed' : 'user removed';
        this.#deleteOne.run(hash);
        this.noteEnded(id, reason);
        return { ended: reason };
      }
    }
    this.#cache.set(id, { session, checkedAt: this.clock.now() });
    return { session };
  }
}
