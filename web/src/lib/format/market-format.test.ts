import { describe, expect, it } from 'vitest';
import { btcPerp, btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { formatDecimal } from './format-decimal';
import { coinScaleOnMarket, marketFormat } from './market-format';

const list = [instrumentMeta(btcSpot), instrumentMeta(btcPerp)] as InstrumentMeta[];
const fmt = marketFormat(list);

describe('marketFormat', () => {
  it('formats a price on the tick and a size on the lot of the instrument named, in either spelling of its category', () => {
    expect(fmt.price('65000', { symbol: 'BTCUSDT', category: 'SPOT' })).toBe('65,000.00');
    expect(fmt.price('65000', { symbol: 'BTCUSDT', category: 'usdt-futures' })).toBe('65,000.0');
    expect(fmt.price('64999.98765', { symbol: 'BTCUSDT', category: 'USDT-FUTURES' })).toBe('64,999.9');
    expect(fmt.size('0.01', { symbol: 'BTCUSDT', category: 'usdt-futures' })).toBe('0.010');
    expect(fmt.size('1234.5', { symbol: 'BTCUSDT', category: 'spot' })).toBe('1234.5000');
  });

  it('falls back to the symbol’s first instrument, then to the text as sent', () => {
    expect(fmt.price('65000', { symbol: 'BTCUSDT' })).toBe('65,000.00');
    expect(fmt.price('1.23456', { symbol: 'DOGEUSDT', category: 'spot' })).toBe('1.23456');
  });

  it('shows a coin at its display precision: a base coin on its finest lot, a quote coin on its finest tick', () => {
    expect(fmt.coinScale('BTC')).toBe(4);
    expect(fmt.coinScale('USDT')).toBe(2);
    expect(fmt.coin('99934.612345', 'USDT')).toBe('99,934.61');
    expect(fmt.coin('0.123456789', 'BTC')).toBe('0.1234');
    expect(fmt.coin('0.123456789', 'XYZ')).toBe('0.123456789');
    expect(fmt.coin('-12.349', 'USDT')).toBe('-12.34');
  });
});

describe('coinScaleOnMarket', () => {
  const meta = instrumentMeta(btcSpot) as InstrumentMeta;
  it('shows the base coin to the lot and the quote coin to the tick, cut toward zero', () => {
    expect(formatDecimal('1.999999999', { scale: coinScaleOnMarket(meta, 'BTC') })).toBe('1.9999');
    expect(formatDecimal('99899.935123456', { scale: coinScaleOnMarket(meta, 'USDT') })).toBe('99,899.93');
  });

  it('leaves a coin of another market as sent', () => {
    expect(coinScaleOnMarket(meta, 'ETH')).toBeUndefined();
  });
});
