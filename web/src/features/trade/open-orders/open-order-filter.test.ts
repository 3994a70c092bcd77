import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { openOrderCounts, openOrdersOf } from './open-order-filter';

const btc = { category: 'spot', symbol: 'BTCUSDT' };

describe('open orders of the panel under the chart', () => {
  const list = [
    orderPush({ orderId: '1', state: 'new' }),
    orderPush({ orderId: '2', state: 'partially_filled', orderType: 'market', price: '' }),
    orderPush({ orderId: '3', state: 'live', symbol: 'ETHUSDT' }),
    orderPush({ orderId: '4', state: 'new', category: 'USDT-FUTURES' }),
    orderPush({ orderId: '5', state: 'filled' }),
    orderPush({ orderId: '6', state: 'canceled', symbol: 'ETHUSDT' }),
  ];

  it('counts every open order of every type and market, not only the limit orders on screen', () => {
    expect(openOrderCounts(list, btc)).toEqual({ all: 4, market: 2 });
  });

  it('filters to the market on screen by category and symbol when asked', () => {
    expect(openOrdersOf(list, btc).map((o) => o.orderId)).toEqual(['1', '2']);
    expect(openOrdersOf(list, null).map((o) => o.orderId)).toEqual(['1', '2', '3', '4']);
  });
});
