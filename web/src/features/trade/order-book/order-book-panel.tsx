// The order book ladder: asks above, bids below, spread and mid between, cumulative
// depth bars, the user's own orders marked, grouping by tick multiples. A click on a
// row hands its price to the order form.
// Under load the store publishes once per frame. React renders the frame of the panel and
// re-renders only when the book's status changes (loading, live, stale); the rows, the
// mid and the spread are written on each publish by LadderSideView (ladder-side-view.ts),
// which touches only what changed.
import { memo, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { groupMultiples } from '@contract/book/group-levels';
import { fromScaled } from '@contract/core/decimal';
import { buildLadder, type OwnOrder } from '@web/lib/book/book-ladder';
import { initialBookState, type BookSource, type BookState } from '@web/lib/book/book-store';
import { formatDecimal } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { LadderSideView } from './ladder-side-view';
import { useKeyDown } from '@web/lib/dom/use-key-down';
import { onLadderKeyDown } from './ladder-keys';
import { SelectField } from '@web/components/select-field';

const ROWS = 12;
/** Row height in px (h-5): fixed, so the ladder's size never depends on its text. */
const ROW_PX = 20;
/** What the panel reads before an instrument's pipeline exists: an empty, loading book. */
const noBook = createStore<BookState>()(() => initialBookState);

export interface OrderBookPanelProps {
  meta: InstrumentMeta;
  pipeline: BookSource | null;
  ownOrders: readonly OwnOrder[];
  onPickPrice(price: string): void;
}

export function OrderBookPanel({ meta, pipeline, ownOrders, onPickPrice }: OrderBookPanelProps) {
  const [multiple, setMultiple] = useState(1);
  const store = pipeline?.store ?? noBook;
  const status = useStore(store, (s) => s.status);
  const staleReason = useStore(store, (s) => s.staleReason);
  const asksRef = useRef<HTMLUListElement>(null);
  const bidsRef = useRef<HTMLUListElement>(null);
  const asksCanvasRef = useRef<HTMLCanvasElement>(null);
  const bidsCanvasRef = useRef<HTMLCanvasElement>(null);
  const midRef = useRef<HTMLSpanElement>(null);
  const ladderRef = useRef<HTMLDivElement>(null);
  useKeyDown(ladderRef, (e) => onLadderKeyDown({ key: e.key, currentTarget: e.currentTarget as HTMLElement, target: e.target, preventDefault: () => e.preventDefault() }));
  const spreadRef = useRef<HTMLSpanElement>(null);
  const pick = useRef(onPickPrice);
  useLayoutEffect(() => {
    pick.current = onPickPrice;
  });
  // What a publish draws with; updated by the effect below, read by the store subscription.
  const config = useRef({ multiple, ownOrders, priceScale: meta.priceScale, sizeScale: meta.sizeScale });
  const redraw = useRef<() => void>(() => {});

  useEffect(() => {
    const asksEl = asksRef.current;
    const bidsEl = bidsRef.current;
    if (!asksEl || !bidsEl) return;
    const asksCanvas = asksCanvasRef.current;
    const bidsCanvas = bidsCanvasRef.current;
    if (!asksCanvas || !bidsCanvas) return;
    const asks = new LadderSideView(asksEl, asksCanvas, 'ask', ROWS, ROW_PX, (p) => pick.current(p));
    const bids = new LadderSideView(bidsEl, bidsCanvas, 'bid', ROWS, ROW_PX, (p) => pick.current(p));
    let mid = '';
    let spread = '';
    const draw = () => {
      const s = store.getState();
      const c = config.current;
      const ladder = buildLadder(s.bids, s.asks, { multiple: c.multiple, rows: ROWS, priceScale: c.priceScale, sizeScale: c.sizeScale, ownOrders: c.ownOrders });
      asks.update(ladder.asks);
      bids.update(ladder.bids);
      const nextMid = formatDecimal(s.mid);
      const nextSpread = formatDecimal(s.spread);
      if (nextMid !== mid && midRef.current) midRef.current.textContent = mid = nextMid;
      if (nextSpread !== spread && spreadRef.current) spreadRef.current.textContent = spread = nextSpread;
    };
    redraw.current = draw;
    draw();
    const off = store.subscribe(draw);
    return () => {
      off();
      redraw.current = () => {};
      asks.dispose();
      bids.dispose();
    };
  }, [store]);

  useEffect(() => {
    config.current = { multiple, ownOrders, priceScale: meta.priceScale, sizeScale: meta.sizeScale };
    redraw.current();
  }, [multiple, ownOrders, meta.priceScale, meta.sizeScale]);

  return (
    <section aria-labelledby="order-book-title" className="flex min-h-0 flex-col rounded-md border border-line bg-panel p-2" style={{ contain: 'layout paint' }}>
      <BookHeader meta={meta} multiple={multiple} setMultiple={setMultiple} />
      <ColumnTitles meta={meta} />
      {/* Rows are drawn by LadderSideView; best first in the DOM (asks shown reversed). */}
      {/* One tab stop for the whole ladder; arrows move between levels (ladder-keys.ts). */}
      <div ref={ladderRef} role="group" aria-label="Book levels (arrow keys move, Enter picks the price)" tabIndex={0} className="relative focus:outline focus:outline-1 focus:outline-accent">
        {/* Over the top rows, not above them: in the flow it pushed the ladder down and back
            (40 px when the reason took two lines) each time the book went stale and resynced,
            so a click meant for one level could land on another. */}
        {status !== 'live' && (
          <p role="status" aria-label={`Order book ${status === 'loading' ? 'loading' : 'stale'}`} className={`absolute inset-x-0 top-0 z-10 rounded border bg-panel px-2 py-0.5 text-xs shadow ${status === 'stale' ? 'border-warn text-warn' : 'border-line text-muted'}`}>
            {status === 'loading' ? 'Waiting for the book…' : `Stale: ${staleReason}. Resyncing…`}
          </p>
        )}
        <LadderSide label="Asks" listRef={asksRef} canvasRef={asksCanvasRef} />
        <div className="my-1 flex items-center justify-between border-y border-line px-1 py-1 text-sm tabular" aria-label="Spread and mid" role="group">
          <span>
            <span className="text-muted">Mid </span>
            <span ref={midRef} aria-label="Mid price" className="font-semibold" />
          </span>
          <span>
            <span className="text-muted">Spread </span>
            <span ref={spreadRef} aria-label="Spread" />
          </span>
        </div>
        <LadderSide label="Bids" listRef={bidsRef} canvasRef={bidsCanvasRef} />
      </div>
    </section>
  );
}

/** A side's canvas (what is seen) under its list of level buttons (what is used). */
function LadderSide({ label, listRef, canvasRef }: { label: 'Asks' | 'Bids'; listRef: RefObject<HTMLUListElement | null>; canvasRef: RefObject<HTMLCanvasElement | null> }) {
  return (
    <div className="relative text-xs tabular" style={{ height: ROWS * ROW_PX, contain: 'strict' }}>
      <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
      <ul ref={listRef} aria-label={label} className={`relative flex h-full overflow-hidden ${label === 'Asks' ? 'flex-col-reverse' : 'flex-col'}`} />
    </div>
  );
}

const BookHeader = memo(function BookHeader({ meta, multiple, setMultiple }: { meta: InstrumentMeta; multiple: number; setMultiple(m: number): void }) {
  return (
    <div className="mb-1 flex items-center justify-between gap-2">
      <h2 id="order-book-title" className="text-sm font-semibold">
        Order book
      </h2>
      <SelectField
        compact
        label="Grouping"
        labelPosition="beside"
        value={multiple}
        onChange={(e) => setMultiple(Number(e.target.value))}
        options={groupMultiples.map((m) => ({ value: String(m), label: fromScaled(meta.tick * BigInt(m), meta.priceScale, { trim: true }) }))}
      />
    </div>
  );
});

const ColumnTitles = memo(function ColumnTitles({ meta }: { meta: InstrumentMeta }) {
  return (
    <div className="grid grid-cols-3 px-1 text-xs text-muted" aria-hidden="true">
      <span>Price ({meta.quoteCoin})</span>
      <span className="text-right">Size ({meta.baseCoin})</span>
      <span className="text-right">Total</span>
    </div>
  );
});
