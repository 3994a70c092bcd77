import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/schemas/orders';
import { orderPush, position } from '@web/lib/account-data/account-fixtures.test-support';
import { holdModeBlockers } from './hold-mode-blockers';

const order = (over: Partial<OrderRecord>): OrderRecord => orderPush({ qty: '0.001', createdTime: '1', updatedTime: '1', ...over });

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
