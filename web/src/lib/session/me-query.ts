// The session as a react-query resource; the store is updated in the query itself so
// the API client and the private socket see the account before the first render.
import { queryOptions } from '@tanstack/react-query';
import { fetchMe } from './auth-api';
import { sessionStore } from './session-store';

export const meQueryKey = ['auth', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: async ({ signal }) => {
      const me = await fetchMe(undefined, signal);
      sessionStore.getState().setMe(me);
      return me;
    },
    staleTime: 5 * 60_000,
    retry: 1,
  });
}
