import { describe, expect, it } from 'vitest';
import { mergeBars } from '../charts/candle-chart';
import { countdown, ratioToPercent } from './ticker-strip';

describe('ticker words', () => {
  it('show a ratio as a signed percentage without rounding a digit', () => {
    expect(ratioToPercent('-0.02524')).toBe('-2.524 %');
    expect(ratioToPercent('0.01833')).toBe('+1.833 %');
    expect(ratioToPercent('0.000047')).toBe('+0.0047 %');
    expect(ratioToPercent('0')).toBe('0 %');
    expect(ratioToPercent('1.5')).toBe('+150 %');
  });

  it('count down to the next funding in hours, minutes and seconds', () => {
    expect(countdown(1_000 + 3_723_000, 1_000)).toBe('01:02:03');
    expect(countdown(0, 5_000)).toBe('00:00:00');
  });
});

describe('candle merging', () => {
  it('joins older and newer candles by time, the newer winning', () => {
    const bar = (time: number, close: number) => ({ time: time as never, open: 1, high: 2, low: 0, close, volume: 1, up: true });
    expect(mergeBars([bar(1, 1), bar(2, 1)], [bar(2, 9), bar(3, 1)]).map((b) => [b.time, b.close])).toEqual([[1, 1], [2, 9], [3, 1]]);
  });
});
