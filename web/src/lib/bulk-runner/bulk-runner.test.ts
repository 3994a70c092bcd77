import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBulkRunner, type JobOutcome } from './bulk-runner';
import { StartWindow } from './start-window';

/** The most starts found in any window of `windowMs` (half-open: [t, t + windowMs)). */
function maxStartsInAnyWindow(starts: readonly number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0; i < sorted.length; i++) {
    let n = 0;
    for (let j = i; j < sorted.length && (sorted[j] ?? 0) < (sorted[i] ?? 0) + windowMs; j++) n++;
    best = Math.max(best, n);
  }
  return best;
}

const after = <V,>(ms: number, value: V) => new Promise<V>((resolve) => setTimeout(() => resolve(value), ms));

describe('StartWindow', () => {
  it('allows `limit` starts at once, then waits until the oldest of them is a window old', () => {
    const w = new StartWindow(3, 1000);
    for (const t of [0, 10, 20]) {
      expect(w.waitFrom(t)).toBe(0);
      w.record(t);
    }
    expect(w.waitFrom(20)).toBe(980);
    expect(w.waitFrom(1000)).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => new StartWindow(0, 1000)).toThrow(RangeError);
  });
});

describe('createBulkRunner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_700_000_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never starts more than 10 calls within any 1,000 ms window, and runs every item once', async () => {
    const starts: number[] = [];
    const seen: number[] = [];
    const runner = createBulkRunner(
      Array.from({ length: 47 }, (_, i) => i),
      {
        concurrency: 4,
        run: async (i) => {
          starts.push(Date.now());
          seen.push(i);
          // Calls of uneven length, so completions interleave.
          return after(5 + (i % 7) * 40, { ok: true } as JobOutcome);
        },
      },
    );
    runner.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runner.getSnapshot().phase).toBe('done');
    expect(runner.getSnapshot().counts.success).toBe(47);
    expect([...seen].sort((a, b) => a - b)).toEqual(Array.from({ length: 47 }, (_, i) => i));
    expect(maxStartsInAnyWindow(starts, 1000)).toBe(10);
    // Paced, not serialised: 47 calls need a little over four windows.
    expect((starts.at(-1) ?? 0) - (starts[0] ?? 0)).toBeLessThan(5000);
  });

  it('keeps the window when calls answer instantly', async () => {
    const starts: number[] = [];
    const runner = createBulkRunner(Array.from({ length: 35 }, (_, i) => i), {
      concurrency: 10,
      run: async () => {
        starts.push(Date.now());
        return { ok: true };
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(35);
    expect(maxStartsInAnyWindow(starts, 1000)).toBe(10);
  });

  it('starts nothing new while paused, lets calls in flight finish, and continues on resume', async () => {
    let started = 0;
    const runner = createBulkRunner(Array.from({ length: 20 }, (_, i) => i), {
      concurrency: 2,
      run: async () => {
        started++;
        return after(50, { ok: true } as JobOutcome);
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(120);
    runner.pause();
    const atPause = started;
    expect(runner.getSnapshot().phase).toBe('paused');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toBe(atPause);
    const snap = runner.getSnapshot();
    expect(snap.counts.running).toBe(0);
    expect(snap.counts.success).toBe(atPause);
    expect(snap.counts.pending).toBe(20 - atPause);

    runner.resume();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runner.getSnapshot()).toMatchObject({ phase: 'done', counts: { success: 20, pending: 0 } });
    expect(started).toBe(20);
  });

  it('records failures with their message, a throw included, and retries only the failed items', async () => {
    const attempts = new Map<number, number>();
    const runner = createBulkRunner([0, 1, 2, 3, 4, 5], {
      run: async (i) => {
        const n = (attempts.get(i) ?? 0) + 1;
        attempts.set(i, n);
        if (i === 4 && n === 1) throw new Error('network down');
        if (i % 2 === 1 && n === 1) return { ok: false, message: `refused ${i}` };
        return { ok: true, message: 'success' };
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(1_000);
    const first = runner.getSnapshot();
    expect(first.phase).toBe('done');
    expect(first.jobs.filter((j) => j.status === 'failed').map((j) => [j.index, j.message])).toEqual([
      [1, 'refused 1'],
      [3, 'refused 3'],
      [4, 'network down'],
      [5, 'refused 5'],
    ]);

    runner.retryFailed();
    await vi.advanceTimersByTimeAsync(1_000);
    const second = runner.getSnapshot();
    expect(second.counts).toEqual({ pending: 0, running: 0, success: 6, failed: 0 });
    expect([...attempts.entries()].sort(([a], [b]) => a - b)).toEqual([
      [0, 1],
      [1, 2],
      [2, 1],
      [3, 2],
      [4, 2],
      [5, 2],
    ]);
    expect(second.jobs.map((j) => j.attempts)).toEqual([1, 2, 1, 2, 2, 2]);
  });

  it('counts retries against the same window as the first run', async () => {
    const starts: number[] = [];
    let failing = true;
    const runner = createBulkRunner(Array.from({ length: 10 }, (_, i) => i), {
      concurrency: 10,
      run: async () => {
        starts.push(Date.now());
        return failing ? { ok: false, message: 'busy' } : { ok: true };
      },
    });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    failing = false;
    runner.retryFailed();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(starts).toHaveLength(20);
    expect(maxStartsInAnyWindow(starts, 1000)).toBe(10);
  });

  it('tells subscribers about every change and gives a new snapshot each time', async () => {
    const runner = createBulkRunner([1, 2], { run: async () => ({ ok: true }) });
    const snapshots = new Set<unknown>();
    runner.subscribe(() => snapshots.add(runner.getSnapshot()));
    runner.start();
    await vi.advanceTimersByTimeAsync(10);
    expect(snapshots.size).toBeGreaterThanOrEqual(3);
    expect(runner.getSnapshot().phase).toBe('done');
  });
});
