import { describe, expect, it } from 'vitest';
import type { Page } from './cursor-pages';
import { PagedList } from './paged-list';

interface Row {
  id: string;
  state: string;
}

/** A fake server list: rows can be added (new ids on top) or changed while the client pages. */
function fakeServer(pageSize: number) {
  const rows = new Map<number, Row>();
  let nextId = 1;
  const calls: (string | undefined)[] = [];
  return {
    calls,
    add(n: number) {
      for (let i = 0; i < n; i++) {
        const id = nextId++;
        rows.set(id, { id: String(id), state: 'filled' });
      }
    },
    change(id: number, state: string) {
      rows.set(id, { id: String(id), state });
    },
    fetchPage: async (cursor: string | undefined): Promise<Page<Row>> => {
      calls.push(cursor);
      const below = cursor === undefined ? Infinity : Number(cursor);
      const list = [...rows.keys()]
        .filter((id) => id < below)
        .sort((a, b) => b - a)
        .slice(0, pageSize)
        .map((id) => rows.get(id)!);
      return { list, cursor: list.at(-1)?.id ?? '' };
    },
  };
}

const ids = (list: PagedList<Row>) => list.store.getState().rows.map((r) => Number(r.id));

describe('PagedList', () => {
  it('loads page after page with the minimum id as the cursor, until the list is exhausted', async () => {
    const server = fakeServer(10);
    server.add(25);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10 });
    await list.loadMore();
    await list.loadMore();
    expect(ids(list)).toEqual(Array.from({ length: 20 }, (_, i) => 25 - i));
    await list.loadMore();
    expect(list.store.getState().exhausted).toBe(true);
    await list.loadMore();
    expect(server.calls).toEqual([undefined, '16', '6']);
    expect(ids(list)).toHaveLength(25);
  });

  it('puts rows that arrived since on top without duplicates or gaps', async () => {
    const server = fakeServer(10);
    server.add(30);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10 });
    await list.loadMore();
    await list.loadMore();
    server.add(14); // ids 31..44: more than one page
    await list.refreshHead();
    expect(ids(list)).toEqual(Array.from({ length: 34 }, (_, i) => 44 - i));
    // Paging back continues where it was.
    await list.loadMore();
    expect(ids(list)).toEqual(Array.from({ length: 44 }, (_, i) => 44 - i));
  });

  it('picks up the first rows of a list that was empty when it loaded', async () => {
    const server = fakeServer(10);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10 });
    await list.loadMore();
    expect(list.store.getState()).toMatchObject({ loaded: true, exhausted: true, rows: [] });
    server.add(12);
    await list.refreshHead();
    expect(ids(list)).toEqual(Array.from({ length: 10 }, (_, i) => 12 - i));
    expect(list.store.getState().exhausted).toBe(false);
    await list.loadMore();
    expect(ids(list)).toEqual(Array.from({ length: 12 }, (_, i) => 12 - i));
  });

  it('replaces a loaded row with its newer version on refresh', async () => {
    const server = fakeServer(10);
    server.add(5);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10 });
    await list.loadMore();
    server.change(5, 'canceled');
    await list.refreshHead();
    expect(list.store.getState().rows[0]).toEqual({ id: '5', state: 'canceled' });
    expect(ids(list)).toHaveLength(5);
  });

  it('coalesces refreshes asked for while one runs into one more run', async () => {
    const server = fakeServer(10);
    server.add(3);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10 });
    await list.loadMore();
    server.calls.length = 0;
    const runs = [list.refreshHead(), list.refreshHead(), list.refreshHead()];
    server.add(1);
    await Promise.all(runs);
    await list.refreshHead();
    expect(server.calls.length).toBeLessThanOrEqual(3);
    expect(ids(list)[0]).toBe(4);
  });

  it('starts over from the head when more arrived than it will catch up on', async () => {
    const server = fakeServer(10);
    server.add(5);
    const list = new PagedList({ fetchPage: server.fetchPage, idOf: (r) => r.id, pageSize: 10, maxCatchUpPages: 2 });
    await list.loadMore();
    server.add(50);
    await list.refreshHead();
    expect(ids(list)).toEqual(Array.from({ length: 20 }, (_, i) => 55 - i));
    expect(list.store.getState().exhausted).toBe(false);
    await list.loadMore();
    expect(ids(list)).toHaveLength(30);
  });

  it('keeps the rows and shows the error when a page fails', async () => {
    const server = fakeServer(10);
    server.add(15);
    let fail = false;
    const list = new PagedList({
      fetchPage: (c) => (fail ? Promise.reject(new Error('HTTP 502')) : server.fetchPage(c)),
      idOf: (r: Row) => r.id,
      pageSize: 10,
    });
    await list.loadMore();
    fail = true;
    await list.loadMore();
    expect(list.store.getState().error?.message).toBe('HTTP 502');
    expect(ids(list)).toHaveLength(10);
    fail = false;
    await list.loadMore();
    expect(ids(list)).toHaveLength(15);
  });
});
