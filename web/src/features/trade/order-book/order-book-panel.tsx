// The order book ladder: asks above, bids below, spread and mid between, cumulative
// depth bars, the user's own orders marked, grouping by tick multiples. A click on a
// row hands its price to the order form.
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { groupMultiples } from '@contract/book/group-levels';
import { fromScaled } from '@contract/decimal';
import { buildLadder, type LadderRow, type OwnOrder } from '@web/lib/book/book-ladder';
import type { BookPipeline, BookState } from '@web/lib/book/book-store';
import { formatDecimal } from '@web/lib/format/format-decimal';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';

const ROWS = 12;
const EMPTY_STORE_STATE = null;

export interface OrderBookPanelProps {
  meta: InstrumentMeta;
  pipeline: BookPipeline | null;
  ownOrders: readonly OwnOrder[];
  onPickPrice(price: string): void;
}

export function OrderBookPanel({ meta, pipeline, ownOrders, onPickPrice }: OrderBookPanelProps) {
  const [multiple, setMultiple] = useState(1);
  if (!pipeline) return <BookFrame meta={meta} multiple={multiple} setMultiple={setMultiple} state={EMPTY_STORE_STATE} ownOrders={ownOrders} onPickPrice={onPickPrice} />;
  return <LiveBook meta={meta} pipeline={pipeline} multiple={multiple} setMultiple={setMultiple} ownOrders={ownOrders} onPickPrice={onPickPrice} />;
}

function LiveBook(props: OrderBookPanelProps & { pipeline: BookPipeline; multiple: number; setMultiple(m: number): void }) {
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
    <section aria-labelledby="order-book-title" className="flex min-h-0 flex-col rounded-md border border-line bg-panel p-2">
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
      {status !== 'live' && (
        <p role="status" aria-label={`Order book ${status === 'loading' ? 'loading' : 'stale'}`} className={`mb-1 rounded px-2 py-0.5 text-xs ${status === 'stale' ? 'bg-warn/20 text-warn' : 'text-muted'}`}>
          {status === 'loading' ? 'Waiting for the book…' : `Stale: ${state?.staleReason ?? ''}. Resyncing…`}
        </p>
      )}
      <div className="grid grid-cols-3 px-1 text-xs text-muted" aria-hidden="true">
        <span>Price ({meta.quoteCoin})</span>
        <span className="text-right">Size ({meta.baseCoin})</span>
        <span className="text-right">Total</span>
      </div>
      <ul aria-label="Asks" className="flex flex-col-reverse">
        {ladder.asks.map((row) => (
          <LadderLine key={row.ticks} row={row} side="ask" onPickPrice={onPickPrice} />
        ))}
      </ul>
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
      <ul aria-label="Bids">
        {ladder.bids.map((row) => (
          <LadderLine key={row.ticks} row={row} side="bid" onPickPrice={onPickPrice} />
        ))}
      </ul>
    </section>
  );
}

function LadderLine({ row, side, onPickPrice }: { row: LadderRow; side: 'bid' | 'ask'; onPickPrice(price: string): void }) {
  const color = side === 'bid' ? 'text-buy' : 'text-sell';
  const bar = side === 'bid' ? 'bg-buy/15' : 'bg-sell/15';
  const own = row.ownOrders > 0 ? `, ${row.ownOrders} of your orders` : '';
  return (
    <li className="relative">
      <span aria-hidden="true" className={`absolute inset-y-0 right-0 ${bar}`} style={{ width: `${(row.depthShare * 100).toFixed(1)}%` }} />
      <button
        type="button"
        aria-label={`${side === 'bid' ? 'Bid' : 'Ask'} ${row.price}${own}`}
        onClick={() => onPickPrice(row.price)}
        className="relative grid w-full grid-cols-3 px-1 text-left text-xs tabular hover:bg-raised"
      >
        <span className={color}>
          {row.ownOrders > 0 && (
            <span aria-hidden="true" className="mr-0.5 text-warn" title="Your order">
              ●
            </span>
          )}
          {formatDecimal(row.price)}
        </span>
        <span className="text-right">{formatDecimal(row.size)}</span>
        <span className="text-right text-muted">{formatDecimal(row.cumSize)}</span>
      </button>
    </li>
  );
}
