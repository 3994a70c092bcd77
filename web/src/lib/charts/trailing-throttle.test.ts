import { describe, expect, it } from 'vitest';
import { trailingThrottle } from './trailing-throttle';

function setup(ms = 100) {
  let t = 0;
  const timers: { at: number; cb: () => void }[] = [];
  let runs = 0;
  const th = trailingThrottle(
    ms,
    () => runs++,
    () => t,
    (cb, wait) => timers.push({ at: t + wait, cb }),
    (h) => timers.splice(timers.indexOf(h as (typeof timers)[number]), 1),
  );
  const advance = (to: number) => {
    t = to;
    for (const timer of [...timers]) if (timer.at <= t) {
      timers.splice(timers.indexOf(timer), 1);
      timer.cb();
    }
  };
  return { th, advance, runs: () => runs, pending: () => timers.length };
}

describe('trailingThrottle', () => {
  it('runs the first request at once and folds a burst into one trailing run', () => {
    const { th, advance, runs } = setup();
    th.request();
    expect(runs()).toBe(1);
    for (let i = 1; i <= 50; i++) {
      advance(i);
      th.request();
    }
    expect(runs()).toBe(1);
    advance(100);
    expect(runs()).toBe(2);
    advance(500);
    expect(runs()).toBe(2);
  });

  it('flush runs at once and drops the waiting run; cancel drops it without running', () => {
    const { th, advance, runs, pending } = setup();
    th.request();
    advance(10);
    th.request();
    expect(pending()).toBe(1);
    th.flush();
    expect(runs()).toBe(2);
    expect(pending()).toBe(0);
    advance(20);
    th.request();
    th.cancel();
    advance(1000);
    expect(runs()).toBe(2);
  });
});
