import { describe, expect, it } from 'vitest';
import { CandleSeries } from './mid-candles';

describe('CandleSeries', () => {
  it('folds samples of one interval into one candle with open, high, low and close', () => {
    const s = new CandleSeries(1);
    s.add(1000, 10);
    s.add(1300, 14);
    s.add(1600, 8);
    s.add(1999, 11);
    expect(s.candles).toEqual([{ time: 1, open: 10, high: 14, low: 8, close: 11 }]);
  });

  it('opens the next candle at the previous close', () => {
    const s = new CandleSeries(60);
    s.add(0, 10);
    s.add(61_000, 12);
    expect(s.candles[1]).toEqual({ time: 60, open: 10, high: 12, low: 10, close: 12 });
  });

  it('keeps at most the configured number of candles', () => {
    const s = new CandleSeries(1, 3);
    for (let t = 0; t < 10; t++) s.add(t * 1000, t);
    expect(s.candles.map((c) => c.time)).toEqual([7, 8, 9]);
  });
});
