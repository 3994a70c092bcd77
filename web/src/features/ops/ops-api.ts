// The ops screen's reads: a page of pledge-rate history, and a full range of it for the
// chart and the export (spec 4.1).
import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@contract/endpoints';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { fetchAllRevisions } from './fetch-all-revisions';
import type { ReviseQuery } from './revise-query';

// The shared helpers, under the names this feature's components import them by.

export function useRevisePage(query: ReviseQuery | null, pageNo: number, account: string | null) {
  const params = { ...(query ?? { startTime: '0', endTime: '0' }), pageNo: String(pageNo) };
  return useQuery({ ...endpointQueryOptions(endpoints.reviseHistory, params, account), enabled: query !== null, staleTime: 60_000 });
}

/** Every record of the query's range (all pages of 100). */
export function fetchFullRange(query: ReviseQuery, account: string | null, onPage?: (pageNo: number, rows: number) => void) {
  const pageSize = 100;
  return fetchAllRevisions((pageNo) => callEndpoint(endpoints.reviseHistory, { ...query, pageNo: String(pageNo), pageSize: String(pageSize) }, { account: account ?? undefined }), { pageSize, onPage });
}

export function useFullRange(query: ReviseQuery | null, account: string | null) {
  return useQuery({
    queryKey: ['exchange', account, 'reviseHistory', 'full-range', query],
    queryFn: () => fetchFullRange(query as ReviseQuery, account),
    enabled: query !== null,
    staleTime: 60_000,
  });
}
