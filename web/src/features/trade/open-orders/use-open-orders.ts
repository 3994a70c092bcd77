// Open orders: the cached unfilled-orders page (patched live by the order channel),
// with inline modify, single cancel, and cancel of a selection through cancel-batch in
// chunks of 20 with each order's own result (spec 4.7 rule 4).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toScaled } from '@contract/core/decimal';
import type { OrderRecord } from '@contract/schemas/orders';
import { isApiError } from '@web/lib/api/api-error';
import { cancelBatchIdempotently, cancelIdempotently, modifyIdempotently } from '@web/lib/order-placement/amend-idempotently';
import { defaultRetryPolicy } from '@web/lib/order-placement/retry-policy';
import { usePlacementApi } from '@web/lib/order-placement/use-placement-api';
import { useCurrentAccount } from '@web/lib/session/use-session';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { chunk } from '../batch/batch-rows';
import { isOpenState } from '@contract/schemas/common';
import { isOfMarket, type MarketKey } from './open-order-filter';
import { shownOrders } from './recently-finished';
import { emptyKnowledge } from '@web/lib/account-data/open-orders/order-cache';
import { orderKnowledge } from '@web/lib/account-data/open-orders/order-knowledge-store';
import { refreshOrders, useUnfilledOrders } from '../api/trade-api';

export type OrderResult = { ok: true; text: string } | { ok: false; text: string };

export interface ModifyDraft {
  price: string;
  qty: string;
  autoCancel: boolean;
}

/** `market`: list only that market's orders ("this symbol"), or null for every market. */
export function useOpenOrders(metaOf: (o: OrderRecord) => InstrumentMeta | undefined, market: MarketKey | null = null) {
  const query = useUnfilledOrders();
  const placement = usePlacementApi();
  const client = useQueryClient();
  const account = useCurrentAccount();
  const [cancelling, setCancelling] = useState(false);
  // An outcome that was unknown for a while may have lost its push too: those read the list again.
  const unsure = useRef(false);
  const checking = (id: string) => (reason: string) => {
    unsure.current = true;
    note([[id, { ok: false, text: `unknown, checking (${reason})` }]]);
  };
  const refreshIfUnsure = () => {
    if (unsure.current) refreshOrders(client, account);
    unsure.current = false;
  };
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Map<string, OrderResult>>(new Map());
  const [editing, setEditing] = useState<{ orderId: string; draft: ModifyDraft; error: string } | null>(null);

  // A finished order leaves the panel a little after it finished (recently-finished.ts).
  // `now` is the clock as of the last such moment; a row that finished since is newer
  // than it, so it shows, and the timer below moves `now` on when the next row is due.
  const [now, setNow] = useState(() => Date.now());
  const { orders, nextExpiry } = useMemo(() => {
    const list = (query.data?.list ?? []).filter((o) => market === null || isOfMarket(o, market));
    const shown = shownOrders(list, account === null ? emptyKnowledge : orderKnowledge(client, account), now);
    return { orders: shown.orders.sort((a, b) => Number(BigInt(b.createdTime || '0') - BigInt(a.createdTime || '0'))), nextExpiry: shown.nextExpiry };
  }, [query.data, market, client, account, now]);
  useEffect(() => {
    if (nextExpiry === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, nextExpiry - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [nextExpiry]);
  const openIds = orders.filter((o) => isOpenState(o.state)).map((o) => o.orderId);

  const note = (entries: [string, OrderResult][]) =>
    setResults((r) => {
      const next = new Map(r);
      for (const [id, res] of entries) next.set(id, res);
      return next;
    });

  // Cancels and modifies whose outcome is unknown are checked and retried (issue 9).
  const cancel = async (o: OrderRecord) => {
    const r = await cancelIdempotently({ orderId: o.orderId, symbol: o.symbol, category: o.category }, placement, defaultRetryPolicy, checking(o.orderId));
    note([[o.orderId, { ok: r.ok, text: r.text }]]);
    refreshIfUnsure();
  };

  const cancelSelected = async () => {
    const chosen = orders.filter((o) => selected.has(o.orderId) && isOpenState(o.state));
    setSelected(new Set());
    setCancelling(true);
    try {
      for (const part of chunk(chosen)) {
        const res = await cancelBatchIdempotently(
          part.map((o) => ({ orderId: o.orderId, symbol: o.symbol, category: o.category })),
          placement,
          defaultRetryPolicy,
          (reason) => {
            unsure.current = true;
            note(part.map((o) => [o.orderId, { ok: false, text: `unknown, checking (${reason})` }]));
          },
        );
        note(part.map((o) => [o.orderId, res.get(o.orderId) ?? { ok: false, text: 'no result for this order' }]));
      }
    } finally {
      setCancelling(false);
      refreshIfUnsure();
    }
  };

  const startEdit = (o: OrderRecord) => setEditing({ orderId: o.orderId, draft: { price: o.price, qty: o.qty, autoCancel: false }, error: '' });

  const saveEdit = async (o: OrderRecord) => {
    if (!editing) return;
    const meta = metaOf(o);
    const { price, qty, autoCancel } = editing.draft;
    const problem = meta ? checkModify(price.trim(), qty.trim(), meta) : '';
    if (problem) {
      setEditing({ ...editing, error: problem });
      return;
    }
    const r = await modifyIdempotently(
      { orderId: o.orderId, symbol: o.symbol, category: o.category, price: price.trim(), qty: qty.trim(), autoCancel: autoCancel ? 'yes' : 'no' },
      placement,
      defaultRetryPolicy,
      checking(o.orderId),
    );
    refreshIfUnsure();
    if (r.ok) {
      setEditing(null);
      note([[o.orderId, { ok: true, text: r.text }]]);
    } else if (r.unknown) {
      setEditing(null);
      note([[o.orderId, { ok: false, text: r.text }]]);
    } else {
      setEditing({ ...editing, error: r.text });
    }
  };

  return {
    orders,
    loading: query.isPending,
    loadError: query.isError ? errorText(query.error) : '',
    selected,
    toggle: (id: string) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    toggleAll: () => setSelected((s) => (s.size === openIds.length ? new Set() : new Set(openIds))),
    allSelected: openIds.length > 0 && selected.size === openIds.length,
    results,
    cancel,
    cancelSelected,
    cancelling,
    editing,
    setDraft: (draft: ModifyDraft) => setEditing((e) => (e ? { ...e, draft, error: '' } : e)),
    startEdit,
    stopEdit: () => setEditing(null),
    saveEdit,
  };
}

/** The same tick and lot rules as the order form, for a modification. */
export function checkModify(price: string, qty: string, meta: InstrumentMeta): string {
  try {
    const p = toScaled(price, meta.priceScale, { field: 'Price' });
    if (p <= 0n) return 'Price must be greater than zero';
    if (p % meta.tick !== 0n) return `Price must be a multiple of ${meta.tickSize}`;
  } catch {
    return `Price must be a multiple of ${meta.tickSize}`;
  }
  try {
    const q = toScaled(qty, meta.sizeScale, { field: 'Quantity' });
    if (q <= 0n) return 'Quantity must be greater than zero';
    if (q % meta.lot !== 0n) return `Quantity must be a multiple of ${meta.lotSize}`;
    if (q < meta.minQty) return `Quantity must be at least ${meta.lotSize}`;
  } catch {
    return `Quantity must be a multiple of ${meta.lotSize}`;
  }
  return '';
}

function errorText(e: unknown): string {
  return isApiError(e) ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
}
