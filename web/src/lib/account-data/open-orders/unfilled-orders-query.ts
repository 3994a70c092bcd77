// The one read of the pending orders (spec 4.7 rule 1), for every screen that shows them:
// each answer is merged with what the order channel told us meanwhile (order-cache.ts)
// instead of replacing it, so a refetch never undoes a push, and orders the answer could
// not settle are re-checked by another read a moment later, a bounded number of times in
// a row. Invalidating unfilledOrdersKey (after a reconnect or an unsure outcome) reads
// through here too.
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { beginRefetch, mergeOrderList, type OrderPageData } from './order-cache';
import { orderKnowledge, setOrderKnowledge } from './order-knowledge-store';

export const RECHECK_DELAY_MS = 1_000;
export const MAX_RECHECKS = 3;

export interface MergedRead {
  page: OrderPageData;
  /** Orders the answer did not hold but a push since the read began says are open. */
  recheck: string[];
  /** Whether another read should follow to settle them. */
  again: boolean;
}

/** One read of the pending orders, merged with the account's order knowledge. */
export async function readMergedOrders(client: QueryClient, account: string, fetchPage: () => Promise<OrderPageData>, now: () => number = Date.now): Promise<MergedRead> {
  const begun = beginRefetch(orderKnowledge(client, account));
  setOrderKnowledge(client, account, begun.knowledge);
  const fetched = await fetchPage();
  // The knowledge as it is now: pushes that arrived while the read was under way count.
  const merged = mergeOrderList(orderKnowledge(client, account), fetched, begun.mark, now());
  setOrderKnowledge(client, account, merged.knowledge);
  return { page: merged.page, recheck: merged.recheck, again: merged.recheck.length > 0 && merged.knowledge.rechecks <= MAX_RECHECKS };
}

export function unfilledOrdersQuery(client: QueryClient, account: string | null) {
  return queryOptions({
    queryKey: unfilledOrdersKey(account),
    queryFn: async ({ signal }): Promise<OrderPageData> => {
      const fetchPage = () => callEndpoint(endpoints.unfilledOrders, {}, { account: account ?? undefined, signal });
      if (account === null) return fetchPage();
      const read = await readMergedOrders(client, account, fetchPage);
      if (read.again) setTimeout(() => void client.invalidateQueries({ queryKey: unfilledOrdersKey(account) }), RECHECK_DELAY_MS);
      return read.page;
    },
    // The order channel keeps it current; reads happen after reconnects and unsure outcomes.
    staleTime: Infinity,
  });
}

export function useUnfilledOrders() {
  const client = useQueryClient();
  const account = useCurrentAccount();
  return useQuery({ ...unfilledOrdersQuery(client, account), enabled: account !== null });
}
