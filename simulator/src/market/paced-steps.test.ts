import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPaced } from './paced-steps';

describe('paced steps', () => {
  let t = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    t = 0;
  });
  afterEach(() => vi.useRealTimers());

  const advance = (ms: number) => {
    for (let i = 0; i < ms; i++) {
      t += 1;
      vi.advanceTimersByTime(1);
    }
  };

  it('runs several steps per timer tick when the rate is above the timer resolution', () => {
    let n = 0;
    const stop = startPaced(5000, () => n++, { now: () => t });
    advance(1000);
    stop();
    expect(n).toBe(5000);
  });

  it('keeps slow rates at one step per interval', () => {
    let n = 0;
    const stop = startPaced(10, () => n++, { now: () => t });
    advance(1000);
    stop();
    expect(n).toBe(10);
  });

  it('drops a backlog beyond one burst instead of replaying it', () => {
    let n = 0;
    const stop = startPaced(1000, () => n++, { now: () => t, maxBurst: 50 });
    t += 5000; // the process was starved for 5 s
    advance(1);
    expect(n).toBe(50);
    stop();
  });

  it('names a bad rate', () => {
    expect(() => startPaced(0, () => {})).toThrow(/rate/);
  });
});
