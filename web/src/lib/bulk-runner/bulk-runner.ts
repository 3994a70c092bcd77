// Runs one call per item, paced within a rate limit, with pause, resume and a retry of
// the failed items. It is an external store (subscribe/getSnapshot) so a screen renders
// progress with useSyncExternalStore, and its logic is tested without React or sockets.
import { StartWindow } from './start-window';

export type JobStatus = 'pending' | 'running' | 'success' | 'failed';
export type RunnerPhase = 'idle' | 'running' | 'paused' | 'done';

export interface JobState<T> {
  index: number;
  item: T;
  status: JobStatus;
  /** The answer's message (success or failure); empty while pending. */
  message: string;
  attempts: number;
}

export interface RunnerSnapshot<T> {
  phase: RunnerPhase;
  jobs: readonly JobState<T>[];
  counts: Record<JobStatus, number>;
}

export type JobOutcome = { ok: true; message?: string } | { ok: false; message: string };

export interface BulkRunnerOptions<T> {
  /** One call for one item. A throw counts as a failure with the error's message. */
  run: (item: T) => Promise<JobOutcome>;
  /** Starts allowed per window (default 10, spec 8). */
  perWindow?: number;
  windowMs?: number;
  /** Calls in flight at once (default 3). */
  concurrency?: number;
  now?: () => number;
}

export interface BulkRunner<T> {
  /** Starts (or resumes) the run. */
  start(): void;
  /** No new calls start; calls in flight finish and are recorded. */
  pause(): void;
  resume(): void;
  /** Puts the failed items back in the queue and runs them again. */
  retryFailed(): void;
  getSnapshot(): RunnerSnapshot<T>;
  subscribe(listener: () => void): () => void;
}

export function createBulkRunner<T>(items: readonly T[], options: BulkRunnerOptions<T>): BulkRunner<T> {
  const window = new StartWindow(options.perWindow ?? 10, options.windowMs ?? 1000);
  const concurrency = Math.max(1, options.concurrency ?? 3);
  const now = options.now ?? (() => Date.now());
  const jobs: JobState<T>[] = items.map((item, index) => ({ index, item, status: 'pending', message: '', attempts: 0 }));
  const listeners = new Set<() => void>();
  let phase: RunnerPhase = 'idle';
  let inFlight = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let snapshot = build();

  function build(): RunnerSnapshot<T> {
    const counts: Record<JobStatus, number> = { pending: 0, running: 0, success: 0, failed: 0 };
    for (const j of jobs) counts[j.status]++;
    return { phase, jobs: jobs.map((j) => ({ ...j })), counts };
  }

  function emit(): void {
    snapshot = build();
    for (const l of [...listeners]) l();
  }

  function clearTimer(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  }

  function pump(): void {
    if (phase !== 'running') return;
    let started = false;
    while (inFlight < concurrency) {
      const job = jobs.find((j) => j.status === 'pending');
      if (!job) break;
      const wait = window.waitFrom(now());
      if (wait > 0) {
        if (timer === undefined) {
          timer = setTimeout(() => {
            timer = undefined;
            pump();
          }, wait);
        }
        break;
      }
      window.record(now());
      job.status = 'running';
      job.attempts++;
      inFlight++;
      started = true;
      void runOne(job);
    }
    if (inFlight === 0 && !jobs.some((j) => j.status === 'pending')) {
      phase = 'done';
      clearTimer();
      emit();
    } else if (started) {
      emit();
    }
  }

  async function runOne(job: JobState<T>): Promise<void> {
    let outcome: JobOutcome;
    try {
      outcome = await options.run(job.item);
    } catch (e) {
      outcome = { ok: false, message: e instanceof Error ? e.message : String(e) };
    }
    job.status = outcome.ok ? 'success' : 'failed';
    job.message = outcome.message ?? '';
    inFlight--;
    // Paused with nothing left to start: the run is over.
    if (phase === 'paused' && inFlight === 0 && !jobs.some((j) => j.status === 'pending')) phase = 'done';
    emit();
    pump();
  }

  return {
    start() {
      if (phase === 'running') return;
      phase = 'running';
      emit();
      pump();
    },
    pause() {
      if (phase !== 'running') return;
      phase = 'paused';
      clearTimer();
      emit();
    },
    resume() {
      if (phase !== 'paused') return;
      phase = 'running';
      emit();
      pump();
    },
    retryFailed() {
      let any = false;
      for (const j of jobs) {
        if (j.status === 'failed') {
          j.status = 'pending';
          j.message = '';
          any = true;
        }
      }
      if (!any) return;
      if (phase !== 'paused') phase = 'running';
      emit();
      pump();
    },
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
