import { describe, expect, it } from 'vitest';
import { tpslLegText } from './tpsl-leg-text';

describe('tpslLegText', () => {
  it('names the trigger, the price it watches and how the leg executes, on the tick', () => {
    expect(tpslLegText({ price: '45000', by: 'market', orderType: 'market' }, 1)).toBe('45,000.0 (last), market');
    expect(tpslLegText({ price: '45000', by: 'mark', orderType: 'limit', limitPrice: '44990.5' }, 1, 'USDT')).toBe('45,000.0 USDT (mark), limit 44,990.5 USDT');
  });

  it('reads an unset leg as a dash, and a limit type without its price as market', () => {
    expect(tpslLegText({ price: '', by: 'market' }, 1)).toBe('—');
    expect(tpslLegText({ price: undefined, by: undefined }, 1)).toBe('—');
    expect(tpslLegText({ price: '100', by: undefined, orderType: 'limit', limitPrice: '' }, 2)).toBe('100.00 (last), market');
  });
});
