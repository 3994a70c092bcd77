import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { instrumentsQueryOptions } from '@web/lib/instruments/instruments-query';
import { missedWhileDisconnected } from './use-desk-sockets';

describe('what a reconnect refetches', () => {
  it('marks account data stale and leaves the instrument list alone', async () => {
    const client = new QueryClient();
    // Fetched with its options, as the page's useQuery does (setQueryData alone would leave out the meta).
    await client.fetchQuery({ ...instrumentsQueryOptions(), queryFn: async () => [] });
    client.setQueryData(['exchange', 'main', 'unfilled-orders'], { list: [] });
    await client.invalidateQueries({ predicate: missedWhileDisconnected });
    expect(client.getQueryState(instrumentsQueryOptions().queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(['exchange', 'main', 'unfilled-orders'])?.isInvalidated).toBe(true);
  });
});
