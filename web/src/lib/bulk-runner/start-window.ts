// The client side of a documented rate limit (spec 8: 10 requests per second per UID on
// the v2 operations): never more than `limit` starts within any `windowMs`. The proxy
// shapes too; pacing here keeps its queue short and the progress bar honest.

export class StartWindow {
  private readonly starts: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a whole number of 1 or more');
    if (!(windowMs > 0)) throw new RangeError('windowMs must be positive');
  }

  /** How long to wait from `now` before the next start (0: start now). */
  waitFrom(now: number): number {
    if (this.starts.length < this.limit) return 0;
    // The start `limit` places back must be a full window old: then no window holds limit + 1 starts.
    const oldest = this.starts[this.starts.length - this.limit] ?? 0;
    return Math.max(0, oldest + this.windowMs - now);
  }

  record(now: number): void {
    this.starts.push(now);
    if (this.starts.length > this.limit) this.starts.splice(0, this.starts.length - this.limit);
  }
}
