import { describe, expect, it } from 'vitest';
import { orderPush as order } from '@web/lib/account-data/account-fixtures.test-support';
import { applyOrderPushes, emptyKnowledge, type OrderPageData } from '@web/lib/account-data/open-orders/order-cache';
import { FINISHED_ROW_MS, shownOrders } from './recently-finished';

const T0 = 5_000_000;
const ids = (list: readonly { orderId: string }[]) => list.map((o) => o.orderId).sort();

describe('shownOrders', () => {
  // Two open orders; then one fills (a push at T0). The page keeps it with its final state.
  const opened = applyOrderPushes({ list: [], cursor: '' } satisfies OrderPageData, emptyKnowledge, [order({ orderId: '1' }), order({ orderId: '2' })], T0 - 1_000);
  const filled = applyOrderPushes(opened.page, opened.knowledge, [order({ orderId: '1', state: 'filled', updatedTime: '20' })], T0);
  const list = filled.page?.list ?? [];

  it('keeps a finished order on view for a while, saying when it leaves', () => {
    expect(ids(list)).toEqual(['1', '2']);
    const shown = shownOrders(list, filled.knowledge, T0 + 1_000);
    expect(ids(shown.orders)).toEqual(['1', '2']);
    expect(shown.nextExpiry).toBe(T0 + FINISHED_ROW_MS);
  });

  it('then shows only the open ones, with nothing left to expire', () => {
    const shown = shownOrders(list, filled.knowledge, T0 + FINISHED_ROW_MS);
    expect(ids(shown.orders)).toEqual(['2']);
    expect(shown.nextExpiry).toBeNull();
  });

  it('drops a finished order whose finish time is no longer known', () => {
    expect(ids(shownOrders(list, emptyKnowledge, T0).orders)).toEqual(['2']);
  });
});
