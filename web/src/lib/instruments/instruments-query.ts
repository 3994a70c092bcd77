// The instruments the desk trades, once per session (instruments change rarely), turned
// into the metadata the screens use. The live API requires `category` on
// /api/v3/market/instruments, so there is one request per category the desk trades,
// spelled as the docs write it (market-data.md: SPOT, MARGIN, USDT-FUTURES).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { instrumentMeta, type InstrumentMeta, type TradeCategory } from './instrument-meta';

/** The categories asked for (every TradeCategory), in the order their instruments are listed. */
export const instrumentCategories = ['SPOT', 'MARGIN', 'USDT-FUTURES'] as const satisfies readonly Uppercase<TradeCategory>[];

export function instrumentsQueryOptions() {
  return queryOptions({
    queryKey: ['exchange', 'public', 'instruments'] as const,
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(instrumentCategories.map((category) => callEndpoint(endpoints.instruments, { category }, { signal })));
      return lists.flat();
    },
    staleTime: 5 * 60_000,
    // No push changes the list, so a socket reconnect has nothing to catch up on here.
    meta: { stableAcrossReconnects: true },
    select: (list) => list.map(instrumentMeta).filter((m): m is InstrumentMeta => m !== undefined),
  });
}

export function useInstruments() {
  return useQuery(instrumentsQueryOptions());
}
