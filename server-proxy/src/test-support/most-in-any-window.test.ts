import { describe, expect, it } from 'vitest';
import { mostInAnyWindow } from './most-in-any-window';

describe('mostInAnyWindow', () => {
  it('counts a window as half-open: calls exactly a window apart are in different windows', () => {
    expect(mostInAnyWindow([0, 1000, 2000])).toBe(1);
    expect(mostInAnyWindow([0, 999, 1000])).toBe(2);
  });

  it('finds the densest window wherever it lies, whatever the order', () => {
    expect(mostInAnyWindow([5000, 10, 20, 30, 1100, 1005, 1020])).toBe(4);
    expect(mostInAnyWindow([])).toBe(0);
    expect(mostInAnyWindow([1, 2, 3], 2)).toBe(2);
  });
});
