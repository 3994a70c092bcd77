import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import type { OrderPageData } from './order-cache';
import { MAX_RECHECKS, readMergedOrders } from './unfilled-orders-query';
import { mergeOrderPushes } from './merge-order-pushes';

const states = (p: OrderPageData | undefined) => p?.list.map((o) => `${o.orderId}:${o.state}`).sort();

describe('readMergedOrders (the one read of the pending orders)', () => {
  it('does not let an answer overwrite a cancel pushed while the read was under way', async () => {
    const client = new QueryClient();
    mergeOrderPushes([orderPush({ orderId: '1', state: 'new', updatedTime: '11' })], { client, account: 'main' });
    const read = await readMergedOrders(client, 'main', async () => {
      // The exchange answers with the order still open; its cancel is pushed before the answer lands.
      mergeOrderPushes([orderPush({ orderId: '1', state: 'canceled', updatedTime: '12' })], { client, account: 'main' });
      return { list: [orderPush({ orderId: '1', state: 'new', updatedTime: '11' })], cursor: '' };
    });
    expect(states(read.page)).toEqual([]);
    expect(read.again).toBe(false);
  });

  it('keeps a stale duplicate push from bringing back an order the read removed', async () => {
    const client = new QueryClient();
    mergeOrderPushes([orderPush({ orderId: '1', state: 'new', updatedTime: '11' })], { client, account: 'main' });
    const read = await readMergedOrders(client, 'main', () => Promise.resolve({ list: [], cursor: '' }));
    client.setQueryData(unfilledOrdersKey('main'), read.page);
    mergeOrderPushes([orderPush({ orderId: '1', state: 'new', updatedTime: '11' })], { client, account: 'main' });
    expect(states(client.getQueryData<OrderPageData>(unfilledOrdersKey('main')))).toEqual([]);
  });

  it('asks for another read to settle an order first pushed during the read, a bounded number of times', async () => {
    const client = new QueryClient();
    const agains: boolean[] = [];
    for (let n = 0; n <= MAX_RECHECKS; n++) {
      const read = await readMergedOrders(client, 'main', async () => {
        mergeOrderPushes([orderPush({ orderId: `n${n}`, state: 'live', updatedTime: String(20 + n) })], { client, account: 'main' });
        return { list: [], cursor: '' };
      });
      agains.push(read.again);
    }
    expect(agains).toEqual([...Array<boolean>(MAX_RECHECKS).fill(true), false]);
  });
});
