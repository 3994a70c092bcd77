import { describe, expect, it } from 'vitest';
import { orderPush as order } from '@web/lib/account-data/account-fixtures.test-support';
import { applyOrderPushes, type OrderPageData } from './order-cache';

describe('applyOrderPushes', () => {
  it('adds an order the page does not have yet', () => {
    const page: OrderPageData = { list: [], cursor: '' };
    expect(applyOrderPushes(page, [order({})])?.list.map((o) => o.orderId)).toEqual(['1']);
  });

  it('updates an order in place and drops the fill-only fields', () => {
    const page: OrderPageData = { list: [order({})], cursor: '' };
    const next = applyOrderPushes(page, [order({ state: 'partially_filled', cumExecQty: '0.5', updatedTime: '11', tradeId: 't1', execQty: '0.5' })]);
    expect(next?.list).toHaveLength(1);
    expect(next?.list[0]).toMatchObject({ state: 'partially_filled', cumExecQty: '0.5' });
    expect(next?.list[0]).not.toHaveProperty('tradeId');
  });

  it('keeps a canceled order with its reason until the next refetch', () => {
    const page: OrderPageData = { list: [order({})], cursor: '' };
    const next = applyOrderPushes(page, [order({ state: 'canceled', cancelSource: 'user', updatedTime: '12' })]);
    expect(next?.list[0]).toMatchObject({ state: 'canceled', cancelSource: 'user' });
  });

  it('ignores a push older than what is shown, e.g. a late "new" after "filled"', () => {
    const page: OrderPageData = { list: [order({ state: 'filled', updatedTime: '12' })], cursor: '' };
    expect(applyOrderPushes(page, [order({ state: 'new', updatedTime: '11' })])?.list[0]?.state).toBe('filled');
    expect(applyOrderPushes(page, [order({ state: 'new', updatedTime: '12' })])?.list[0]?.state).toBe('filled');
  });

  it('leaves an unloaded page alone', () => {
    expect(applyOrderPushes(undefined, [order({})])).toBeUndefined();
  });
});
