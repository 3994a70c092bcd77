/**
 * The budget of one rate-limited lane: at most `limit` calls per window as the
 * exchange counts them, i.e. by ARRIVAL. We cannot see arrivals, only that each lies
 * between our send and the answer, so a call holds its slot from send until its
 * answer plus the span (window + safety margin). Then any `limit + 1` calls arrive
 * more than a window apart, whatever the network does in between (a new connection's
 * handshake can delay one call by more than a margin alone could cover).
 * Pure: time is passed in.
 */
export class SlidingWindow {
  private inFlight = 0;
  // When each answered call frees its slot, ascending, from index `head`.
  private freeAt: number[] = [];
  private head = 0;

  constructor(
    readonly limit: number,
    readonly spanMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
  }

  /** Milliseconds until a call may leave: 0 = now, Infinity = when an in-flight call answers. */
  waitMs(now: number): number {
    this.prune(now);
    const held = this.freeAt.length - this.head;
    if (this.inFlight + held < this.limit) return 0;
    if (held === 0) return Infinity;
    return Math.max(1, (this.freeAt[this.head] ?? now) - now);
  }

  /** A call leaves now; call only when waitMs(now) === 0. */
  take(): void {
    this.inFlight++;
  }

  /** The call's answer (or failure) came at `now`: its slot frees one span later. */
  release(now: number): void {
    if (this.inFlight === 0) throw new Error('release without take');
    this.inFlight--;
    const t = now + this.spanMs;
    // Answers come nearly in order, so this insertion scans only a step or two back.
    let i = this.freeAt.length;
    while (i > this.head && (this.freeAt[i - 1] ?? 0) > t) i--;
    this.freeAt.splice(i, 0, t);
  }

  /** Calls holding a slot now (in flight or answered within the span). */
  held(now: number): number {
    this.prune(now);
    return this.inFlight + this.freeAt.length - this.head;
  }

  private prune(now: number): void {
    while (this.head < this.freeAt.length && (this.freeAt[this.head] ?? Infinity) <= now) this.head++;
    if (this.head > 1024 && this.head * 2 > this.freeAt.length) {
      this.freeAt = this.freeAt.slice(this.head);
      this.head = 0;
    }
  }
}
