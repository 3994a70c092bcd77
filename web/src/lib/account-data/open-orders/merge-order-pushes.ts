// The default for every order push (spec 6.2): it patches the account's open-orders page
// in place, never backwards (order-cache.ts), and keeps the order knowledge the
// unfilled-orders read merges with (unfilled-orders-query.ts). No refetch per push.
// What it returns is the news: pushes that changed what we know. A feature reacts to
// those only (toasts), so a push sent twice, or arriving after a newer one, is not news.
import type { QueryClient } from '@tanstack/react-query';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { unfilledOrdersKey } from '../account-queries';
import { applyOrderPushes, type OrderPageData } from './order-cache';
import { orderKnowledge, setOrderKnowledge } from './order-knowledge-store';

export interface OrderPushContext {
  client: QueryClient;
  account: string;
}

export function mergeOrderPushes(items: readonly OrderPushItem[], { client, account }: OrderPushContext, now: number = Date.now()): readonly OrderPushItem[] {
  const key = unfilledOrdersKey(account);
  const page = client.getQueryData<OrderPageData>(key);
  const next = applyOrderPushes(page, orderKnowledge(client, account), items, now);
  setOrderKnowledge(client, account, next.knowledge);
  if (next.page !== page) client.setQueryData<OrderPageData>(key, next.page);
  return next.applied;
}
