import { randomBytes } from 'node:crypto';
import type { Clock } from '@contract/core/clock';
import type { NewSession } from './session-store';

/** Single-use, expiring login tokens for the local admin (the printed "Open ..." URL). */
export class OneTimeTokens {
  readonly #tokens = new Map<string, { grant: NewSession; expiresAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  issue(grant: NewSession): string {
    const token = randomBytes(24).toString('base64url');
    this.#tokens.set(token, { grant, expiresAt: this.clock.now() + this.ttlMs });
    return token;
  }

  /** Returns the grant and burns the token; an unknown, used or expired token gives undefined. */
  redeem(token: string | undefined): NewSession | undefined {
    if (!token) return undefined;
    const entry = this.#tokens.get(token);
    if (!entry) return undefined;
    this.#tokens.delete(token);
    return entry.expiresAt > this.clock.now() ? entry.grant : undefined;
  }
}
