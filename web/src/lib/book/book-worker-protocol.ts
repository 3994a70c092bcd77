// Messages between the page and the book worker (book-worker.ts). The worker owns a
// socket to /ws/public for one instrument's `books` channel and the full book; the page
// gets the published view, at most once per frame.
import type { BookState } from './book-store';

export interface BookWorkerOpen {
  type: 'open';
  url: string;
  arg: { instType: string; topic: 'books'; symbol: string };
  priceScale: number;
  sizeScale: number;
}

export interface BookWorkerState {
  type: 'state';
  state: BookState;
  /**
   * The `ts` (exchange time, ms) of every message folded into this view since the last
   * post: the book shows the latest; the ui bench (bench/ui/page-probe.ts) reads all of
   * them to measure update-to-paint latency from the message source.
   */
  stamps: number[];
}
