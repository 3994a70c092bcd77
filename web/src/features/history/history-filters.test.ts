import { describe, expect, it } from 'vitest';
import { filterParams, localInputToMs, msToLocalInput, rangeProblem } from './history-filters';

describe('history filters', () => {
  it('turn a local date-time into Unix ms and back, to the second', () => {
    const ms = localInputToMs('2024-05-01T12:30:05');
    expect(ms).toMatch(/^\d+$/);
    expect(msToLocalInput(ms!)).toBe('2024-05-01T12:30:05');
    expect(localInputToMs('')).toBe('');
    expect(localInputToMs('not a date')).toBeNull();
  });

  it('refuse a range that ends before it starts, naming the end', () => {
    expect(rangeProblem({ start: '2000', end: '1000' })).toMatchObject({ field: 'end' });
    expect(rangeProblem({ start: '1000', end: '1000' })).toBeNull();
    expect(rangeProblem({ start: '', end: '1000' })).toBeNull();
  });

  it('send only the filters that are set, with the symbol under the name the endpoint uses', () => {
    expect(filterParams({ start: '1', end: '', category: 'spot', symbol: 'BTCUSDT' }, 'symbol')).toEqual({ startTime: '1', category: 'spot', symbol: 'BTCUSDT' });
    expect(filterParams({ start: '', end: '2', category: '', symbol: 'USDT' }, 'coin')).toEqual({ endTime: '2', coin: 'USDT' });
  });
});
