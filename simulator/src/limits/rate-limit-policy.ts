// Which budget a request draws on (spec 8). The four v2 operations have their documented
// 10 per second per UID, each its own budget (the catalog's rate-limit group). v3 limits
// are "not shown" in the spec, so v3 gets one generous per-UID budget that only a runaway
// client reaches; it is configurable (SIM_V3_RATE_LIMIT) for tests of the proxy's shaper.
import type { EndpointDef } from '@contract/endpoints';
import { SlidingWindowLimiter } from './sliding-window-limiter';

export const DEFAULT_V3_PER_SECOND = 1000;

export interface RateLimitPolicyOptions {
  /** Requests per second per UID across all v3 endpoints (default 1000). */
  v3PerSecond?: number;
  /** Overrides the documented v2 limit (tests only; default: the catalog's perSecond). */
  v2PerSecond?: number;
}

export class RateLimitPolicy {
  private readonly v2 = new Map<number, SlidingWindowLimiter>();
  private readonly v3: SlidingWindowLimiter;
  private readonly v2Override: number | undefined;
  private checks = 0;

  constructor(options: RateLimitPolicyOptions = {}) {
    this.v3 = new SlidingWindowLimiter({ limit: options.v3PerSecond ?? DEFAULT_V3_PER_SECOND });
    this.v2Override = options.v2PerSecond;
  }

  /**
   * True when the request may proceed (and it is counted); false means answer 429.
   * Calls without a UID (public endpoints) are not limited here.
   */
  allow(endpoint: Pick<EndpointDef, 'version' | 'rateLimit'>, uid: string, now: number): boolean {
    if (uid === '') return true;
    if (++this.checks % 4096 === 0) this.prune(now);
    if (endpoint.version === 'v2') {
      const limit = this.v2Override ?? endpoint.rateLimit.perSecond;
      let limiter = this.v2.get(limit);
      if (limiter === undefined) {
        limiter = new SlidingWindowLimiter({ limit });
        this.v2.set(limit, limiter);
      }
      return limiter.tryAcquire(`${uid}|${endpoint.rateLimit.group}`, now);
    }
    return this.v3.tryAcquire(uid, now);
  }

  private prune(now: number): void {
    this.v3.prune(now);
    for (const limiter of this.v2.values()) limiter.prune(now);
  }
}

/** Reads SIM_V3_RATE_LIMIT (a positive integer) from the environment. */
export function v3LimitFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const raw = env.SIM_V3_RATE_LIMIT;
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`SIM_V3_RATE_LIMIT must be a positive integer, got "${raw}"`);
  return n;
}
