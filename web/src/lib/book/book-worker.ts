// The book pipeline off the main thread. At thousands of `books` messages a second, the
// socket's per-message work (the browser's event dispatch, JSON.parse, applying levels,
// the CRC32 checksum) would take a large share of the main thread and starve rendering.
// Here a worker runs its own /ws/public socket (the same SocketConnection: heartbeat,
// reconnect, resubscribe) and the same createBookPipeline (gap and checksum resync, stale
// marking), and posts the published view at most every 8 ms; the page shows it at most
// once per frame.
import { SocketConnection } from '@web/lib/ws/socket-connection';
import { asBookPush } from './book-message';
import { createBookPipeline } from './book-store';
import type { BookWorkerOpen, BookWorkerState } from './book-worker-protocol';
import type { FrameScheduler } from './frame-scheduler';

/** What this file uses of the worker's global scope (the project's lib is DOM, not WebWorker). */
interface WorkerScope {
  onmessage: ((ev: MessageEvent<BookWorkerOpen>) => void) | null;
  postMessage(message: BookWorkerState, transfer: Transferable[]): void;
}
const scope = globalThis as unknown as WorkerScope;

/**
 * Posts at most every POST_MS, the first one at once. Not the worker's own rAF: the page
 * renders in ITS frame anyway (book-feed.ts keeps the latest view for it), so a second
 * frame wait here would add ~8 ms on average to every update's latency. The proxy already
 * gathers pushes into a frame every 8 ms (batch=1), so a view normally leaves as soon as
 * its frame is applied; the bound only matters for a relay that does not batch, and keeps
 * the posts (two transferred arrays each) to 250 a second.
 */
const POST_MS = 4;
let lastPost = -Infinity;
const frames: FrameScheduler = {
  request: (cb) =>
    setTimeout(() => {
      lastPost = performance.now();
      cb();
    }, Math.max(0, lastPost + POST_MS - performance.now())) as unknown as number,
  cancel: (h) => clearTimeout(h),
};

let opened = false;

scope.onmessage = (ev) => {
  if (ev.data.type !== 'open' || opened) return;
  opened = true;
  const { url, arg, priceScale, sizeScale } = ev.data;
  const pipeline = createBookPipeline({ priceScale, sizeScale, frames, resubscribe: () => socket.resubscribe(arg) });
  const socket = new SocketConnection({
    url: () => url,
    WebSocketImpl: WebSocket,
    awaitLogin: false,
    onStatus: (s) => {
      if (s !== 'connected') pipeline.markStale(`market data connection ${s}`);
    },
  });
  let stamps: number[] = [];
  socket.subscribe(arg, (msg) => {
    const push = asBookPush(msg);
    if (!push) return;
    if (push.data.ts !== undefined) stamps.push(Number(push.data.ts));
    pipeline.ingest(push);
  });
  pipeline.store.subscribe((state) => {
    const out: BookWorkerState = { type: 'state', state, stamps };
    stamps = [];
    // The packed levels are moved, not copied: each publish made fresh arrays, and this
    // thread only reads status and version of its own copy afterwards.
    scope.postMessage(out, [state.bids.buffer, state.asks.buffer]);
  });
  socket.start();
};
