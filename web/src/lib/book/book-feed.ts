// One book pipeline per instrument, shared by every widget that shows it (book, depth
// chart, price chart): reference-counted like the socket's subscriptions, so the
// channel is subscribed once and dropped when the last widget leaves.
// The pipeline runs in a worker (book-worker.ts) with its own socket, so the thousands of
// messages a second never touch the main thread, which only gets the view once per frame;
// where workers are unavailable it runs here on the shared public socket.
import { createStore } from 'zustand/vanilla';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { connectionStatusStore } from '@web/lib/ws/connection-status-store';
import { animationFrames } from './frame-scheduler';
import { asBookPush } from './book-message';
import { createBookPipeline, initialBookState, type BookSource, type BookState } from './book-store';
import type { BookWorkerOpen, BookWorkerState } from './book-worker-protocol';

export interface BookKey {
  category: string;
  symbol: string;
  priceScale: number;
  sizeScale: number;
}

interface Entry {
  pipeline: BookSource;
  refs: number;
  stop: () => void;
}

const entries = new Map<string, Entry>();

const keyOf = (k: BookKey) => `${k.category}:${k.symbol}`;

/** The shared pipeline of an instrument; call the returned release when done with it. */
export function acquireBook(key: BookKey): { pipeline: BookSource; release: () => void } {
  const id = keyOf(key);
  let entry = entries.get(id);
  if (!entry) entry = start(key);
  entries.set(id, entry);
  entry.refs++;
  let released = false;
  const own = entry;
  return {
    pipeline: own.pipeline,
    release: () => {
      if (released) return;
      released = true;
      own.refs--;
      if (own.refs === 0) {
        own.stop();
        entries.delete(id);
      }
    },
  };
}

function start(key: BookKey): Entry {
  return startInWorker(key) ?? startHere(key);
}

function socketUrl(path: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${path}`;
}

function startInWorker(key: BookKey): Entry | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./book-worker.ts', import.meta.url), { type: 'module', name: `book ${key.category}:${key.symbol}` });
  } catch {
    return null;
  }
  const store = createStore<BookState>()(() => ({ ...initialBookState }));
  // Posts come at most once per worker frame; the view still reaches React in this
  // thread's frame, at most once per frame, except a change of status (first snapshot,
  // stale, resynced), which is shown at once.
  let latest: BookState | null = null;
  let frame: number | null = null;
  const publish = () => {
    frame = null;
    if (latest) store.setState(latest);
    latest = null;
  };
  worker.onmessage = (ev: MessageEvent<BookWorkerState>) => {
    if (ev.data.type !== 'state') return;
    latest = ev.data.state;
    if (latest.status !== store.getState().status) {
      if (frame !== null) animationFrames.cancel(frame);
      publish();
    } else if (frame === null) {
      frame = animationFrames.request(publish);
    }
  };
  worker.onerror = () => {
    store.setState((s) => ({ status: 'stale', staleReason: 'the market data worker failed; reload the page', version: s.version + 1 }));
  };
  // batch=1: the proxy gathers the pushes of up to half a frame (8 ms) into one frame
  // (server-proxy ws-send-queue.ts); a frame, not a message, is what the browser pays for.
  const open: BookWorkerOpen = { type: 'open', url: socketUrl('/ws/public?batch=1'), arg: { instType: key.category, topic: 'books', symbol: key.symbol }, priceScale: key.priceScale, sizeScale: key.sizeScale };
  worker.postMessage(open);
  return {
    pipeline: { store },
    refs: 0,
    stop: () => {
      if (frame !== null) animationFrames.cancel(frame);
      worker.terminate();
    },
  };
}

function startHere(key: BookKey): Entry {
  const socket = deskSockets().public;
  const arg = { instType: key.category, topic: 'books', symbol: key.symbol };
  const pipeline = createBookPipeline({
    priceScale: key.priceScale,
    sizeScale: key.sizeScale,
    frames: animationFrames,
    resubscribe: () => socket.resubscribe(arg),
  });
  const off = socket.subscribe(arg, (msg) => {
    const push = asBookPush(msg);
    if (push) pipeline.ingest(push);
  });
  // A socket that is not connected delivers nothing: the book on screen is old news.
  const offStatus = connectionStatusStore.subscribe((s, prev) => {
    const now = s.sockets.public;
    if (now !== prev.sockets.public && now !== 'connected') pipeline.markStale(`market data connection ${now}`);
  });
  return {
    pipeline,
    refs: 0,
    stop: () => {
      off();
      offStatus();
      pipeline.dispose();
    },
  };
}
