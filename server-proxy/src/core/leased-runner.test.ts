import { describe, expect, it } from 'vitest';
import { LeasedRunner, retryBackoffMs } from './leased-runner';

/** A runner whose job fails `failFirst` times, then succeeds; it may give a job up after `giveUpAt` failures. */
class Flaky extends LeasedRunner {
  runs = 0;
  givenUp: string[] = [];
  constructor(
    private readonly failFirst: number,
    private readonly giveUpAt = Infinity,
  ) {
    super('job', undefined, () => 2);
  }
  protected runnable(): Promise<number[]> {
    return Promise.resolve([1]);
  }
  protected run(): Promise<void> {
    this.runs++;
    return this.runs <= this.failFirst ? Promise.reject(new Error(`database gone (${this.runs})`)) : Promise.resolve();
  }
  protected override failed(_id: number, attempts: number, message: string): Promise<boolean> {
    if (attempts < this.giveUpAt) return Promise.resolve(true);
    this.givenUp.push(message);
    return Promise.resolve(false);
  }
}

const until = async (cond: () => boolean) => {
  for (const end = Date.now() + 2_000; !cond(); ) {
    if (Date.now() > end) throw new Error('condition never held');
    await new Promise((r) => setTimeout(r, 2));
  }
};

describe('LeasedRunner', () => {
  it('tries a failed run again by itself, with no restart, until it succeeds', async () => {
    const runner = new Flaky(3);
    await runner.kick(1);
    await until(() => runner.runs === 4);
    await new Promise((r) => setTimeout(r, 20));
    expect(runner.runs).toBe(4); // no retry after the run that worked
    runner.close();
  });

  it('stops retrying when the runner gives the job up, and when it is closed', async () => {
    const givingUp = new Flaky(100, 3);
    await givingUp.kick(1);
    await until(() => givingUp.givenUp.length === 1);
    await new Promise((r) => setTimeout(r, 20));
    expect(givingUp.runs).toBe(3);
    expect(givingUp.givenUp).toEqual(['database gone (3)']);

    const closed = new Flaky(100);
    await closed.kick(1);
    closed.close();
    await new Promise((r) => setTimeout(r, 20));
    expect(closed.runs).toBe(1);
  });

  it('waits 1 s before the first retry, doubling up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryBackoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});
