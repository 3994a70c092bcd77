// The audit screen's read: GET /audit pages for one query, newest first, "Load more"
// following the proxy's cursor (null on the last page).
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api/api-client';
import { fetchAuditPage, type AuditQueryInput } from '@web/lib/api/audit-log';

type AuditListQuery = Omit<AuditQueryInput, 'cursor'>;

export function auditLogQuery(query: AuditListQuery) {
  return infiniteQueryOptions({
    queryKey: ['audit', 'log', query],
    queryFn: ({ pageParam, signal }) => fetchAuditPage(apiFetch, { ...query, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    // The log only grows: what is loaded stays right; "Refresh" brings in the newest.
    staleTime: 30_000,
  });
}

export function useAuditLog(query: AuditListQuery | null) {
  return useInfiniteQuery({ ...auditLogQuery(query ?? {}), enabled: query !== null });
}
