// What the proxy's background runners share (auto-transfer jobs, archive exports): one
// loop per job in this process at most, every job left running taken up at start, and,
// with other proxies on the database, a look for running jobs every few seconds so one
// whose proxy died is taken over once its lease runs out. A runner's run() claims the
// lease and does the work. A run that fails (the database went away, a read failed) is
// logged and tried again here after a backoff that doubles up to 30 s: without that, a
// proxy alone on its database would leave the job running and idle until its next start.
// A runner may give a job up after some attempts instead (failed()), saying why.
// 'progress' is emitted as a job moves (the screens' live views listen).
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import { messageOf } from './error-message';

/** The wait before the n-th retry of a failed run: 1 s, doubling, at most 30 s. */
export const retryBackoffMs = (attempt: number) => Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 5));

export abstract class LeasedRunner extends EventEmitter<{ progress: [jobId: number] }> {
  private readonly active = new Set<number>();
  /** Per job: runs failed in a row, and the timer of its next try. */
  private readonly failures = new Map<number, number>();
  private readonly retries = new Map<number, NodeJS.Timeout>();
  private stopped = false;
  private stopWatch = () => {};

  /** `noun`: what a job is called in the log ('job', 'export'); `backoffMs`: the wait before retry n. */
  constructor(
    private readonly noun: string,
    private readonly log: Logger | undefined,
    private readonly backoffMs: (attempt: number) => number = retryBackoffMs,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** The jobs that should be running. */
  protected abstract runnable(): Promise<number[]>;
  /** Works on one job until it is done, paused, or another proxy holds it. */
  protected abstract run(id: number): Promise<void>;

  /**
   * A run of job `id` failed for the `attempts`-th time in a row: true to try again after
   * the backoff (the default: the cause is most often the database, which comes back),
   * false when the runner has given the job up (and said why where its user sees it).
   */
  protected failed(_id: number, _attempts: number, _message: string): Promise<boolean> {
    return Promise.resolve(true);
  }

  /** Whether close() was called: a run stops at its next step. */
  protected get closed(): boolean {
    return this.stopped;
  }

  /** Every job left running by an earlier process continues (at start, and each watch round). */
  async resumeAll(): Promise<number> {
    const ids = await this.runnable();
    // kick() logs its own failures; the loops run on while start-up continues.
    for (const id of ids) void this.kick(id);
    return ids.length;
  }

  /** With other proxies on the database: looks for running jobs every `everyMs`. A job another proxy holds is left alone after one claim that fails. */
  watch(everyMs: number): void {
    const timer = setInterval(() => {
      this.resumeAll().catch((err: unknown) => this.log?.warn({ err: messageOf(err) }, `${this.noun}s not looked up; the next round tries again`));
    }, everyMs);
    timer.unref();
    this.stopWatch = () => clearInterval(timer);
  }

  /** Starts the job's loop unless it is already going here. Returns the loop's promise (tests await it). */
  kick(id: number): Promise<void> {
    if (this.active.has(id) || this.stopped) return Promise.resolve();
    clearTimeout(this.retries.get(id));
    this.retries.delete(id);
    this.active.add(id);
    return this.run(id)
      .then(
        () => void this.failures.delete(id),
        (err: unknown) => this.afterFailure(id, messageOf(err)),
      )
      .finally(() => this.active.delete(id));
  }

  private async afterFailure(id: number, message: string): Promise<void> {
    const attempts = (this.failures.get(id) ?? 0) + 1;
    this.failures.set(id, attempts);
    // A give-up that cannot be written (the database is still away) is tried again too.
    const retry = await this.failed(id, attempts, message).catch(() => true);
    if (!retry) {
      this.failures.delete(id);
      this.log?.error({ [this.noun]: id, err: message, attempts }, `${this.noun} failed ${attempts} times in a row and was given up`);
      return;
    }
    if (this.stopped) return;
    const waitMs = this.backoffMs(attempts);
    this.log?.error({ [this.noun]: id, err: message, attempts, retryInMs: waitMs }, `${this.noun} stopped by an error; it stays running and is tried again here`);
    const timer = setTimeout(() => {
      this.retries.delete(id);
      void this.kick(id);
    }, waitMs);
    timer.unref();
    this.retries.set(id, timer);
  }

  close(): void {
    this.stopped = true;
    this.stopWatch();
    for (const timer of this.retries.values()) clearTimeout(timer);
    this.retries.clear();
  }
}
