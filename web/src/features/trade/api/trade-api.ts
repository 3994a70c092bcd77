// The trading screen's REST reads, over the catalog (lib/api). The account's reads and
// settings mutations are lib/account-data's, shared with the account screens (same
// cache keys, so a push or an invalidation reaches every screen); what is the trading
// screen's own is the max-open limit and the refresh after an order settles.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import type { ParamsOf } from '@web/lib/api/call-endpoint';
import { endpointQueryKey, endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { unfilledOrdersKey } from '@web/lib/account-data/account-queries';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { refetchAfterChange } from '@web/lib/api/refetch-after-change';

export { useAssets, usePositions, useSettings } from '@web/lib/account-data/account-queries';
export { useUnfilledOrders } from '@web/lib/account-data/open-orders/unfilled-orders-query';
export { useSetHoldMode, useSetLeverage } from '@web/lib/account-data/account-mutations';

export function useMaxOpen(params: ParamsOf<typeof endpoints.maxOpenAvailable> | null) {
  const account = useCurrentAccount();
  return useQuery({
    ...endpointQueryOptions(endpoints.maxOpenAvailable, params ?? { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy' }, account),
    enabled: account !== null && params !== null,
    staleTime: 5_000,
  });
}

/** After a placement, modify or cancel settles: open orders and limits are read again, in case a push was lost. */
export function refreshOrders(client: QueryClient, account: string | null): void {
  void refetchAfterChange(client, { queryKey: unfilledOrdersKey(account) });
  void refetchAfterChange(client, { queryKey: endpointQueryKey(endpoints.maxOpenAvailable, account) });
}
