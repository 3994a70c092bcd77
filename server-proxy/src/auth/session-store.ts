import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Clock } from '@contract/core/clock';
import { accountNameSchema } from '../keys/account-credentials';
import { roleSchema, type Role } from './roles';
import type { UserRecord } from './user-store';
import type { DeskDb } from '../core/storage/open-storage';

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
  get(name: string): Promise<Pick<UserRecord, 'role' | 'accounts'> | undefined>;
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
 * Sessions in the users store (SQLite, or the team's PostgreSQL: issue 22), so a restart
 * signs nobody out and a session made through one proxy works through another, with a Map
 * in front: check() runs on every REST call and WS upgrade, and a hit is a Map lookup, no
 * database round trip. The database is read on a miss (a cookie this process has not seen,
 * e.g. after a restart or from another proxy) and every SESSION_RECHECK_MS for a cached
 * session, and then checked again against the user store: a user removed, or given another
 * role or other accounts, while the proxy was down or by another process while it runs,
 * gets no session back. Expired sessions are removed lazily on lookup and by sweep().
 */
export class SessionStore {
  readonly #cache = new Map<string, { session: Session; checkedAt: number }>();
  /** Why recently ended sessions ended, by id: an open socket of one is closed with this reason. */
  readonly #ended = new Map<string, SessionEndReason>();
  /** Reads of the database under way, by id: a page's burst of calls with a new cookie reads once. */
  readonly #restoring = new Map<string, Promise<SessionCheck>>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
    private readonly db: DeskDb,
    /** Team-mode users; without them only local-admin sessions can be restored. */
    private readonly users: SessionUsers | undefined,
  ) {}

  /** Rejects if the row cannot be written: a session that would vanish on restart is not handed out. */
  async create(input: NewSession): Promise<Session> {
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
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: idHash(session.id),
        user: session.user,
        role: session.role,
        accounts: JSON.stringify(session.accounts),
        csrf_token: session.csrfToken,
        local_admin: session.localAdmin ? 1 : 0,
        created_at: session.createdAt,
        expires_at: session.expiresAt,
      })
      .execute();
    this.#cache.set(session.id, { session, checkedAt: now });
    return session;
  }

  /**
   * The session `id` names when this process checked it less than SESSION_RECHECK_MS ago,
   * without waiting for anything (the relay's per-call path); undefined means "ask check()".
   */
  cached(id: string | undefined): Session | undefined {
    const hit = id ? this.#cache.get(id) : undefined;
    const now = this.clock.now();
    if (!hit || now - hit.checkedAt >= SESSION_RECHECK_MS || hit.session.expiresAt <= now) return undefined;
    return hit.session;
  }

  async get(id: string | undefined): Promise<Session | undefined> {
    const checked = await this.check(id);
    return 'session' in checked ? checked.session : undefined;
  }

  /**
   * The session `id` names if it is still valid, else why not (open sockets are closed
   * with that reason). `fresh` skips the cache: an order is not placed under a user
   * removed a moment ago by another process.
   */
  async check(id: string | undefined, fresh = false): Promise<SessionCheck> {
    if (!id) return { ended: 'unknown session' };
    const now = this.clock.now();
    const cached = this.#cache.get(id);
    let session: Session | undefined;
    // `fresh`: before a mutation, the row and the user are read now, not trusted from the cache.
    if (cached && !fresh && now - cached.checkedAt < SESSION_RECHECK_MS) {
      session = cached.session;
    } else {
      const restored = await this.restoreOnce(id, fresh);
      if ('ended' in restored) return restored;
      session = restored.session;
    }
    if (session.expiresAt <= this.clock.now()) {
      await this.delete(id, 'expired');
      return { ended: 'expired' };
    }
    return { session };
  }

  async delete(id: string | undefined, reason: SessionEndReason = 'signed out'): Promise<void> {
    if (!id) return;
    this.#cache.delete(id);
    this.noteEnded(id, reason);
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash(id)).execute();
  }

  /** Ends every session of a user (e.g. after the user was removed or changed role). */
  async deleteUser(user: string, reason: SessionEndReason = 'role or accounts changed'): Promise<void> {
    for (const [id, { session }] of this.#cache) {
      if (session.user !== user) continue;
      this.#cache.delete(id);
      this.noteEnded(id, reason);
    }
    await this.db.deleteFrom('sessions').where('user', '=', user).execute();
  }

  private noteEnded(id: string, reason: SessionEndReason): void {
    this.#ended.delete(id);
    this.#ended.set(id, reason);
    if (this.#ended.size > MAX_ENDED_REASONS) {
      const oldest = this.#ended.keys().next();
      if (!oldest.done) this.#ended.delete(oldest.value);
    }
  }

  async sweep(): Promise<void> {
    const now = this.clock.now();
    for (const [id, { session }] of this.#cache) {
      if (session.expiresAt > now) continue;
      this.#cache.delete(id);
      this.noteEnded(id, 'expired');
    }
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }

  /** Sessions this process holds in memory (the database may hold more, from before a restart). */
  get size(): number {
    return this.#cache.size;
  }

  /** One database read per id at a time; a fresh check never joins a read that began before it. */
  private restoreOnce(id: string, fresh: boolean): Promise<SessionCheck> {
    const pending = fresh ? undefined : this.#restoring.get(id);
    if (pending) return pending;
    const read = this.restore(id).finally(() => {
      if (this.#restoring.get(id) === read) this.#restoring.delete(id);
    });
    this.#restoring.set(id, read);
    return read;
  }

  /** A cookie this process has not seen, or not checked for SESSION_RECHECK_MS: the database's row, if it still stands. */
  private async restore(id: string): Promise<SessionCheck> {
    const hash = idHash(id);
    const raw = await this.db
      .selectFrom('sessions')
      .select(['user', 'role', 'accounts', 'csrf_token', 'local_admin', 'created_at', 'expires_at'])
      .where('id_hash', '=', hash)
      .executeTakeFirst();
    if (raw === undefined) {
      this.#cache.delete(id);
      return { ended: this.#ended.get(id) ?? 'unknown session' };
    }
    const parsed = rowSchema.safeParse(raw);
    const accounts = parsed.success ? parseAccounts(parsed.data.accounts) : undefined;
    if (!parsed.success || !accounts) {
      // A row this code cannot read grants nothing.
      this.#cache.delete(id);
      await this.db.deleteFrom('sessions').where('id_hash', '=', hash).execute();
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
      const user = await this.users?.get(session.user);
      if (!user || user.role !== session.role || !sameAccounts(user.accounts, session.accounts)) {
        const reason: SessionEndReason = user ? 'role or accounts changed' : 'user removed';
        this.#cache.delete(id);
        this.noteEnded(id, reason);
        await this.db.deleteFrom('sessions').where('id_hash', '=', hash).execute();
        return { ended: reason };
      }
    }
    this.#cache.set(id, { session, checkedAt: this.clock.now() });
    return { session };
  }
}
