import { describe, expect, it } from 'vitest';
import { parseSchedstatRunNs, parseStatTicks } from './thread-cpu';

describe('parseStatTicks', () => {
  it('adds utime and stime (fields 14 and 15), counting from the command name\'s last parenthesis', () => {
    const stat = '4242 (Chrome (Main) x) S 1 4242 4242 0 -1 4194560 100 0 0 0 731 46 0 0 20 0 30 0 500 0 0';
    expect(parseStatTicks(stat)).toBe(731 + 46);
  });
  it('is null for text without those fields', () => {
    expect(parseStatTicks('4242 (x) S 1')).toBeNull();
  });
});

describe('parseSchedstatRunNs', () => {
  it('reads the time on a CPU (the first of its three fields, in ns)', () => {
    expect(parseSchedstatRunNs('1234567890 987654 4321\n')).toBe(1234567890);
  });
  it('is null for text that is not a number', () => {
    expect(parseSchedstatRunNs('')).toBeNull();
    expect(parseSchedstatRunNs('x 1 2')).toBeNull();
  });
});
