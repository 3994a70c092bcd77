import { describe, expect, it } from 'vitest';
import type { Position } from '@contract/schemas/account';
import type { OrderRecord } from '@contract/schemas/orders';
import { holdModeBlockers } from './hold-mode-blockers';

const order = (over: Partial<OrderRecord>): OrderRecord =>
  ({
    orderId: '1',
    clientOid: 'c',
    category: 'spot',
    symbol: 'BTCUSDT',
    orderType: 'limit',
    side: 'buy',
    price: '100',
    qty: '0.001',
    cumExecQty: '0',
    cumExecValue: '0',
    avgPrice: '0',
    timeInForce: 'gtc',
    state: 'live',
    orderStatus: 'live',
    cancelSource: '',
    createdTime: '1',
    updatedTime: '1',
    ...over,
  }) as OrderRecord;

const position = (over: Partial<Position>): Position => ({ symbol: 'BTCUSDT', posSide: 'long', total: '0.01', ...over }) as Position;

describe('holdModeBlockers', () => {
  it('is null when nothing is open or pending', () => {
    expect(holdModeBlockers([], [order({ state: 'filled' })])).toBeNull();
  });

  it('names the pending order that blocks the switch', () => {
    expect(holdModeBlockers([], [order({})])).toContain('1 pending order (BTCUSDT buy 0.001 @ 100)');
  });

  it('names open positions and counts many orders', () => {
    const text = holdModeBlockers([position({})], [order({}), order({ orderId: '2' }), order({ orderId: '3' }), order({ orderId: '4', orderType: 'market' })]);
    expect(text).toContain('1 open position (BTCUSDT long 0.01)');
    expect(text).toContain('4 pending orders');
    expect(text).toContain('and 1 more');
  });
});
