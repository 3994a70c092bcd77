// Fetch cached reads again because the data behind them changed (a push, a reconnect, our
// own order). `invalidateQueries` alone is not enough: react-query joins it to a fetch
// already in flight when the query has no data yet, so a first answer sent before the
// change would stand until something else refetched it (a fired TP missing from the TP/SL
// history was this). Such first fetches are cancelled and started again; a query that
// already has data is restarted by invalidateQueries itself (cancelRefetch).
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

export async function refetchAfterChange(client: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  const firstFetches = client
    .getQueryCache()
    .findAll(filters)
    .filter((q) => q.state.data === undefined && q.state.fetchStatus === 'fetching');
  if (firstFetches.length > 0) {
    const inFlight = new Set(firstFetches);
    await client.cancelQueries({ predicate: (q) => inFlight.has(q) });
  }
  await client.invalidateQueries(filters);
}
