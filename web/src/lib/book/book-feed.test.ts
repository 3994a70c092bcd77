import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOK_ARG, bookPushTexts } from '@contract/book/book-push-texts.test-support';
import { FakeEnvironment, FakeSocket } from '@web/lib/ws/fake-socket.test-support';
import { SocketConnection } from '@web/lib/ws/socket-connection';
import { feedBook } from './book-feed';
import { createBookPipeline } from './book-store';
import { FakeFrames } from './fake-frames.test-support';

const TICKER_ARG = { instType: 'usdt-futures', topic: 'ticker', symbol: 'BTCUSDT' };
const ticker = (n: number) => `{"arg":${JSON.stringify(TICKER_ARG)},"action":"snapshot","data":[{"lastPr":"${n}.5","seq":${n}}],"ts":${n}}`;
const BOOK_ACK = `{"event":"subscribe","arg":${JSON.stringify(BOOK_ARG)}}`;

/** A desk's public socket with a book fed by feedBook and a ticker listener; textPath false is today's JSON.parse of every frame. */
function desk(textPath: boolean, priceScale: number, sizeScale: number) {
  const conn = new SocketConnection({ url: () => 'ws://desk/ws/public?batch=1', WebSocketImpl: FakeSocket, awaitLogin: false, environment: new FakeEnvironment(), random: () => 1 });
  conn.start();
  const ws = FakeSocket.instances.at(-1)!;
  ws.open();
  const frames = new FakeFrames();
  const pipeline = createBookPipeline({ priceScale, sizeScale, frames, resubscribe: () => conn.resubscribe(BOOK_ARG), setTimer: () => 0, clearTimer: () => {} });
  const parsedPushes = vi.spyOn(pipeline, 'ingest');
  feedBook(conn, BOOK_ARG, pipeline);
  const tickers: unknown[] = [];
  conn.subscribe(TICKER_ARG, (m) => tickers.push(m));
  // A diagnostic hook sees every message decoded, so the socket then parses every frame.
  if (!textPath) conn.onMessage(() => {});
  return { conn, ws, frames, pipeline, tickers, parsedPushes };
}

// How pushes are cut into frames: a lone message, or a batch (JSON array) of several,
// with ticker pushes and a books ack mixed in, as the proxy's `?batch=1` sends them.
const framing = fc.array(fc.record({ size: fc.integer({ min: 1, max: 4 }), array: fc.boolean(), tickerAt: fc.integer({ min: -3, max: 4 }), ack: fc.integer({ min: 0, max: 20 }) }), { minLength: 1 });

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('feedBook: pushes read from the frame text', () => {
  it('leave the book, the store, the other channels and the socket exactly as JSON.parse does', () => {
    let read = 0;
    let parsed = 0;
    fc.assert(
      fc.property(bookPushTexts(), framing, ({ priceScale, sizeScale, texts }, cuts) => {
        const text = desk(true, priceScale, sizeScale);
        const json = desk(false, priceScale, sizeScale);
        let next = 0;
        for (let k = 0; next < texts.length; k++) {
          const cut = cuts[k % cuts.length]!;
          const messages = texts.slice(next, next + cut.size);
          next += cut.size;
          if (cut.tickerAt >= 0) messages.splice(Math.min(cut.tickerAt, messages.length), 0, ticker(k));
          if (cut.ack === 0) messages.unshift(BOOK_ACK);
          const frame = messages.length === 1 && !cut.array ? messages[0]! : `[${messages.join(cut.array ? ',\n' : ',')}]`;
          for (const side of [text, json]) {
            side.ws.receive(frame);
            side.frames.step();
          }
          expect(text.pipeline.store.getState()).toEqual(json.pipeline.store.getState());
          expect(text.pipeline.book.view()).toEqual(json.pipeline.book.view());
          expect(text.pipeline.book.checksum()).toBe(json.pipeline.book.checksum());
          expect(text.pipeline.book.seqExact).toBe(json.pipeline.book.seqExact);
        }
        expect(text.tickers).toEqual(json.tickers);
        // Resyncs asked for (unsubscribe and subscribe) are the same too.
        expect(text.ws.sent).toEqual(json.ws.sent);
        expect(json.parsedPushes).toHaveBeenCalledTimes(texts.length);
        parsed += text.parsedPushes.mock.calls.length;
        read += texts.length - text.parsedPushes.mock.calls.length;
        text.conn.stop();
        json.conn.stop();
      }),
      { numRuns: 100 },
    );
    // Most pushes must really take the text path, or the comparison above proves little.
    expect(read).toBeGreaterThan(10 * parsed);
  });

  it('resyncs on a malformed level, naming the level, as the JSON path does', () => {
    const { ws, pipeline, frames } = desk(true, 1, 3);
    const arg = JSON.stringify(BOOK_ARG);
    ws.receive(`{"arg":${arg},"action":"snapshot","data":[{"a":[["100.5","1"]],"b":[["100.0","2"]],"seq":10,"ts":"5"}]}`);
    ws.receive(`[{"arg":${arg},"action":"update","data":[{"a":[],"b":[["99.9","3"],["99.8","1e3"]],"pseq":10,"seq":11}]}]`);
    frames.step();
    expect(pipeline.store.getState()).toMatchObject({ status: 'stale', resyncs: 1 });
    expect(pipeline.store.getState().staleReason).toContain('b[1]: size must be a decimal number');
    expect(ws.json().slice(-2)).toEqual([
      { op: 'unsubscribe', args: [BOOK_ARG] },
      { op: 'subscribe', args: [BOOK_ARG] },
    ]);
  });
});
