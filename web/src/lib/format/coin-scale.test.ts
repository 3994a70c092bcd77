import { describe, expect, it } from 'vitest';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { coinDisplayScale } from './coin-scale';
import { formatDecimal } from './format-decimal';

const meta = instrumentMeta(btcSpot) as InstrumentMeta;

describe('coinDisplayScale', () => {
  it('shows the base coin to the lot and the quote coin to the tick, cut toward zero', () => {
    expect(formatDecimal('1.999999999', { scale: coinDisplayScale(meta, 'BTC') })).toBe('1.9999');
    expect(formatDecimal('99899.935123456', { scale: coinDisplayScale(meta, 'USDT') })).toBe('99,899.93');
  });

  it('leaves a coin of another market as sent', () => {
    expect(coinDisplayScale(meta, 'ETH')).toBeUndefined();
  });
});
