import { useId, useMemo, useState, type ReactNode } from 'react';
import type { OrderRecord } from '@contract/schemas/orders';
import { useMarketFormat, type MarketFormat } from '@web/lib/format/market-format';
import { formatClock } from '@web/lib/format/format-time';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { isOpenState } from '@contract/schemas/common';
import { filledShareText, filledText, orderSizeText } from '@web/lib/format/order-size-text';
import { cancelReasonText, orderStateText } from '@web/lib/format/order-words';
import type { MarketKey } from './open-order-filter';
import { useOpenOrders } from './use-open-orders';

type Model = ReturnType<typeof useOpenOrders>;

/** Why the role may not change orders (its id describes every refused control), or null when it may. */
type Denied = { reason: string; id: string } | null;

/** `current`: the market on screen, for the "this symbol only" filter (off by default: every open order shows). */
export function OpenOrdersPanel({ metaOf, current }: { metaOf(o: OrderRecord): InstrumentMeta | undefined; current?: MarketKey }) {
  const [onlyThis, setOnlyThis] = useState(false);
  const category = current?.category;
  const symbol = current?.symbol;
  const market = useMemo(() => (onlyThis && category !== undefined && symbol !== undefined ? { category, symbol } : null), [onlyThis, category, symbol]);
  const model = useOpenOrders(metaOf, market);
  // issue 8.5: Modify, Cancel, Save and Cancel selected are disabled with the reason for a
  // role without trade.write (the proxy refuses them regardless).
  const gate = usePermissionGate('trade.write', 'modify or cancel orders');
  const id = useId();
  return (
    <OpenOrdersView model={model} denied={gate.reason === undefined ? null : { reason: gate.reason, id }}>
      {current && (
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" checked={onlyThis} onChange={(e) => setOnlyThis(e.target.checked)} />
          This symbol only ({current.symbol})
        </label>
      )}
    </OpenOrdersView>
  );
}

function OpenOrdersView({ model, denied, children }: { model: Model; denied: Denied; children?: ReactNode }) {
  const fmt = useMarketFormat();
  const { orders } = model;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        {children}
        <button
          type="button"
          disabled={model.selected.size === 0 || model.cancelling || denied !== null}
          aria-describedby={denied?.id}
          onClick={() => void model.cancelSelected()}
          className="rounded border border-line px-2 py-1 text-xs hover:bg-raised disabled:opacity-40"
        >
          Cancel selected ({model.selected.size})
        </button>
        {denied && (
          <p id={denied.id} className="text-xs text-muted">
            {denied.reason}
          </p>
        )}
        {model.loadError && (
          <p role="alert" className="text-xs text-sell">
            Open orders could not be loaded: {model.loadError}
          </p>
        )}
      </div>
      <div className="overflow-x-auto">
        {/* Cells are padded and never wrap, so no two columns run together; the actions
            column sticks to the right edge, so Modify and Cancel stay on screen however
            narrow the panel is (issue 19: at 1280x720 they were off screen). */}
        <table aria-label="Open orders" className="w-full text-xs tabular whitespace-nowrap [&_td]:px-1.5 [&_th]:px-1.5 [&_td]:py-0.5">
          <thead className="text-left text-muted">
            <tr>
              <th scope="col" className="w-6">
                <input type="checkbox" aria-label="Select all open orders" checked={model.allSelected} onChange={model.toggleAll} />
              </th>
              <th scope="col">Time</th>
              <th scope="col">Symbol</th>
              <th scope="col">Side</th>
              <th scope="col" className="text-right">Price</th>
              <th scope="col" className="text-right">Size</th>
              <th scope="col" className="text-right">Filled</th>
              <th scope="col">State</th>
              <th scope="col" className="sticky right-0 bg-panel">
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {model.loading && (
              <tr>
                <td colSpan={9} className="py-2 text-muted">
                  Loading…
                </td>
              </tr>
            )}
            {!model.loading && orders.length === 0 && (
              <tr>
                <td colSpan={9} className="py-2 text-muted">
                  No open orders.
                </td>
              </tr>
            )}
            {orders.map((o) => (
              <OrderRow key={o.orderId} order={o} model={model} denied={denied} fmt={fmt} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function OrderRow({ order: o, model, denied, fmt }: { order: OrderRecord; model: Model; denied: Denied; fmt: MarketFormat }) {
  const open = isOpenState(o.state);
  const editing = model.editing?.orderId === o.orderId ? model.editing : null;
  const result = model.results.get(o.orderId);
  const name = `${o.side} ${orderSizeText(o)} ${o.symbol} at ${o.price || 'market'}`;
  return (
    <tr aria-label={`Order ${o.clientOid || o.orderId}`} className={`border-t border-line ${open ? '' : 'opacity-60'}`}>
      <td>{open && <input type="checkbox" aria-label={`Select order ${o.clientOid || o.orderId}`} checked={model.selected.has(o.orderId)} onChange={() => model.toggle(o.orderId)} />}</td>
      <td>{formatClock(o.createdTime)}</td>
      <td>
        {/* The category under the symbol: beside it, "usdt-futures" widened the table past the panel at 1280 px (issue 19). */}
        {o.symbol} <span className="block text-muted">{o.category}</span>
      </td>
      <td>
        <span className={o.side === 'buy' ? 'text-buy' : 'text-sell'}>{o.side}</span> <span className="text-muted">{o.orderType}</span>
      </td>
      <td className="text-right">
        {editing ? (
          <input aria-label="New price" value={editing.draft.price} onChange={(e) => model.setDraft({ ...editing.draft, price: e.target.value })} className="w-24 rounded border border-line bg-surface px-1" />
        ) : (
          fmt.price(o.price, o)
        )}
      </td>
      <td className="text-right">
        {editing ? (
          <input aria-label="New quantity" value={editing.draft.qty} onChange={(e) => model.setDraft({ ...editing.draft, qty: e.target.value })} className="w-20 rounded border border-line bg-surface px-1" />
        ) : (
          orderSizeText(o, fmt)
        )}
      </td>
      <td className="text-right">
        <span title={filledText(o, fmt)}>{filledShareText(o) ?? filledText(o, fmt)}</span>
      </td>
      <td>
        <span aria-label="State">{orderStateText(o.state)}</span>
        {o.state === 'canceled' && o.cancelSource && <span className="block text-muted">{cancelReasonText(o.cancelSource)}</span>}
        {/* What the last action on it came to (cancel sent, unknown, checking…), under its state. */}
        {result && <span className={`block ${result.ok ? 'text-muted' : 'text-sell'}`}>{result.text}</span>}
      </td>
      <td className="sticky right-0 bg-panel">
        {open && !editing && (
          <div className="flex gap-1">
            {/* A pencil, not the word: the row must fit the panel beside its state (issue 19). */}
            <button type="button" aria-label={`Modify ${name}`} title="Modify" disabled={denied !== null} aria-describedby={denied?.id} onClick={() => model.startEdit(o)} className="rounded border border-line px-1.5 hover:bg-raised disabled:opacity-40">
              <span aria-hidden="true">✎</span>
            </button>
            <button type="button" aria-label={`Cancel ${name}`} disabled={denied !== null} aria-describedby={denied?.id} onClick={() => void model.cancel(o)} className="rounded border border-line px-1.5 hover:bg-raised disabled:opacity-40">
              Cancel
            </button>
          </div>
        )}
        {editing && (
          <form
            aria-label="Modify order"
            onSubmit={(e) => {
              e.preventDefault();
              if (!denied) void model.saveEdit(o);
            }}
            className="flex flex-wrap items-center gap-1"
          >
            <label className="flex items-center gap-1">
              <input type="checkbox" checked={editing.draft.autoCancel} onChange={(e) => model.setDraft({ ...editing.draft, autoCancel: e.target.checked })} />
              Auto-cancel
            </label>
            <button type="submit" disabled={denied !== null} aria-describedby={denied?.id} className="rounded bg-accent px-1.5 text-accent-fg disabled:opacity-40">
              Save
            </button>
            <button type="button" onClick={model.stopEdit} className="rounded border border-line px-1.5">
              Discard
            </button>
            {editing.error && (
              <span role="alert" className="w-full text-sell">
                {editing.error}
              </span>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}
