import type { Clock } from '@contract/core/clock';

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
    /** Failures from one IP after which that IP is held back, but only on names that failed too. */
    private readonly maxIpFailures = 20,
  ) {}

  /**
   * The login policy (issue 16 item 4). Everyone on the desk's machine is 127.0.0.1, so
   * an IP-wide lockout would let anyone lock everyone out with made-up names. Instead a
   * name is locked after maxFailures failures of its own; an IP past maxIpFailures is held
   * back only on names that have already failed in the window (a sprayer gets one guess
   * per name), so a user whose own name was not attacked always gets in. The local
   * admin's one-time URL is not a login and never counts here.
   */
  checkLogin(username: string, ip: string): ThrottleVerdict {
    const name = this.check(nameKey(username));
    if (!name.allowed) return name;
    if (this.recent(nameKey(username)).length === 0) return name;
    return this.check(ipKey(ip), this.maxIpFailures);
  }

  recordLoginFailure(username: string, ip: string): void {
    this.recordFailure(nameKey(username));
    this.recordFailure(ipKey(ip), this.maxIpFailures);
  }

  loginSucceeded(username: string): void {
    this.reset(nameKey(username));
  }

  check(key: string, max = this.maxFailures): ThrottleVerdict {
    const recent = this.recent(key);
    if (recent.length < max) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = recent[recent.length - max] ?? this.clock.now();
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

  recordFailure(key: string, max = this.maxFailures): void {
    const recent = this.recent(key);
    recent.push(this.clock.now());
    // Keep memory bounded even under a flood: only the last `max` matter.
    if (recent.length > max) recent.splice(0, recent.length - max);
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

const nameKey = (username: string) => `user:${username.toLowerCase()}`;
const ipKey = (ip: string) => `ip:${ip}`;
