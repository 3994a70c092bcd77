import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { refetchAfterChange } from './refetch-after-change';

/** A read whose answers the test releases by hand, in order, with the value the server held when asked. */
function serverRead() {
  let value = 'before';
  const pending: Array<() => void> = [];
  let calls = 0;
  return {
    set(v: string) {
      value = v;
    },
    get calls() {
      return calls;
    },
    queryFn: () => {
      calls += 1;
      const answer = value;
      return new Promise<string>((resolve) => pending.push(() => resolve(answer)));
    },
    releaseAll() {
      for (const r of pending.splice(0)) r();
    },
  };
}

const clients: QueryClient[] = [];
function watched(read: ReturnType<typeof serverRead>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  clients.push(client);
  const observer = new QueryObserver(client, { queryKey: ['history'], queryFn: read.queryFn });
  const off = observer.subscribe(() => {});
  return { client, off };
}
afterEach(() => {
  for (const c of clients.splice(0)) c.clear();
});

const settle = () => new Promise((r) => setTimeout(r, 0));

/**
 * The server's data changes while a watched query's first fetch is in flight, and
 * `refresh` is asked then; every fetch is answered in turn until none is left.
 */
async function changeDuringFirstFetch(refresh: (client: QueryClient) => Promise<void>) {
  const read = serverRead();
  const { client, off } = watched(read);
  await settle();
  const callsBeforeChange = read.calls;
  read.set('after');
  const refreshed = refresh(client);
  await settle();
  read.releaseAll();
  await refreshed;
  await settle();
  read.releaseAll();
  await settle();
  off();
  return { read, client, callsBeforeChange };
}

describe('refetchAfterChange', () => {
  it('starts a first fetch again when the change lands while it is in flight', async () => {
    const { read, client, callsBeforeChange } = await changeDuringFirstFetch((c) => refetchAfterChange(c, { queryKey: ['history'] }));
    expect(callsBeforeChange).toBe(1); // the first fetch asked while the server still held 'before'
    expect(read.calls).toBe(2);
    expect(client.getQueryData(['history'])).toBe('after');
  });

  it('shows why: invalidateQueries alone keeps the first answer, asked before the change', async () => {
    const { read, client } = await changeDuringFirstFetch((c) => c.invalidateQueries({ queryKey: ['history'] }));
    expect(read.calls).toBe(1);
    expect(client.getQueryData(['history'])).toBe('before');
  });

  it('refetches a query that already has data, once', async () => {
    const read = serverRead();
    const { client, off } = watched(read);
    await settle();
    read.releaseAll();
    await settle();
    expect(client.getQueryData(['history'])).toBe('before');
    read.set('after');
    const refreshed = refetchAfterChange(client, { queryKey: ['history'] });
    await settle();
    read.releaseAll();
    await refreshed;
    expect(read.calls).toBe(2);
    expect(client.getQueryData(['history'])).toBe('after');
    off();
  });

  it('leaves other queries alone', async () => {
    const read = serverRead();
    const { client, off } = watched(read);
    await settle();
    await refetchAfterChange(client, { queryKey: ['other'] });
    read.releaseAll();
    await settle();
    expect(read.calls).toBe(1);
    off();
  });
});
