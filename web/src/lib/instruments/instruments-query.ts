// GET /api/v3/public/instruments, once per session (instruments change rarely), turned
// into the metadata the screens use.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpoints } from '@contract/endpoints';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { instrumentMeta, type InstrumentMeta } from './instrument-meta';

export function instrumentsQueryOptions() {
  return queryOptions({
    queryKey: ['exchange', 'public', 'instruments'] as const,
    queryFn: ({ signal }) => callEndpoint(endpoints.instruments, {}, { signal }),
    staleTime: 5 * 60_000,
    select: (list) => list.map(instrumentMeta).filter((m): m is InstrumentMeta => m !== undefined),
  });
}

export function useInstruments() {
  return useQuery(instrumentsQueryOptions());
}
