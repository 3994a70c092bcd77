// The simulator's notion of time. Injected so tests control timestamps (auth windows,
// createdTime/updatedTime, time-range filters) without waiting on the wall clock.
export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that moves only when told to: `advance(ms)` or `set(ms)`. */
export class ManualClock implements Clock {
  constructor(private ms: number) {}
  now(): number {
    return this.ms;
  }
  advance(ms: number): void {
    this.ms += ms;
  }
  set(ms: number): void {
    this.ms = ms;
  }
}
