// One book pipeline per instrument, shared by every widget that shows it (book, depth
// chart, price chart): reference-counted like the socket's subscriptions, so the
// channel is subscribed once and dropped when the last widget leaves.
// The pipeline runs on this thread, on the shared public socket, which asks the proxy to
// batch (desk-sockets.ts): the pushes that came from upstream together arrive as one
// frame (5,000 pushes a second from the simulator come as ~700 frames), and a frame, not
// a message, is what the browser's socket costs. It used to run in a worker;
// at 5,000 pushes a second the worker's post to the page and the page's task to take it
// added 2 to 10 ms to every update (bench/ui), more than the pipeline's own work costs here.
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { connectionStatusStore } from '@web/lib/ws/connection-status-store';
import { animationFrames } from './frame-scheduler';
import { badInput } from '@web/lib/bad-input/bad-input-store';
import { checkBookPush } from './book-message';
import { createBookPipeline, type BookPipeline, type BookSource } from './book-store';
import type { SocketConnection } from '@web/lib/ws/socket-connection';
import type { SubscriptionArg } from '@web/lib/ws/subscription-registry';

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
  /** The stop after the last release, held for one task (see release). */
  stopping: ReturnType<typeof setTimeout> | undefined;
}

const entries = new Map<string, Entry>();

/**
 * The instType a book is subscribed with. v3 lists no `margin` instType (websocket.md):
 * margin trades on the spot book, so a margin symbol's book is the spot one, and both
 * share one pipeline.
 */
export function bookInstType(category: string): string {
  const c = category.toLowerCase();
  return c === 'margin' ? 'spot' : c;
}

const keyOf = (k: Pick<BookKey, 'category' | 'symbol'>) => `${bookInstType(k.category)}:${k.symbol}`;

/** The pipeline of an instrument if some widget holds it (or held it a task ago), else null; acquires nothing. */
export function peekBook(key: Pick<BookKey, 'category' | 'symbol'>): BookSource | null {
  return entries.get(keyOf(key))?.pipeline ?? null;
}

/** The shared pipeline of an instrument; call the returned release when done with it. */
export function acquireBook(key: BookKey): { pipeline: BookSource; release: () => void } {
  const id = keyOf(key);
  let entry = entries.get(id);
  if (!entry) entry = start(key);
  clearTimeout(entry.stopping);
  entry.stopping = undefined;
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
      // Held for one task: a widget that hands the same book to the next (spot to margin of
      // one symbol, a remount) keeps the subscription instead of an unsubscribe and subscribe.
      if (own.refs === 0) {
        own.stopping = setTimeout(() => {
          if (own.refs > 0) return;
          own.stop();
          entries.delete(id);
        }, 0);
      }
    },
  };
}

function start(key: BookKey): Entry {
  const socket = deskSockets().public;
  const arg = { instType: bookInstType(key.category), topic: 'books', symbol: key.symbol };
  const pipeline = createBookPipeline({
    priceScale: key.priceScale,
    sizeScale: key.sizeScale,
    frames: animationFrames,
    resubscribe: () => socket.resubscribe(arg),
  });
  const off = feedBook(socket, arg, pipeline);
  // A socket that is not connected delivers nothing: the book on screen is old news.
  const offStatus = connectionStatusStore.subscribe((s, prev) => {
    const now = s.sockets.public;
    if (now !== prev.sockets.public && now !== 'connected') pipeline.markStale(`market data connection ${now}`);
  });
  return {
    pipeline,
    refs: 0,
    stopping: undefined,
    stop: () => {
      off();
      offStatus();
      pipeline.dispose();
    },
  };
}

/**
 * Feeds a pipeline the pushes of its `books` channel; returns the unsubscribe. They are
 * read from the frame's text (pipeline.ingestText); a push the reader declines arrives
 * parsed, and is checked and reported as ever.
 */
export function feedBook(socket: SocketConnection, arg: SubscriptionArg & { symbol: string }, pipeline: BookPipeline): () => void {
  return socket.subscribe(
    arg,
    (msg) => {
      const checked = checkBookPush(msg);
      if (checked.ok) pipeline.ingest(checked.push);
      else badInput.report(`books ${arg.symbol}`, checked.field, checked.message);
    },
    pipeline.ingestText,
  );
}
