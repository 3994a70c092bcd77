// Runs a step function at a rate that may be far above the timer resolution. Node's
// timers fire at most about once a millisecond, so one step per tick caps any source near
// 1,000 steps/s; instead every tick runs the steps that are due by the elapsed time.
// The ORDER of steps never depends on timing (a seeded source stays deterministic); only
// how many run in a tick does. A backlog larger than `maxBurst` (the process was starved)
// is dropped rather than replayed, so a slow machine gets a lower rate, not a spiral.

export interface PacedOptions {
  /** Steps allowed in one tick before the backlog is dropped; default a tenth of a second's worth. */
  maxBurst?: number;
  now?: () => number;
}

/** Starts calling `step` `ratePerSecond` times a second; returns stop. */
export function startPaced(ratePerSecond: number, step: () => void, options: PacedOptions = {}): () => void {
  if (!(ratePerSecond > 0)) throw new RangeError(`rate must be above 0, got ${ratePerSecond}`);
  const now = options.now ?? (() => performance.now());
  const maxBurst = Math.max(1, options.maxBurst ?? Math.ceil(ratePerSecond / 10));
  // Slow rates keep one step per tick at their own interval, as before.
  const tickMs = Math.max(1, Math.min(1000 / ratePerSecond, 50));
  let start = now();
  let done = 0;
  const timer = setInterval(() => {
    let due = Math.floor(((now() - start) * ratePerSecond) / 1000) - done;
    if (due > maxBurst) {
      start = now() - (maxBurst * 1000) / ratePerSecond;
      done = 0;
      due = maxBurst;
    }
    for (let i = 0; i < due; i++) step();
    done += due;
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
