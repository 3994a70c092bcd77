import { describe, expect, it } from 'vitest';
import { ManualClock } from './clock';

describe('ManualClock', () => {
  it('fires due timers in time order, each at its own instant, and ends at the target', () => {
    const clock = new ManualClock(1_000);
    const seen: Array<[string, number]> = [];
    clock.setTimeout(() => seen.push(['b', clock.now()]), 20);
    clock.setTimeout(() => seen.push(['a', clock.now()]), 10);
    const late = clock.setTimeout(() => seen.push(['late', clock.now()]), 100);
    clock.advance(50);
    expect(seen).toEqual([
      ['a', 1_010],
      ['b', 1_020],
    ]);
    expect(clock.now()).toBe(1_050);
    clock.clearTimeout(late);
    clock.advance(100);
    expect(seen).toHaveLength(2);
  });

  it('jumps with set: forward fires what falls due, backward only moves the time', () => {
    const clock = new ManualClock(0);
    let fired = 0;
    clock.setTimeout(() => fired++, 5);
    clock.set(10);
    expect([clock.now(), fired]).toEqual([10, 1]);
    clock.set(3);
    expect(clock.now()).toBe(3);
  });
});
