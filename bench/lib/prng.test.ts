import { describe, expect, it } from 'vitest';
import { seededRandom, shuffleInPlace } from './prng';

describe('shuffleInPlace', () => {
  it('gives a permutation of the items, the same one for the same seed', () => {
    const a = shuffleInPlace(seededRandom(7), [0, 1, 2, 3, 4, 5, 6, 7]);
    const b = shuffleInPlace(seededRandom(7), [0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a).toEqual(b);
    expect([...a].sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(a).not.toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('puts each item after each other one about equally often over many turns', () => {
    // What the proxy bench relies on: no path always follows the same one.
    const random = seededRandom(1);
    const order = [0, 1, 2, 3, 4];
    const follows = new Map<string, number>();
    let previous: number | undefined;
    for (let turn = 0; turn < 20_000; turn++) {
      for (const item of shuffleInPlace(random, order)) {
        if (previous !== undefined && previous !== item) {
          const key = `${previous}>${item}`;
          follows.set(key, (follows.get(key) ?? 0) + 1);
        }
        previous = item;
      }
    }
    expect(follows.size).toBe(20);
    const counts = [...follows.values()];
    // 5 items, 20 ordered pairs: about 100,000 / 20 = 5,000 each.
    expect(Math.min(...counts)).toBeGreaterThan(4_500);
    expect(Math.max(...counts)).toBeLessThan(5_500);
  });

  it('leaves an empty or one-item list as it is', () => {
    expect(shuffleInPlace(seededRandom(3), [])).toEqual([]);
    expect(shuffleInPlace(seededRandom(3), ['only'])).toEqual(['only']);
  });
});
