// The rate a job settles rows at, measured over the last few seconds, and the time left at
// that rate. Kept in memory: after a restart the measure starts again (null until then).
const WINDOW_MS = 10_000;

export class ProgressMeter {
  private readonly settled = new Map<number, number[]>();

  note(jobId: number, now: number): void {
    let times = this.settled.get(jobId);
    if (!times) this.settled.set(jobId, (times = []));
    times.push(now);
    while (times.length > 0 && times[0]! < now - WINDOW_MS) times.shift();
  }

  /** Rows per second over the window, or null with fewer than two rows measured. */
  rate(jobId: number, now: number): number | null {
    const times = (this.settled.get(jobId) ?? []).filter((t) => t >= now - WINDOW_MS);
    if (times.length < 2) return null;
    const span = Math.max(now, times[times.length - 1]!) - times[0]!;
    return span <= 0 ? null : ((times.length - 1) * 1000) / span;
  }

  etaMs(jobId: number, remaining: number, now: number): number | null {
    if (remaining === 0) return 0;
    const r = this.rate(jobId, now);
    return r === null || r === 0 ? null : Math.round((remaining / r) * 1000);
  }

  forget(jobId: number): void {
    this.settled.delete(jobId);
  }
}
