import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryView } from './query-view';

describe('queryView', () => {
  it('keeps the last data when a background refetch fails, naming the failure', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let fail = false;
    const observer = new QueryObserver(client, {
      queryKey: ['k'],
      queryFn: async () => {
        if (fail) throw new Error('upstream 503');
        return ['BTCUSDT'];
      },
    });
    const off = observer.subscribe(() => {});
    await observer.refetch();
    expect(queryView(observer.getCurrentResult())).toEqual({ kind: 'data', data: ['BTCUSDT'], refreshFailed: null });
    fail = true;
    await observer.refetch();
    const failed = observer.getCurrentResult();
    // What react-query reports: an error, with the data still there.
    expect(failed.isError).toBe(true);
    expect(queryView(failed)).toMatchObject({ kind: 'data', data: ['BTCUSDT'], refreshFailed: { message: 'upstream 503' } });
    off();
    client.clear();
  });

  it('shows the error when there is no data, and loading before either', () => {
    expect(queryView({ data: undefined, error: new Error('no'), isError: true })).toEqual({ kind: 'error', error: new Error('no') });
    expect(queryView({ data: undefined, error: null, isError: false })).toEqual({ kind: 'loading' });
  });
});
