// Take-profit / stop-loss on positions (issue 19, Protection; strategy.md): the pending TP/SL
// strategy orders of the futures category on screen, and setting, changing and cancelling
// them. The list is the one cache the strategy-order channel invalidates
// (lib/account-data), so a TP/SL that fires leaves the list on every screen at once.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '@contract/catalog/endpoints';
import { futuresCategories, type FuturesCategory } from '@contract/schemas/common';
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import { unfilledStrategyOrdersKey, useUnfilledStrategyOrders } from '@web/lib/account-data/account-queries';
import { describeError } from '@web/lib/api/describe-error';
import { isApiError } from '@web/lib/api/api-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { tpslRequestFields, type TpslDraft, type TpslField } from '@web/lib/instruments/order-form-schema';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { refetchAfterChange } from '@web/lib/api/refetch-after-change';

export type TpslErrors = Partial<Record<TpslField | 'form', string>>;

/** The fields of a strategy order's TP/SL (order-form-schema's rule), or the errors by field: at least one price is needed. */
export function strategyTpslFields(draft: TpslDraft, meta: InstrumentMeta): { ok: true; fields: Record<string, string> } | { ok: false; errors: TpslErrors } {
  const blank = (t: string | undefined) => (t ?? '').trim() === '';
  if (blank(draft.takeProfit) && blank(draft.stopLoss) && blank(draft.tpLimitPrice) && blank(draft.slLimitPrice)) return { ok: false, errors: { form: 'Enter a take-profit or a stop-loss price' } };
  const { errors, fields } = tpslRequestFields(draft, meta);
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
}

/** The exchange's refusal, next to the field it names when it names one. */
function refusalErrors(e: unknown): TpslErrors {
  const text = describeError(e);
  const field = isApiError(e) ? e.field : undefined;
  return field === 'takeProfit' || field === 'stopLoss' ? { [field]: text } : { form: text };
}

export function strategyCategoryFor(meta: Pick<InstrumentMeta, 'category'>): FuturesCategory {
  return (futuresCategories as readonly string[]).includes(meta.category) ? (meta.category as FuturesCategory) : 'usdt-futures';
}

export function useStrategyOrders(meta: InstrumentMeta) {
  const category = strategyCategoryFor(meta);
  const account = useCurrentAccount();
  const client = useQueryClient();
  const list = useUnfilledStrategyOrders(category);
  const [busy, setBusy] = useState<string | null>(null);
  const options = { account: account ?? undefined };
  const refresh = () => refetchAfterChange(client, { queryKey: unfilledStrategyOrdersKey(account) });

  /** Runs one change; answers the errors to show, or null when it went through. */
  const run = async (key: string, send: () => Promise<unknown>): Promise<TpslErrors | null> => {
    setBusy(key);
    try {
      await send();
      return null;
    } catch (e) {
      return refusalErrors(e);
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return {
    category,
    orders: list.data ?? [],
    loading: list.isPending,
    loadError: list.isError ? describeError(list.error) : null,
    busy,
    /** A TP/SL on the whole position (tpslMode full: its size follows the position). */
    place: (position: { symbol: string; posSide: string }, draft: TpslDraft, positionMeta: InstrumentMeta) => {
      const checked = strategyTpslFields(draft, positionMeta);
      if (!checked.ok) return Promise.resolve(checked.errors);
      return run(`place:${position.symbol}:${position.posSide}`, () =>
        callEndpoint(endpoints.placeStrategyOrder, { category, symbol: position.symbol, type: 'tpsl', tpslMode: 'full', posSide: position.posSide as 'long' | 'short', ...checked.fields }, options),
      );
    },
    /** New prices for a pending TP/SL; the docs require its qty, sent as listed. */
    modify: (order: StrategyOrderRecord, draft: TpslDraft, orderMeta: InstrumentMeta) => {
      const checked = strategyTpslFields(draft, orderMeta);
      if (!checked.ok) return Promise.resolve(checked.errors);
      return run(`modify:${order.orderId}`, () => callEndpoint(endpoints.modifyStrategyOrder, { orderId: order.orderId, qty: order.qty, ...checked.fields }, options));
    },
    cancel: (order: StrategyOrderRecord) => run(`cancel:${order.orderId}`, () => callEndpoint(endpoints.cancelStrategyOrder, { orderId: order.orderId }, options)),
  };
}

export type StrategyOrdersModel = ReturnType<typeof useStrategyOrders>;
