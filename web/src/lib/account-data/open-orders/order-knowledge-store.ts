// Where the account's open-orders knowledge is kept (order-cache.ts) beside the
// react-query page: one record per query client and account, so pushes and refetches of
// the same account share it, and a new client (a test, a fresh app) starts empty.
import type { QueryClient } from '@tanstack/react-query';
import { emptyKnowledge, type OrderKnowledge } from './order-cache';

const stores = new WeakMap<QueryClient, Map<string, OrderKnowledge>>();

export function orderKnowledge(client: QueryClient, account: string): OrderKnowledge {
  return stores.get(client)?.get(account) ?? emptyKnowledge;
}

export function setOrderKnowledge(client: QueryClient, account: string, knowledge: OrderKnowledge): void {
  let byAccount = stores.get(client);
  if (!byAccount) {
    byAccount = new Map();
    stores.set(client, byAccount);
  }
  byAccount.set(account, knowledge);
}
