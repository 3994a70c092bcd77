// set-hold-mode and set-leverage for the current account (spec 2.9, 4.5); after either,
// settings, balances and limits are fetched again, on every screen that shows them.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import type { ParamsOf } from '@web/lib/api/call-endpoint';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { refreshAccountReads } from './account-queries';

function useSettingsMutation<E extends typeof endpoints.setHoldMode | typeof endpoints.setLeverage>(endpoint: E) {
  const account = useCurrentAccount();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: ParamsOf<E>) => callEndpoint(endpoint, params, { account: account ?? undefined }),
    onSettled: () => refreshAccountReads(client, account),
  });
}

export const useSetHoldMode = () => useSettingsMutation(endpoints.setHoldMode);
export const useSetLeverage = () => useSettingsMutation(endpoints.setLeverage);
