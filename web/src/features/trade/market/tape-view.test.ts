import { describe, expect, it } from 'vitest';
import type { PublicFillRow } from '@contract/schemas/market';
import { isOwnTrade, tapeLabel, tapeWindow } from './tape-view';

const btc = { priceScale: 2, sizeScale: 6, baseCoin: 'BTC', quoteCoin: 'USDT' };
const fill = (over: Partial<PublicFillRow> = {}): PublicFillRow => ({ execId: 'e1', execLinkId: 'L1', price: '64000.5', size: '0.01', side: 'buy', ts: '1700000000000', ...over });

describe('tapeLabel', () => {
  it('says the side, the size to the lot and the price to the tick, ungrouped, with their units', () => {
    expect(tapeLabel(fill(), false, btc)).toBe('Buy 0.010000 BTC at 64000.50 USDT');
    expect(tapeLabel(fill({ side: 'sell', size: '1234.5' }), false, btc)).toBe('Sell 1234.500000 BTC at 64000.50 USDT');
  });

  it("ends with “yours” for the user's own trade", () => {
    expect(tapeLabel(fill(), true, btc)).toBe('Buy 0.010000 BTC at 64000.50 USDT, yours');
  });
});

describe('isOwnTrade', () => {
  it('knows a trade by its link id (the fill’s execLinkId) or by its own id', () => {
    expect(isOwnTrade(fill(), new Set(['L1']))).toBe(true);
    expect(isOwnTrade(fill(), new Set(['e1']))).toBe(true);
    expect(isOwnTrade(fill(), new Set(['e2', 'L2']))).toBe(false);
  });
});

describe('tapeWindow', () => {
  it('starts at the row under the top edge, as far up as the scroll cut into it', () => {
    expect(tapeWindow(0, 224, 20)).toEqual({ first: 0, offset: 0, count: 12 });
    expect(tapeWindow(47, 224, 20)).toEqual({ first: 2, offset: 7, count: 12 });
    // A cut row at the bottom as well as at the top.
    expect(tapeWindow(15, 224, 20)).toEqual({ first: 0, offset: 15, count: 12 });
    expect(tapeWindow(17, 224, 20)).toEqual({ first: 0, offset: 17, count: 13 });
  });

  it('reads an overscrolled (negative) position as the top', () => {
    expect(tapeWindow(-30, 40, 20)).toEqual({ first: 0, offset: 0, count: 2 });
  });
});
