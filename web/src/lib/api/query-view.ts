// What a screen built on one query shows. A background refetch that fails leaves the
// last data in the cache, and react-query then reports isError with that data still
// there: a screen that checks isError first throws away what the user sees and, with it,
// whatever they were typing (a reconnect refetches everything; under faults one of those
// refetches fails now and then). So the data wins; the error shows only when there is none.
import type { UseQueryResult } from '@tanstack/react-query';

export type QueryView<T> = { kind: 'data'; data: T; refreshFailed: Error | null } | { kind: 'error'; error: Error } | { kind: 'loading' };

export function queryView<T>(q: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>): QueryView<T> {
  if (q.data !== undefined) return { kind: 'data', data: q.data, refreshFailed: q.isError ? q.error : null };
  if (q.isError && q.error) return { kind: 'error', error: q.error };
  return { kind: 'loading' };
}
