import { describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import { LoginThrottle } from './login-throttle';

describe('login throttle', () => {
  it('allows 5 failures a minute per key, then refuses until the oldest leaves the window', () => {
    const clock = new ManualClock();
    const t = new LoginThrottle(clock, 5, 60_000);
    for (let i = 0; i < 5; i++) {
      expect(t.check('user:a').allowed).toBe(true);
      t.recordFailure('user:a');
      clock.advance(1000);
    }
    expect(t.check('user:a')).toEqual({ allowed: false, retryAfterSeconds: 55 });
    expect(t.check('user:b').allowed).toBe(true);
    clock.advance(55_000);
    expect(t.check('user:a').allowed).toBe(true);
  });

  it('takes the stricter verdict of several keys and forgets old keys on sweep', () => {
    const clock = new ManualClock();
    const t = new LoginThrottle(clock, 2, 10_000);
    t.recordFailure('ip:1');
    t.recordFailure('ip:1');
    expect(t.checkAll(['user:x', 'ip:1']).allowed).toBe(false);
    t.reset('user:x');
    expect(t.checkAll(['user:x', 'ip:1']).allowed).toBe(false);
    clock.advance(10_001);
    t.sweep();
    expect(t.checkAll(['user:x', 'ip:1']).allowed).toBe(true);
  });
});
