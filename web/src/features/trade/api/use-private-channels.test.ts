import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import { toastStore } from '../toasts/toast-store';
import type { OrderPageData } from './order-cache';
import { showOrderPushes } from './use-private-channels';

describe('showOrderPushes (the trading screen’s order-push handler)', () => {
  it('patches the open-orders page of the pushed account in place, without a refetch', () => {
    const client = new QueryClient();
    client.setQueryData<OrderPageData>(unfilledOrdersKey('main'), { list: [orderPush({ orderId: '1' })], cursor: '' });
    showOrderPushes([orderPush({ orderId: '1', state: 'canceled', updatedTime: '11' }), orderPush({ orderId: '2' })], { client, account: 'main' });
    const page = client.getQueryData<OrderPageData>(unfilledOrdersKey('main'));
    expect(page?.list.map((o) => `${o.orderId}:${o.state}`)).toEqual(['2:live', '1:canceled']);
    expect(client.getQueryState(unfilledOrdersKey('main'))?.isInvalidated).toBe(false);
    expect(client.getQueryData(unfilledOrdersKey('sub'))).toBeUndefined();
  });

  it('raises a toast for an order that was canceled', () => {
    const before = toastStore.getState().toasts.length;
    showOrderPushes([orderPush({ orderId: '3', state: 'canceled', cancelSource: 'user' })], { client: new QueryClient(), account: 'main' });
    expect(toastStore.getState().toasts.length).toBe(before + 1);
  });

  it('raises no second toast for a push sent twice', () => {
    const client = new QueryClient();
    const before = toastStore.getState().toasts.length;
    const push = orderPush({ orderId: '4', state: 'canceled', cancelSource: 'user', updatedTime: '20' });
    showOrderPushes([push], { client, account: 'main' });
    showOrderPushes([push], { client, account: 'main' });
    expect(toastStore.getState().toasts.length).toBe(before + 1);
  });
});
