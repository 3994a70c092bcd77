// One loaded spec 4.6 list (order history, fills or financial records for one account
// and one set of filters): the rows loaded so far, newest first, with "load more" going
// back in time and "refresh head" bringing in what arrived since (after a fill push or a
// reconnect) without a reload and without duplicates. Lives outside React (a zustand
// store), so a tab switch keeps what was loaded.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { headReachesLoaded, mergeById, nextCursor, type Page } from './cursor-pages';

export interface PagedListState<T> {
  rows: T[];
  /** True once the first page has come back (it may have been empty). */
  loaded: boolean;
  /** The cursor for the next older page; undefined while no row is loaded. */
  cursor: string | undefined;
  exhausted: boolean;
  loading: boolean;
  refreshing: boolean;
  error: Error | null;
}

export interface PagedListOptions<T> {
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;
  idOf: (item: T) => string;
  pageSize: number;
  /** Head pages to fetch at most while catching up; beyond that the list starts over from the head. */
  maxCatchUpPages?: number;
}

export class PagedList<T> {
  readonly store: StoreApi<PagedListState<T>>;
  private readonly controller = new AbortController();
  private refreshRun: Promise<void> | null = null;
  private refreshAgain = false;

  constructor(private readonly opts: PagedListOptions<T>) {
    this.store = createStore<PagedListState<T>>(() => ({ rows: [], loaded: false, cursor: undefined, exhausted: false, loading: false, refreshing: false, error: null }));
  }

  /** Loads the next older page (the first page when nothing is loaded). */
  async loadMore(): Promise<void> {
    const s = this.store.getState();
    if (s.loading || s.exhausted || this.controller.signal.aborted) return;
    this.store.setState({ loading: true, error: null });
    try {
      const page = await this.opts.fetchPage(s.cursor, this.controller.signal);
      const now = this.store.getState();
      this.store.setState({
        rows: mergeById(now.rows, page.list, this.opts.idOf),
        cursor: nextCursor(page, this.opts.idOf) || now.cursor,
        exhausted: page.list.length < this.opts.pageSize,
        loaded: true,
        loading: false,
      });
    } catch (e) {
      if (this.controller.signal.aborted) return;
      this.store.setState({ loading: false, error: toError(e) });
    }
  }

  /**
   * Brings in rows newer than the loaded ones (and newer versions of loaded ones).
   * Calls while one runs are coalesced into one more run after it.
   */
  refreshHead(): Promise<void> {
    if (this.refreshRun) {
      this.refreshAgain = true;
      return this.refreshRun;
    }
    this.refreshRun = (async () => {
      do {
        this.refreshAgain = false;
        await this.catchUp();
      } while (this.refreshAgain && !this.controller.signal.aborted);
      this.refreshRun = null;
    })();
    return this.refreshRun;
  }

  /** Stops every request in flight; the list is no longer used. */
  dispose(): void {
    this.controller.abort();
  }

  private async catchUp(): Promise<void> {
    const start = this.store.getState();
    if (!start.loaded) {
      // The first page has not come back yet: it is the head.
      await this.loadMore();
      return;
    }
    this.store.setState({ refreshing: true });
    try {
      const fetched: T[] = [];
      let cursor: string | undefined;
      let reached = false;
      let last: Page<T> = { list: [], cursor: '' };
      for (let i = 0; i < (this.opts.maxCatchUpPages ?? 5); i++) {
        last = await this.opts.fetchPage(cursor, this.controller.signal);
        fetched.push(...last.list);
        if (headReachesLoaded(last, this.store.getState().rows, this.opts.idOf) || last.list.length < this.opts.pageSize) {
          reached = true;
          break;
        }
        cursor = nextCursor(last, this.opts.idOf);
      }
      const now = this.store.getState();
      if (reached && now.rows.length === 0) {
        // The list was empty: what arrived is its first page.
        this.store.setState({ rows: mergeById([], fetched, this.opts.idOf), cursor: nextCursor(last, this.opts.idOf) || undefined, exhausted: fetched.length < this.opts.pageSize, refreshing: false, error: null });
      } else if (reached) {
        this.store.setState({ rows: mergeById(now.rows, fetched, this.opts.idOf), refreshing: false, error: null });
      } else {
        // Too much arrived to bridge: show the head and page back from there.
        this.store.setState({ rows: mergeById([], fetched, this.opts.idOf), cursor: nextCursor(last, this.opts.idOf), exhausted: false, refreshing: false, error: null });
      }
    } catch (e) {
      if (this.controller.signal.aborted) return;
      this.store.setState({ refreshing: false, error: toError(e) });
    }
  }
}

function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}
