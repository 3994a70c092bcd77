// A spec 4.6 list for a screen: kept per key (account + endpoint + filters) across tab
// switches, loaded on first view, and brought up to date whenever the private channels
// say it is stale (a fill, a final order state, a reconnect).
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { onListStale, type ListTopic } from './list-refresh-events';
import { PagedList, type PagedListOptions, type PagedListState } from './paged-list';

const MAX_KEPT = 12;
const kept = new Map<string, PagedList<unknown>>();

function listFor<T>(key: string, make: () => PagedListOptions<T>): PagedList<T> {
  const found = kept.get(key);
  if (found) {
    // Most recently used last, so the oldest is the one dropped.
    kept.delete(key);
    kept.set(key, found);
    return found as PagedList<T>;
  }
  const list = new PagedList(make());
  kept.set(key, list as PagedList<unknown>);
  while (kept.size > MAX_KEPT) {
    const [oldestKey, oldest] = kept.entries().next().value as [string, PagedList<unknown>];
    oldest.dispose();
    kept.delete(oldestKey);
  }
  return list;
}

export interface PagedListView<T> {
  state: PagedListState<T>;
  list: PagedList<T>;
}

export function usePagedList<T>(key: string, topic: ListTopic, make: () => PagedListOptions<T>): PagedListView<T> {
  // `make` closes over the same values `key` names, and listFor keeps one list per key:
  // a new `make` each render finds the same list, so the key alone decides identity.
  const list = useMemo(() => listFor(key, make), [key, make]);
  const state = useStore(list.store);

  useEffect(() => {
    const s = list.store.getState();
    if (!s.loaded) void list.loadMore();
    else void list.refreshHead();
    return onListStale(topic, () => void list.refreshHead());
  }, [list, topic]);

  return { state, list };
}
