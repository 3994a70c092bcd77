// The trading screen on the account's private channels (lib/account-data, shared with
// the account screens), with its own handling of order pushes: they patch the
// open-orders page in place (no refetch per push, never backwards: order-cache.ts) and
// raise toasts.
import type { OrderPushItem } from '@contract/schemas/ws-private';
import type { OrderPushContext } from '@web/lib/account-data/account-push-handlers';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import { useAccountChannels } from '@web/lib/account-data/use-account-channels';
import { orderToastText } from '../toasts/order-toast-text';
import { toastStore } from '../toasts/toast-store';
import { applyOrderPushes, type OrderPageData } from './order-cache';
import { orderKnowledge, setOrderKnowledge } from './order-knowledge-store';

export function showOrderPushes(items: readonly OrderPushItem[], { client, account }: OrderPushContext): void {
  const key = unfilledOrdersKey(account);
  const page = client.getQueryData<OrderPageData>(key);
  const next = applyOrderPushes(page, orderKnowledge(client, account), items, Date.now());
  setOrderKnowledge(client, account, next.knowledge);
  if (next.page !== page) client.setQueryData<OrderPageData>(key, next.page);
  // Only news is toasted: a push sent twice, or arriving after a newer one, is not.
  for (const item of next.applied) {
    const text = orderToastText(item);
    if (text) toastStore.getState().push(text);
  }
}

const tradeChannels = { onOrders: showOrderPushes };

export function usePrivateChannels(): void {
  useAccountChannels(tradeChannels);
}
