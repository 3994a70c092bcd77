// The rate a job settles rows at, measured over the last few seconds, and the time left at
// that rate. Kept in memory: after a restart the measure starts again. The shaper lets a
// burst of up to 10 calls go at once, so a measure over the first seconds would overstate
// the rate; none is given until MIN_SPAN_MS have passed since the job (re)started.
const WINDOW_MS = 10_000;
const MIN_SPAN_MS = 3_000;

export class ProgressMeter {
  private readonly settled = new Map<number, number[]>();
  private readonly started = new Map<number, number>();

  /** The job's loop (re)starts now: the measure begins afresh. */
  begin(jobId: number, now: number): void {
    this.started.set(jobId, now);
    this.settled.set(jobId, []);
  }

  note(jobId: number, now: number): void {
    let times = this.settled.get(jobId);
    if (!times) this.settled.set(jobId, (times = []));
    if (!this.started.has(jobId)) this.started.set(jobId, now);
    times.push(now);
    while (times.length > 0 && times[0]! < now - WINDOW_MS) times.shift();
  }

  /** Rows per second over the last WINDOW_MS (or since the start, if later); null too early to say. */
  rate(jobId: number, now: number): number | null {
    const start = this.started.get(jobId);
    if (start === undefined || now - start < MIN_SPAN_MS) return null;
    const since = Math.max(start, now - WINDOW_MS);
    const n = (this.settled.get(jobId) ?? []).filter((t) => t >= since).length;
    return (n * 1000) / (now - since);
  }

  etaMs(jobId: number, remaining: number, now: number): number | null {
    if (remaining === 0) return 0;
    const r = this.rate(jobId, now);
    return r === null || r === 0 ? null : Math.round((remaining / r) * 1000);
  }
}
