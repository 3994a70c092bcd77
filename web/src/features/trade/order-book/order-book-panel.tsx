// The order book ladder: asks above, bids below, spread and mid between, cumulative
// depth bars, the user's own orders marked, grouping by tick multiples. A click on a
// row hands its price to the order form.
// Under load the store publishes once per frame, so this renders up to 60 times a second:
// a fixed number of rows per side keyed by position (a price moving never remounts a row),
// memoized rows with primitive props (only rows whose text changed re-render), fixed row
// heights and CSS containment (a change of text relays out the ladder, not the page).
import { memo, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { groupMultiples } from '@contract/book/group-levels';
import { fromScaled } from '@contract/decimal';
import { buildLadder, type LadderRow, type OwnOrder } from '@web/lib/book/book-ladder';
import type { BookSource, BookState } from '@web/lib/book/book-store';
import { formatDecimal } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

const ROWS = 12;
/** Row height in px (h-5): fixed, so the ladder's size never depends on its text. */
const ROW_PX = 20;
const EMPTY_STORE_STATE = null;
const slots = Array.from({ length: ROWS }, (_, i) => i);

export interface OrderBookPanelProps {
  meta: InstrumentMeta;
  pipeline: BookSource | null;
  ownOrders: readonly OwnOrder[];
  onPickPrice(price: string): void;
}

export function OrderBookPanel({ meta, pipeline, ownOrders, onPickPrice }: OrderBookPanelProps) {
  const [multiple, setMultiple] = useState(1);
  if (!pipeline) return <BookFrame meta={meta} multiple={multiple} setMultiple={setMultiple} state={EMPTY_STORE_STATE} ownOrders={ownOrders} onPickPrice={onPickPrice} />;
  return <LiveBook meta={meta} pipeline={pipeline} multiple={multiple} setMultiple={setMultiple} ownOrders={ownOrders} onPickPrice={onPickPrice} />;
}

function LiveBook(props: OrderBookPanelProps & { pipeline: BookSource; multiple: number; setMultiple(m: number): void }) {
  const state = useStore(props.pipeline.store);
  return <BookFrame {...props} state={state} />;
}

interface FrameProps {
  meta: InstrumentMeta;
  state: BookState | null;
  multiple: number;
  setMultiple(m: number): void;
  ownOrders: readonly OwnOrder[];
  onPickPrice(price: string): void;
}

function BookFrame({ meta, state, multiple, setMultiple, ownOrders, onPickPrice }: FrameProps) {
  const ladder = useMemo(
    () => (state ? buildLadder(state.bids, state.asks, { multiple, rows: ROWS, priceScale: meta.priceScale, sizeScale: meta.sizeScale, ownOrders }) : { bids: [], asks: [] }),
    [state, multiple, meta.priceScale, meta.sizeScale, ownOrders],
  );
  const status = state?.status ?? 'loading';
  return (
    <section aria-labelledby="order-book-title" className="flex min-h-0 flex-col rounded-md border border-line bg-panel p-2" style={{ contain: 'layout paint' }}>
      <BookHeader meta={meta} multiple={multiple} setMultiple={setMultiple} />
      {status !== 'live' && (
        <p role="status" aria-label={`Order book ${status === 'loading' ? 'loading' : 'stale'}`} className={`mb-1 rounded px-2 py-0.5 text-xs ${status === 'stale' ? 'bg-warn/20 text-warn' : 'text-muted'}`}>
          {status === 'loading' ? 'Waiting for the book…' : `Stale: ${state?.staleReason ?? ''}. Resyncing…`}
        </p>
      )}
      <ColumnTitles meta={meta} />
      <LadderSide label="Asks" side="ask" rows={ladder.asks} onPickPrice={onPickPrice} />
      <div className="my-1 flex items-center justify-between border-y border-line px-1 py-1 text-sm tabular" aria-label="Spread and mid" role="group">
        <span>
          <span className="text-muted">Mid </span>
          <span aria-label="Mid price" className="font-semibold">
            {formatDecimal(state?.mid)}
          </span>
        </span>
        <span>
          <span className="text-muted">Spread </span>
          <span aria-label="Spread">{formatDecimal(state?.spread)}</span>
        </span>
      </div>
      <LadderSide label="Bids" side="bid" rows={ladder.bids} onPickPrice={onPickPrice} />
    </section>
  );
}

const BookHeader = memo(function BookHeader({ meta, multiple, setMultiple }: { meta: InstrumentMeta; multiple: number; setMultiple(m: number): void }) {
  return (
    <div className="mb-1 flex items-center justify-between gap-2">
      <h2 id="order-book-title" className="text-sm font-semibold">
        Order book
      </h2>
      <label className="flex items-center gap-1 text-xs text-muted">
        Grouping
        <select aria-label="Grouping" value={multiple} onChange={(e) => setMultiple(Number(e.target.value))} className="rounded border border-line bg-surface px-1 py-0.5 text-fg">
          {groupMultiples.map((m) => (
            <option key={m} value={m}>
              {fromScaled(meta.tick * BigInt(m), meta.priceScale, { trim: true })}
            </option>
          ))}
        </select>
      </label>
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

/** ROWS slots, best first in the DOM (asks are shown reversed); empty slots keep the height. */
function LadderSide({ label, side, rows, onPickPrice }: { label: 'Asks' | 'Bids'; side: 'bid' | 'ask'; rows: readonly LadderRow[]; onPickPrice(price: string): void }) {
  return (
    <ul aria-label={label} className={`flex ${side === 'ask' ? 'flex-col-reverse' : 'flex-col'} overflow-hidden`} style={{ height: ROWS * ROW_PX, contain: 'strict' }}>
      {slots.map((i) => {
        const row = rows[i];
        return row ? (
          <LadderLine key={i} side={side} price={row.price} size={row.size} cumSize={row.cumSize} share={Math.round(row.depthShare * 1000)} own={row.ownOrders} onPickPrice={onPickPrice} />
        ) : (
          <li key={i} aria-hidden="true" className="h-5 shrink-0" />
        );
      })}
    </ul>
  );
}

interface LineProps {
  side: 'bid' | 'ask';
  price: string;
  size: string;
  cumSize: string;
  /** Depth bar width in tenths of a percent (an integer, so equal bars compare equal). */
  share: number;
  own: number;
  onPickPrice(price: string): void;
}

const LadderLine = memo(function LadderLine({ side, price, size, cumSize, share, own, onPickPrice }: LineProps) {
  const color = side === 'bid' ? 'text-buy' : 'text-sell';
  const bar = side === 'bid' ? 'bg-buy/15' : 'bg-sell/15';
  const ownText = own > 0 ? `, ${own} of your orders` : '';
  return (
    <li className="relative h-5 shrink-0">
      <span aria-hidden="true" className={`absolute inset-y-0 right-0 ${bar}`} style={{ width: `${share / 10}%` }} />
      <button
        type="button"
        aria-label={`${side === 'bid' ? 'Bid' : 'Ask'} ${price}${ownText}`}
        onClick={() => onPickPrice(price)}
        className="relative grid h-5 w-full grid-cols-3 items-center px-1 text-left text-xs tabular hover:bg-raised"
      >
        <span className={color}>
          {own > 0 && (
            <span aria-hidden="true" className="mr-0.5 text-warn" title="Your order">
              ●
            </span>
          )}
          {formatDecimal(price)}
        </span>
        <span className="text-right">{formatDecimal(size)}</span>
        <span className="text-right text-muted">{formatDecimal(cumSize)}</span>
      </button>
    </li>
  );
});
