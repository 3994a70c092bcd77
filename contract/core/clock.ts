// Time, injected wherever it decides behaviour (auth windows, rate windows, timestamps,
// time-range filters), so tests control it without waiting on the wall clock. One clock
// for the simulator and the proxy: both read `now()`, and the proxy's rate shaper also
// schedules on it (setTimeout), which ManualClock runs in time order.
export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock and timer queue that move only when told to. `advance(ms)` fires the timers that
 * fall due on the way, each at its own instant; `set(ms)` jumps (forward jumps fire too).
 */
export class ManualClock implements Clock {
  private t: number;
  private seq = 0;
  private pending: Array<{ id: number; at: number; fn: () => void }> = [];

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.pending.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending = this.pending.filter((p) => p.id !== handle);
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      this.pending.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.pending[0];
      if (!next || next.at > end) break;
      this.pending.shift();
      this.t = next.at;
      next.fn();
    }
    this.t = end;
  }

  set(ms: number): void {
    if (ms >= this.t) this.advance(ms - this.t);
    else this.t = ms;
  }
}
