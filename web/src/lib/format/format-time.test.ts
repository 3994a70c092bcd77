import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, parseLocalDateTime } from './format-time';

describe('local date-time inputs', () => {
  it('read what they write, to the second and to the minute', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (seconds) => {
        const ms = seconds * 1000;
        expect(parseLocalDateTime(formatLocalDateTime(ms))).toBe(ms);
        expect(parseLocalDateTime(formatLocalDateTime(ms, 'minutes'))).toBe(ms - new Date(ms).getSeconds() * 1000);
      }),
    );
  });

  it('refuse what an input never gives', () => {
    for (const text of ['', 'not a date', '2024-05-01', '2024-05-01 12:30', '2024-13-01T12:30', '1714566605000']) {
      expect(parseLocalDateTime(text), text).toBeUndefined();
    }
  });
});
