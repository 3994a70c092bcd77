import { describe, expect, it } from 'vitest';
import { nextLevelIndex } from './ladder-keys';

describe('moving through the book with the arrow keys', () => {
  it('enters at the top with ArrowDown and at the bottom with ArrowUp, and stops at the ends', () => {
    expect(nextLevelIndex('ArrowDown', -1, 30)).toBe(0);
    expect(nextLevelIndex('ArrowUp', -1, 30)).toBe(29);
    expect(nextLevelIndex('ArrowDown', 29, 30)).toBe(29);
    expect(nextLevelIndex('ArrowUp', 0, 30)).toBe(0);
    expect(nextLevelIndex('ArrowDown', 4, 30)).toBe(5);
  });

  it('jumps with Home and End, and leaves Tab and letters to the page', () => {
    expect(nextLevelIndex('End', 3, 30)).toBe(29);
    expect(nextLevelIndex('Home', 3, 30)).toBe(0);
    expect(nextLevelIndex('Tab', 3, 30)).toBeNull();
    expect(nextLevelIndex('b', 3, 30)).toBeNull();
    expect(nextLevelIndex('ArrowDown', -1, 0)).toBeNull();
  });
});
