/**
 * Departure times of one rate-limited lane. A call may leave at `now` when fewer than
 * `limit` calls left within the last `spanMs`. With spanMs = window + safety margin,
 * any `limit + 1` consecutive departures are more than a window apart, so the upstream
 * never counts more than `limit` calls in any window even if the network bunches
 * arrivals by up to the margin. Pure: time is passed in.
 */
export class SlidingWindow {
  // Departures within the span, oldest first, from index `head` (amortised O(1) pops).
  private times: number[] = [];
  private head = 0;

  constructor(
    readonly limit: number,
    readonly spanMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  /** Milliseconds until a call may leave (0 = now). Does not take the slot. */
  waitMs(now: number): number {
    this.prune(now);
    if (this.times.length - this.head < this.limit) return 0;
    const oldest = this.times[this.head] ?? now;
    return Math.max(1, oldest + this.spanMs - now);
  }

  /** Takes a slot at `now`; call only when waitMs(now) === 0. */
  take(now: number): void {
    this.times.push(now);
  }

  get inWindow(): number {
    return this.times.length - this.head;
  }

  private prune(now: number): void {
    const cutoff = now - this.spanMs;
    while (this.head < this.times.length && (this.times[this.head] ?? Infinity) <= cutoff) this.head++;
    if (this.head > 1024 && this.head * 2 > this.times.length) {
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }
}
