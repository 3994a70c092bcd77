import { describe, expect, it } from 'vitest';
import { filledShareText } from './order-size-text';

describe('filledShareText', () => {
  const limit = { symbol: 'BTCUSDT', category: 'spot', side: 'buy', orderType: 'limit', amount: '', qty: '0.008', cumExecQty: '0' } as const;
  it('gives the filled share of the size, rounded down to a tenth of a percent', () => {
    expect(filledShareText(limit)).toBe('0 %');
    expect(filledShareText({ ...limit, cumExecQty: '0.003' })).toBe('37.5 %');
    expect(filledShareText({ ...limit, qty: '0.001000', cumExecQty: '0.000999' })).toBe('99.9 %');
    expect(filledShareText({ ...limit, qty: '3', cumExecQty: '2.999999' })).toBe('99.9 %');
    expect(filledShareText({ ...limit, cumExecQty: '0.008' })).toBe('100 %');
  });
  it('gives nothing when size and fills are in different coins, or the size is zero', () => {
    expect(filledShareText({ ...limit, orderType: 'market', amount: '10', qty: '10' })).toBeUndefined();
    expect(filledShareText({ ...limit, qty: '0' })).toBeUndefined();
  });
});
