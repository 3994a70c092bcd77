// A per-key sliding-window counter (spec 8: "N requests per second per UID"). Each key
// keeps the times of its last N accepted requests in a ring; a request is accepted when
// fewer than N were accepted in the last window, so the (N+1)th call inside any window is
// refused, not merely the (N+1)th of a fixed calendar second. Refused requests are not
// counted: a client that backs off gets its budget back one window after its last success.

export interface SlidingWindowLimiterOptions {
  /** Requests accepted per window and key. */
  limit: number;
  /** Window length in ms (default 1000). */
  windowMs?: number;
}

interface Ring {
  times: Float64Array;
  /** Index of the oldest entry. */
  head: number;
  size: number;
}

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  private readonly rings = new Map<string, Ring>();

  constructor(options: SlidingWindowLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError(`limit must be a positive integer, got ${options.limit}`);
    const windowMs = options.windowMs ?? 1000;
    if (!(windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${windowMs}`);
    this.limit = options.limit;
    this.windowMs = windowMs;
  }

  /** Accepts (and counts) a request at `now`, or refuses it without counting. */
  tryAcquire(key: string, now: number): boolean {
    let ring = this.rings.get(key);
    if (ring === undefined) {
      ring = { times: new Float64Array(this.limit), head: 0, size: 0 };
      this.rings.set(key, ring);
    }
    if (ring.size < this.limit) {
      ring.times[(ring.head + ring.size) % this.limit] = now;
      ring.size++;
      return true;
    }
    // Full ring: the oldest of the last N accepted requests must have left the window.
    if (now - ring.times[ring.head]! < this.windowMs) return false;
    ring.times[ring.head] = now;
    ring.head = (ring.head + 1) % this.limit;
    return true;
  }

  /** Forgets keys idle for a whole window, so memory follows the active keys only. */
  prune(now: number): void {
    for (const [key, ring] of this.rings) {
      const newest = ring.times[(ring.head + ring.size - 1) % this.limit]!;
      if (ring.size === 0 || now - newest >= this.windowMs) this.rings.delete(key);
    }
  }

  get keyCount(): number {
    return this.rings.size;
  }
}
