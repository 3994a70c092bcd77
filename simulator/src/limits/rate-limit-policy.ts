// Which budget a request draws on (spec 8; the reference docs for v3). Every endpoint has
// the per-UID limit the contract's catalog gives it (contract/catalog/endpoints.ts `rateLimit`, the
// numbers the proxy shapes to): the four v2 operations their spec 8 limit of 10 per second,
// each v3 endpoint its documented one (e.g. 10/s place-order, 5/s batches, 3/s
// max-transferable). Endpoints sharing a catalog group share a budget. SIM_V3_RATE_LIMIT
// replaces every v3 limit by one number (the benchmark raises it out of the way).
import type { EndpointDef } from '@contract/catalog/endpoints';
import { SlidingWindowLimiter } from '../core/sliding-window-limiter';

export interface RateLimitPolicyOptions {
  /** Replaces the documented limit of every v3 endpoint (SIM_V3_RATE_LIMIT; default: the catalog's). */
  v3PerSecond?: number;
  /** Overrides the documented v2 limit (tests only; default: the catalog's perSecond). */
  v2PerSecond?: number;
}

export class RateLimitPolicy {
  /** One limiter per distinct limit, keyed by uid and catalog group. */
  private readonly byLimit = new Map<number, SlidingWindowLimiter>();
  private readonly v2Override: number | undefined;
  private readonly v3Override: number | undefined;
  private checks = 0;

  constructor(options: RateLimitPolicyOptions = {}) {
    this.v2Override = options.v2PerSecond;
    this.v3Override = options.v3PerSecond;
  }

  /** Requests per second per UID an endpoint allows. */
  limitOf(endpoint: Pick<EndpointDef, 'version' | 'rateLimit'>): number {
    const override = endpoint.version === 'v2' ? this.v2Override : this.v3Override;
    return override ?? endpoint.rateLimit.perSecond;
  }

  /**
   * True when the request may proceed (and it is counted); false means answer 429.
   * Calls without a UID (public endpoints) are not limited here.
   */
  allow(endpoint: Pick<EndpointDef, 'version' | 'rateLimit'>, uid: string, now: number): boolean {
    if (uid === '') return true;
    if (++this.checks % 4096 === 0) this.prune(now);
    const limit = this.limitOf(endpoint);
    let limiter = this.byLimit.get(limit);
    if (limiter === undefined) {
      limiter = new SlidingWindowLimiter({ limit });
      this.byLimit.set(limit, limiter);
    }
    // One budget per group (the catalog names one per endpoint unless they share).
    const group = this.v3Override !== undefined && endpoint.version === 'v3' ? 'v3' : endpoint.rateLimit.group;
    return limiter.tryAcquire(`${uid}|${group}`, now);
  }

  private prune(now: number): void {
    for (const limiter of this.byLimit.values()) limiter.prune(now);
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
