import type { Clock } from '../clock';

export interface ThrottleVerdict {
  allowed: boolean;
  /** Whole seconds until the next attempt is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts failed logins per key (a username, an IP) in a sliding window. After
 * `maxFailures` failures within `windowMs`, the key is refused until the oldest of
 * those failures leaves the window. Pure apart from the injected clock.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly maxFailures = 5,
    private readonly windowMs = 60_000,
  ) {}

  check(key: string): ThrottleVerdict {
    const recent = this.recent(key);
    if (recent.length < this.maxFailures) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = recent[recent.length - this.maxFailures] ?? this.clock.now();
    const waitMs = oldest + this.windowMs - this.clock.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** The stricter of several keys' verdicts. */
  checkAll(keys: readonly string[]): ThrottleVerdict {
    let worst: ThrottleVerdict = { allowed: true, retryAfterSeconds: 0 };
    for (const key of keys) {
      const v = this.check(key);
      if (!v.allowed && v.retryAfterSeconds > worst.retryAfterSeconds) worst = v;
    }
    return worst;
  }

  recordFailure(key: string): void {
    const recent = this.recent(key);
    recent.push(this.clock.now());
    // Keep memory bounded even under a flood: only the last maxFailures matter.
    if (recent.length > this.maxFailures) recent.splice(0, recent.length - this.maxFailures);
    this.#failures.set(key, recent);
  }

  /** Forgets keys whose failures all left the window (bounded memory under a flood). */
  sweep(): void {
    for (const key of [...this.#failures.keys()]) this.recent(key);
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }

  private recent(key: string): number[] {
    const cutoff = this.clock.now() - this.windowMs;
    const list = (this.#failures.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.#failures.delete(key);
    return list;
  }
}
