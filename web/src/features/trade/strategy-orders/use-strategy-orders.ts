// Take-profit / stop-loss on positions (issue 19, Protection; strategy.md): the pending TP/SL
// strategy orders of the futures category on screen, and setting, changing and cancelling
// them. The list is the one cache the strategy-order channel invalidates
// (lib/account-data), so a TP/SL that fires leaves the list on every screen at once.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { endpoints } from '@contract/endpoints';
import { futuresCategories, type FuturesCategory } from '@contract/schemas/common';
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import type { TriggerBy } from '@contract/schemas/tpsl';
import { unfilledStrategyOrdersKey, useUnfilledStrategyOrders } from '@web/lib/account-data/account-queries';
import { describeError } from '@web/lib/api/describe-error';
import { isApiError } from '@web/lib/api/api-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { checkTickPrice } from '@web/lib/instruments/order-form-schema';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useCurrentAccount } from '@web/lib/session/use-session';

/** What the trader types for a TP/SL: prices as text ('' for none) and the price they watch. */
export interface TpslDraft {
  takeProfit: string;
  stopLoss: string;
  triggerBy: TriggerBy;
}

export type TpslErrors = Partial<Record<'takeProfit' | 'stopLoss' | 'form', string>>;

/** The TP/SL fields of a strategy request, or the errors by field: at least one price, each on the tick. */
export function tpslRequestFields(draft: TpslDraft, meta: InstrumentMeta): { ok: true; fields: Record<string, string> } | { ok: false; errors: TpslErrors } {
  const errors: TpslErrors = {};
  const fields: Record<string, string> = {};
  if (draft.takeProfit.trim() === '' && draft.stopLoss.trim() === '') return { ok: false, errors: { form: 'Enter a take-profit or a stop-loss price' } };
  if (draft.takeProfit.trim() !== '') {
    const tp = checkTickPrice(draft.takeProfit, 'Take profit', meta);
    if (tp.ok) Object.assign(fields, { takeProfit: tp.price, tpTriggerBy: draft.triggerBy, tpOrderType: 'market' });
    else errors.takeProfit = tp.error;
  }
  if (draft.stopLoss.trim() !== '') {
    const sl = checkTickPrice(draft.stopLoss, 'Stop loss', meta);
    if (sl.ok) Object.assign(fields, { stopLoss: sl.price, slTriggerBy: draft.triggerBy, slOrderType: 'market' });
    else errors.stopLoss = sl.error;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, fields };
}

/** The exchange's refusal, next to the field it names when it names one. */
function refusalErrors(e: unknown): TpslErrors {
  const text = describeError(e);
  const field = isApiError(e) ? e.field : undefined;
  return field === 'takeProfit' || field === 'stopLoss' ? { [field]: text } : { form: text };
}

export function futuresCategoryOf(meta: Pick<InstrumentMeta, 'category'>): FuturesCategory {
  return (futuresCategories as readonly string[]).includes(meta.category) ? (meta.category as FuturesCategory) : 'usdt-futures';
}

export function useStrategyOrders(meta: InstrumentMeta) {
  const category = futuresCategoryOf(meta);
  const account = useCurrentAccount();
  const client = useQueryClient();
  const list = useUnfilledStrategyOrders(category);
  const [busy, setBusy] = useState<string | null>(null);
  const options = { account: account ?? undefined };
  const refresh = () => client.invalidateQueries({ queryKey: unfilledStrategyOrdersKey(account) });

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
    orders: (list.data ?? []).filter((o) => (o.type ?? 'tpsl') === 'tpsl'),
    loading: list.isPending,
    loadError: list.isError ? describeError(list.error) : null,
    busy,
    /** A TP/SL on the whole position (tpslMode full: its size follows the position). */
    place: (position: { symbol: string; posSide: string }, draft: TpslDraft, positionMeta: InstrumentMeta) => {
      const checked = tpslRequestFields(draft, positionMeta);
      if (!checked.ok) return Promise.resolve(checked.errors);
      return run(`place:${position.symbol}:${position.posSide}`, () =>
        callEndpoint(endpoints.placeStrategyOrder, { category, symbol: position.symbol, type: 'tpsl', tpslMode: 'full', posSide: position.posSide as 'long' | 'short', ...checked.fields }, options),
      );
    },
    /** New prices for a pending TP/SL; the docs require its qty, sent as listed. */
    modify: (order: StrategyOrderRecord, draft: TpslDraft, orderMeta: InstrumentMeta) => {
      const checked = tpslRequestFields(draft, orderMeta);
      if (!checked.ok) return Promise.resolve(checked.errors);
      return run(`modify:${order.orderId}`, () => callEndpoint(endpoints.modifyStrategyOrder, { orderId: order.orderId, qty: order.qty, ...checked.fields }, options));
    },
    cancel: (order: StrategyOrderRecord) => run(`cancel:${order.orderId}`, () => callEndpoint(endpoints.cancelStrategyOrder, { orderId: order.orderId }, options)),
  };
}

export type StrategyOrdersModel = ReturnType<typeof useStrategyOrders>;
