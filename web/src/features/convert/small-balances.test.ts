import { describe, expect, it } from 'vitest';
import type { Assets } from '@contract/schemas/account';
import { availableUsd, smallBalances } from './small-balances';

const row = (coin: string, balance: string, usdValue: string, available = balance): Assets['assets'][number] => ({
  coin,
  equity: balance,
  usdValue,
  balance,
  available,
  debt: '0',
  locked: '0',
});

describe('smallBalances', () => {
  it('lists coins worth less than 10 USD and leaves out larger ones', () => {
    const rows = [row('USDT', '100000', '100000'), row('DOGE', '3.5', '0.42'), row('XRP', '1.2', '0.624'), row('BTC', '2', '130000'), row('ADA', '0.8', '0.304')];
    expect(smallBalances(rows).map((b) => b.coin)).toEqual(['DOGE', 'XRP', 'ADA']);
  });

  it('treats exactly 10 USD as not small', () => {
    expect(smallBalances([row('XRP', '20', '10.00'), row('TRX', '90', '9.99999999')]).map((b) => b.coin)).toEqual(['TRX']);
  });

  it('never offers the native token itself, nor a coin with nothing available', () => {
    expect(smallBalances([row('NTK', '1', '4.5'), row('DOGE', '1', '0.12', '0'), row('ADA', '0', '0')])).toEqual([]);
  });

  it('values only the available part when some of the balance is locked', () => {
    // 100 ETH-like units worth 1000 USD with 0.5 available: 5 USD available -> small.
    const r = row('XYZ', '100', '1000', '0.5');
    expect(availableUsd(r)).toBe('5');
    expect(smallBalances([r])).toEqual([{ coin: 'XYZ', available: '0.5', usdValue: '5' }]);
  });

  it('keeps the exchange’s text for the amounts', () => {
    expect(smallBalances([row('DOGE', '3.50000000', '0.42')])[0]).toEqual({ coin: 'DOGE', available: '3.50000000', usdValue: '0.42' });
  });
});
