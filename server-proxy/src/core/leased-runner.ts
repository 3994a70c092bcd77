// What the proxy's background runners share (auto-transfer jobs, archive exports): one
// loop per job in this process at most, every job left running taken up at start, and,
// with other proxies on the database, a look for running jobs every few seconds so one
// whose proxy died is taken over once its lease runs out. A runner's run() claims the
// lease and does the work; a run that fails is logged and the job stays running for the
// next round. 'progress' is emitted as a job moves (the screens' live views listen).
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export abstract class LeasedRunner extends EventEmitter<{ progress: [jobId: number] }> {
  private readonly active = new Set<number>();
  private stopped = false;
  private stopWatch = () => {};

  /** `noun`: what a job is called in the log ('job', 'export'). */
  constructor(
    private readonly noun: string,
    private readonly log: Logger | undefined,
  ) {
    super();
    this.setMaxListeners(0);
  }

  /** The jobs that should be running. */
  protected abstract runnable(): Promise<number[]>;
  /** Works on one job until it is done, paused, or another proxy holds it. */
  protected abstract run(id: number): Promise<void>;

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
    this.active.add(id);
    return this.run(id)
      .catch((err: unknown) => {
        this.log?.error({ [this.noun]: id, err: messageOf(err) }, `${this.noun} stopped by an error; it stays running and goes on at the next start, or when its lease runs out`);
      })
      .finally(() => this.active.delete(id));
  }

  close(): void {
    this.stopped = true;
    this.stopWatch();
  }
}
