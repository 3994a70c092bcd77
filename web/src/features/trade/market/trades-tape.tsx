// The trades tape (issue 18): every public trade of the instrument, newest on top, with
// price, size and time, coloured by the aggressor's side; the user's own trades are
// marked. Only the rows in view are drawn, however fast trades come, and the box scrolls
// back through the last TAPE_LENGTH trades.
//
// React renders the frame and re-renders only when the trades fail or recover: it reads
// the query's error, not its data. The rows follow the trade cache's writes through
// TapeView (tape-view.ts says why they are painted, not rendered). The scroll box holds a
// track as tall as every row, and a viewport that stays in view over it (sticky), where
// the canvas and the list of rows sit; a scroll redraws what the viewport shows.
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PublicFillRow } from '@contract/schemas/market';
import { describeError } from '@web/lib/api/describe-error';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { tradesKey, usePublicTrades } from '@web/lib/market/market-feeds';
import { useOwnTradeIds } from '@web/lib/market/own-trades';
import { TapeView } from './tape-view';

const ROW_PX = 20;
/** The viewport's height (h-56), and the rows it holds. */
const VIEW_PX = 224;
/** Listed rows: those in view and as many again below, for reading ahead. */
const SLOTS = 2 * Math.ceil(VIEW_PX / ROW_PX);

export function TradesTape({ meta, signedIn }: { meta: InstrumentMeta; signedIn: boolean }) {
  const trades = usePublicTrades(meta);
  const own = useOwnTradeIds(meta, signedIn);
  const client = useQueryClient();
  const scrollRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const view = useRef<TapeView | null>(null);
  // The own trades a new view starts with; kept current by the effect that follows them.
  const ownRef = useRef(own);

  useEffect(() => {
    const scroller = scrollRef.current;
    const track = trackRef.current;
    const canvas = canvasRef.current;
    const list = listRef.current;
    if (!scroller || !track || !canvas || !list) return;
    const tape = new TapeView(list, canvas, track, SLOTS, ROW_PX, meta);
    tape.setOwn(ownRef.current);
    view.current = tape;
    const key = tradesKey(meta);
    const hash = hashKey(key);
    const show = () => tape.show(client.getQueryData<PublicFillRow[]>(key) ?? []);
    show();
    const off = client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hash && event.action.type === 'success') show();
    });
    const onScroll = () => tape.scrollTo(scroller.scrollTop);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      off();
      scroller.removeEventListener('scroll', onScroll);
      view.current = null;
      tape.dispose();
    };
    // Another market (or its scales) is another list: the view starts again.
  }, [client, meta]);

  useEffect(() => {
    ownRef.current = own;
    view.current?.setOwn(own);
  }, [own]);

  return (
    <section aria-label="Trades" className="flex min-h-0 flex-col rounded-md border border-line bg-panel p-2 text-xs">
      <h2 className="mb-1 text-sm font-semibold">Trades</h2>
      <div className="grid grid-cols-[1fr_1fr_auto] gap-2 px-1 text-muted" aria-hidden="true">
        <span>Price ({meta.quoteCoin})</span>
        <span className="text-right">Size ({meta.baseCoin})</span>
        <span className="w-16 text-right">Time</span>
      </div>
      {trades.isError && (
        <p role="alert" className="text-sell">
          Trades could not be loaded: {describeError(trades.error)}
        </p>
      )}
      {/* Strict containment: a scroll or a new length lays out only what is inside. */}
      {/* The scroll box takes focus so the keyboard can scroll it; the list inside holds the rows in view. */}
      <div ref={scrollRef} role="region" aria-label="Recent trades, scrollable" tabIndex={0} className="h-56 overflow-y-auto" style={{ contain: 'strict' }}>
        <div ref={trackRef} className="relative">
          <div className="sticky top-0 h-56 overflow-hidden tabular">
            <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
            <div ref={listRef} role="list" aria-label="Recent trades" className="absolute inset-0" />
          </div>
        </div>
      </div>
    </section>
  );
}
