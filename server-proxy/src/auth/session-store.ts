import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Role } from './roles';

export interface Session {
  id: string;
  user: string;
  role: Role;
  /** Names of the exchange accounts this user may use; the first is the default. */
  accounts: readonly string[];
  csrfToken: string;
  createdAt: number;
  expiresAt: number;
}

export type NewSession = Pick<Session, 'user' | 'role' | 'accounts'>;

const randomToken = () => randomBytes(32).toString('base64url');

/**
 * Sessions in memory: a restart signs everyone out, which is acceptable for a desk
 * whose keys also come from the process environment. Expired sessions are removed
 * lazily on lookup and by sweep().
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  create(input: NewSession): Session {
    const now = this.clock.now();
    const session: Session = { ...input, id: randomToken(), csrfToken: randomToken(), createdAt: now, expiresAt: now + this.ttlMs };
    this.#sessions.set(session.id, session);
    return session;
  }

  get(id: string | undefined): Session | undefined {
    if (!id) return undefined;
    const session = this.#sessions.get(id);
    if (!session) return undefined;
    if (session.expiresAt <= this.clock.now()) {
      this.#sessions.delete(id);
      return undefined;
    }
    return session;
  }

  delete(id: string | undefined): void {
    if (id) this.#sessions.delete(id);
  }

  /** Ends every session of a user (e.g. after the user was removed or changed role). */
  deleteUser(user: string): void {
    for (const [id, s] of this.#sessions) if (s.user === user) this.#sessions.delete(id);
  }

  sweep(): void {
    const now = this.clock.now();
    for (const [id, s] of this.#sessions) if (s.expiresAt <= now) this.#sessions.delete(id);
  }

  get size(): number {
    return this.#sessions.size;
  }
}
