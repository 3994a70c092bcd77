import { describe, expect, it } from 'vitest';
import { busyShare, parseCpuTimes, stolenShare } from './cpu-steal';

describe('parseCpuTimes', () => {
  it('reads steal (the 8th field) and the total of the first eight from the machine line', () => {
    const stat = 'cpu  2655456 61200 487471 1550681 5734 0 38846 121936 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\n';
    expect(parseCpuTimes(stat)).toEqual({ steal: 121936, idle: 1550681 + 5734, total: 2655456 + 61200 + 487471 + 1550681 + 5734 + 0 + 38846 + 121936 });
  });
  it('refuses text that is not /proc/stat', () => {
    expect(parseCpuTimes('intr 1 2 3')).toBeNull();
    expect(parseCpuTimes('cpu 1 2 3')).toBeNull();
  });
});

describe('stolenShare', () => {
  it('is the steal ticks over all ticks of the interval', () => {
    expect(stolenShare({ steal: 100, idle: 0, total: 10_000 }, { steal: 400, idle: 0, total: 12_000 })).toBeCloseTo(0.15);
  });
  it('is unknown without both readings or without time passing', () => {
    expect(stolenShare(null, { steal: 1, idle: 0, total: 2 })).toBeNull();
    expect(stolenShare({ steal: 1, idle: 0, total: 2 }, { steal: 1, idle: 0, total: 2 })).toBeNull();
  });
});

describe('busyShare', () => {
  it('is the ticks not idle over all ticks of the interval', () => {
    expect(busyShare({ steal: 0, idle: 1_000, total: 10_000 }, { steal: 0, idle: 1_500, total: 12_000 })).toBeCloseTo(0.75);
  });
  it('is unknown without both readings or without time passing', () => {
    expect(busyShare({ steal: 0, idle: 1, total: 2 }, null)).toBeNull();
    expect(busyShare({ steal: 0, idle: 1, total: 2 }, { steal: 0, idle: 1, total: 2 })).toBeNull();
  });
});
