// The browser's book pipeline for one instrument (ARCHITECTURE.md "Data flow in the
// browser"). A zustand store outside React that applies EVERY `books` message to the
// full contract OrderBook, but publishes a trimmed view to React at most once per
// animation frame. The first snapshot (and the first after a resync) is published at
// once, so the book never waits a frame to appear or to lose its stale mark.
// A gap or a checksum mismatch marks the view stale and asks for a fresh snapshot
// (the "gap flag set but never acted on" anti-pattern of STYLE.md is exactly what this
// avoids). The stored book is never trimmed; only the published view is.
import { createStore, type StoreApi } from 'zustand/vanilla';
import { OrderBook, type BookMessage, type BookResult } from '@contract/book/order-book';
import { DECLINED, readBookPush, type BookPushRead } from '@contract/book/book-push-reader';
import type { FrameScheduler } from './frame-scheduler';
import { noLevels, type PackedLevels } from './packed-levels';

export type BookStatus = 'loading' | 'live' | 'stale';

export interface BookState {
  status: BookStatus;
  /** Why the book is stale, in words the user can read. */
  staleReason: string;
  /** Best first, packed (packed-levels.ts). */
  bids: PackedLevels;
  asks: PackedLevels;
  bestBid: string | undefined;
  bestAsk: string | undefined;
  mid: string | undefined;
  spread: string | undefined;
  /** Integer mid in ticks x2 (bid + ask), exact, for charts; undefined while a side is empty. */
  midTicks2: number | undefined;
  seq: number;
  /** Exchange time (ms) of the last applied message. */
  ts: number;
  /** How many publishes happened; a cheap change marker for subscribers. */
  version: number;
  resyncs: number;
}

export interface BookPush {
  action: 'snapshot' | 'update';
  data: BookMessage & { ts?: string };
}

export interface BookStoreOptions {
  priceScale: number;
  sizeScale: number;
  frames: FrameScheduler;
  /** Ask the socket for a fresh snapshot (unsubscribe + subscribe). */
  resubscribe: () => void;
  /** Levels per side in the published view. */
  viewDepth?: number;
  /** Still stale this long after asking: ask again. */
  resyncRetryMs?: number;
  setTimer?: (cb: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** What the widgets read: the published view. */
export interface BookSource {
  store: StoreApi<BookState>;
}

export interface BookPipeline extends BookSource {
  store: StoreApi<BookState>;
  /** Apply one message of the `books` channel. */
  ingest(push: BookPush): void;
  /**
   * Apply the `books` push whose JSON text starts at text[start], read without parsing it
   * (contract/book/book-push-reader.ts): the index just past it, or -1 (DECLINED) for a
   * push the reader does not take, which is left to the caller to parse and ingest.
   * The book and the store end as ingest would leave them.
   */
  ingestText(text: string, start: number): number;
  /** The connection dropped: show the book as stale until the next snapshot. */
  markStale(reason: string): void;
  dispose(): void;
  /** The full stored book, for tests and diagnostics. */
  readonly book: OrderBook;
}

export const initialBookState: BookState = {
  status: 'loading',
  staleReason: '',
  bids: noLevels,
  asks: noLevels,
  bestBid: undefined,
  bestAsk: undefined,
  mid: undefined,
  spread: undefined,
  midTicks2: undefined,
  seq: 0,
  ts: 0,
  version: 0,
  resyncs: 0,
};

export function createBookPipeline(opts: BookStoreOptions): BookPipeline {
  const book = new OrderBook({ priceScale: opts.priceScale, sizeScale: opts.sizeScale });
  const store = createStore<BookState>()(() => ({ ...initialBookState }));
  const depth = opts.viewDepth ?? 400;
  const setTimer = opts.setTimer ?? ((cb, ms) => setTimeout(cb, ms));
  const clearTimer = opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let frame: number | null = null;
  let retryTimer: unknown = null;
  let lastTs = 0;
  let disposed = false;

  const publish = (): void => {
    frame = null;
    if (disposed) return;
    const view = book.packedView(depth);
    const bid = book.bestBidTicks();
    const ask = book.bestAskTicks();
    const prev = store.getState();
    store.setState({
      status: book.inSync ? 'live' : prev.status,
      staleReason: book.inSync ? '' : prev.staleReason,
      bids: view.bids,
      asks: view.asks,
      bestBid: book.bestBid(),
      bestAsk: book.bestAsk(),
      mid: book.mid(),
      spread: book.spread(),
      midTicks2: bid === undefined || ask === undefined ? undefined : bid + ask,
      seq: book.seq,
      ts: lastTs,
      version: prev.version + 1,
    });
  };

  const publishNow = (): void => {
    if (frame !== null) opts.frames.cancel(frame);
    publish();
  };

  const schedule = (): void => {
    if (frame === null) frame = opts.frames.request(publish);
  };

  const clearRetry = (): void => {
    if (retryTimer !== null) clearTimer(retryTimer);
    retryTimer = null;
  };

  // A feed whose fresh snapshot is followed at once by another break would otherwise be
  // resubscribed in a loop (as fast as the exchange answers): a round is a snapshot with
  // no update applied after it, and from the second such round in a row the next request
  // waits 1 s, 2 s, 4 s ... up to 30 s. One applied update ends the run.
  let snapshotSinceResync = false;
  let failedRounds = 0;

  const resync = (reason: string): void => {
    if (snapshotSinceResync) failedRounds++;
    const wait = snapshotSinceResync && failedRounds > 1 ? Math.min(30_000, 1_000 * 2 ** (failedRounds - 2)) : 0;
    snapshotSinceResync = false;
    store.setState((s) => ({ status: 'stale', staleReason: wait > 0 ? `${reason}; again after ${failedRounds} snapshots, next try in ${wait / 1000} s` : reason, resyncs: s.resyncs + 1, version: s.version + 1 }));
    if (frame !== null) opts.frames.cancel(frame);
    frame = null;
    clearRetry();
    if (wait === 0) opts.resubscribe();
    retryTimer = setTimer(() => {
      retryTimer = null;
      if (disposed || book.inSync) return;
      if (wait > 0) {
        opts.resubscribe();
        retryTimer = setTimer(() => {
          retryTimer = null;
          if (!disposed && !book.inSync) resync(`${reason}; still waiting for a fresh snapshot`);
        }, opts.resyncRetryMs ?? 5_000);
        return;
      }
      resync(`${reason}; still waiting for a fresh snapshot`);
    }, wait > 0 ? wait : (opts.resyncRetryMs ?? 5_000));
  };

  const ingest = (push: BookPush): void => {
    if (disposed) return;
    const data = push.data;
    let result;
    try {
      result = push.action === 'snapshot' ? book.applySnapshot(data) : book.applyUpdate(data);
    } catch (e) {
      resync(`a malformed book message (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    if (data.ts !== undefined) lastTs = Number(data.ts);
    applied(push.action === 'snapshot', result);
  };

  // The reader's outcome, reused: a push read from text allocates nothing here.
  const read: BookPushRead = { snapshot: false, result: { status: 'ok' }, ts: undefined };
  const ingestText = (text: string, start: number): number => {
    if (disposed) return DECLINED;
    const end = readBookPush(text, start, book, read);
    if (end === DECLINED) return end;
    if (read.ts !== undefined) lastTs = read.ts;
    applied(read.snapshot, read.result);
    return end;
  };

  const applied = (snapshot: boolean, result: BookResult): void => {
    switch (result.status) {
      case 'ok':
        if (snapshot) snapshotSinceResync = true;
        else failedRounds = 0;
        if (snapshot || store.getState().status !== 'live') {
          clearRetry();
          publishNow();
        } else {
          schedule();
        }
        return;
      case 'gap':
        resync(`a gap in the book stream (expected pseq ${result.expectedPseqExact}, got ${result.pseqExact})`);
        return;
      case 'checksum_mismatch':
        resync('a book checksum mismatch');
        return;
      case 'stale':
      case 'no_snapshot':
        // A duplicate, or updates racing the fresh snapshot we asked for: nothing to show.
        return;
    }
  };

  return {
    store,
    book,
    ingest,
    ingestText,
    markStale(reason) {
      if (disposed || store.getState().status === 'loading') return;
      store.setState((s) => ({ status: 'stale', staleReason: reason, version: s.version + 1 }));
    },
    dispose() {
      disposed = true;
      if (frame !== null) opts.frames.cancel(frame);
      frame = null;
      clearRetry();
    },
  };
}
