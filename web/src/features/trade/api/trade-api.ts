// The trading screen's REST reads and writes, one small hook each, over the catalog
// (lib/api). Keys come from endpointQueryKey so a reconnect's blanket refetch and an
// account switch both reach them.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/endpoints';
import type { ParamsOf } from '@web/lib/api/call-endpoint';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { endpointQueryKey, endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { useCurrentAccount } from '@web/lib/session/use-session';

/** All unfilled orders of the account; the panel filters locally. */
export const unfilledParams = {} as const;

export function unfilledKey(account: string | null) {
  return endpointQueryKey(endpoints.unfilledOrders, account, unfilledParams);
}

export function useUnfilledOrders() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.unfilledOrders, unfilledParams, account), staleTime: Infinity, enabled: account !== null });
}

export function useSettings() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.settings, {}, account), enabled: account !== null });
}

export function useAssets() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.assets, {}, account), enabled: account !== null });
}

export function usePositions() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.currentPosition, {}, account), enabled: account !== null });
}

export function useMaxOpen(params: ParamsOf<typeof endpoints.maxOpenAvailable> | null) {
  const account = useCurrentAccount();
  return useQuery({
    ...endpointQueryOptions(endpoints.maxOpenAvailable, params ?? { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy' }, account),
    enabled: account !== null && params !== null,
    staleTime: 5_000,
  });
}

/** After a fill or a settings change: balances, positions and limits are refetched. */
export function refreshAccount(client: QueryClient, account: string | null): void {
  for (const e of [endpoints.assets, endpoints.currentPosition, endpoints.maxOpenAvailable, endpoints.settings]) {
    void client.invalidateQueries({ queryKey: endpointQueryKey(e, account) });
  }
}

/** After a placement, modify or cancel settles: open orders and limits are read again, in case a push was lost. */
export function refreshOrders(client: QueryClient, account: string | null): void {
  void client.invalidateQueries({ queryKey: unfilledKey(account) });
  void client.invalidateQueries({ queryKey: endpointQueryKey(endpoints.maxOpenAvailable, account) });
}

function useAccountMutation<E extends (typeof endpoints)[keyof typeof endpoints]>(endpoint: E, after?: (client: QueryClient, account: string | null) => void) {
  const account = useCurrentAccount();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<E>) => callEndpoint(endpoint, params, { account: account ?? undefined }),
    onSettled: () => after?.(client, account),
  });
}

export const usePlaceOrder = () => useAccountMutation(endpoints.placeOrder, (c, a) => void c.invalidateQueries({ queryKey: endpointQueryKey(endpoints.maxOpenAvailable, a) }));
export const useModifyOrder = () => useAccountMutation(endpoints.modifyOrder);
export const useCancelOrder = () => useAccountMutation(endpoints.cancelOrder);
export const useCancelBatch = () => useAccountMutation(endpoints.cancelBatch);
export const usePlaceBatch = () => useAccountMutation(endpoints.placeBatch);
export const useSetLeverage = () => useAccountMutation(endpoints.setLeverage, refreshAccount);
export const useSetHoldMode = () => useAccountMutation(endpoints.setHoldMode, refreshAccount);
