// react-query helpers over the catalog (bulletproof-react: a fetcher, a queryOptions
// factory and a hook per API call). Features write their per-endpoint factory in one
// line, e.g. `endpointQueryOptions(endpoints.unfilledOrders, { category: 'spot' }, account)`.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EndpointDef } from '@contract/catalog/endpoints';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { callEndpoint } from './endpoint-client';
import type { ParamsOf } from './call-endpoint';

/**
 * Keys start with 'exchange' and the account, so a switch of account never shows
 * another account's data, and `invalidateQueries({queryKey: ['exchange']})` refetches
 * all exchange data after a reconnect.
 */
export function endpointQueryKey<E extends EndpointDef>(endpoint: E, account: string | null, params?: ParamsOf<E>) {
  return params === undefined ? (['exchange', account, endpoint.id] as const) : (['exchange', account, endpoint.id, params] as const);
}

export function endpointQueryOptions<E extends EndpointDef>(endpoint: E, params: ParamsOf<E>, account: string | null) {
  return queryOptions({
    queryKey: endpointQueryKey(endpoint, account, params),
    queryFn: ({ signal }) => callEndpoint(endpoint, params, { account: account ?? undefined, signal }),
  });
}

/** A read of the catalog for the current account. */
export function useEndpointQuery<E extends EndpointDef>(endpoint: E, params: ParamsOf<E>, options: { enabled?: boolean } = {}) {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoint, params, account), enabled: options.enabled ?? true });
}
