import type { Clock } from '../core/clock';
import type { Timers } from '../policy/rate-shaper';

/** A clock and timer queue that move only when a test calls advance(). */
export class ManualClock implements Clock, Timers {
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

  /** Moves time forward, firing due timers in time order (each at its own instant). */
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
}
