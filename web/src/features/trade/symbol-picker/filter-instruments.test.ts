import { describe, expect, it } from 'vitest';
import { instrumentMeta, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { btcPerp, btcSpot } from '@web/lib/instruments/instrument-fixtures.test-support';
import { filterInstruments, moveIndex } from './filter-instruments';

const all = [btcSpot, { ...btcSpot, symbol: 'ETHUSDT', baseCoin: 'ETH' }, { ...btcSpot, symbol: 'ETHBTC', baseCoin: 'ETH', quoteCoin: 'BTC' }, btcPerp].map((i) => instrumentMeta(i) as InstrumentMeta);

describe('filterInstruments', () => {
  it('shows only the chosen category tab', () => {
    expect(filterInstruments(all, 'usdt-futures', '').map((m) => m.symbol)).toEqual(['BTCUSDT']);
    expect(filterInstruments(all, 'spot', '')).toHaveLength(3);
  });

  it('matches typed text, base coin first, ignoring case and separators', () => {
    expect(filterInstruments(all, 'spot', 'btc').map((m) => m.symbol)).toEqual(['BTCUSDT', 'ETHBTC']);
    expect(filterInstruments(all, 'spot', 'eth/usdt').map((m) => m.symbol)).toEqual(['ETHUSDT']);
  });
});

describe('moveIndex', () => {
  it('wraps around at both ends', () => {
    expect(moveIndex(0, -1, 3)).toBe(2);
    expect(moveIndex(2, 1, 3)).toBe(0);
    expect(moveIndex(0, 1, 0)).toBe(0);
  });
});
