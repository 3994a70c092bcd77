// The order form's logic: values as typed, validation against the instrument (lib/
// instruments), the unit the size is typed in (order-size.ts), the live available balance
// and maximum, presets, the notional and fee estimate, the confirmation step, and
// submission. The view (order-form.tsx) only renders what this returns.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { endpoints } from '@contract/catalog/endpoints';
import { endpointQueryKey } from '@web/lib/api/endpoint-query';
import { initialBookState, type BookSource, type BookState } from '@web/lib/book/book-store';
import { needsConfirmation, useConfirmationPref } from '@web/lib/preferences/order-confirmation';
import { isApiError } from '@web/lib/api/api-error';
import { newClientOid } from '@web/lib/instruments/client-oid';
import { isDerivative, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { isQuoteSized, validateOrderForm, type OrderFormErrors, type OrderFormField, type OrderFormValues } from '@web/lib/instruments/order-form-schema';
import { placeIdempotently } from '@web/lib/order-placement/place-idempotently';
import { defaultRetryPolicy } from '@web/lib/order-placement/retry-policy';
import { usePlacementApi } from '@web/lib/order-placement/use-placement-api';
import { useCurrentAccount } from '@web/lib/session/use-session';
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { refreshOrders, useAssets, useMaxOpen, useSettings } from '../api/trade-api';
import { tradeUiStore } from '../trade-ui-store';
import { aboveMaxError, baseToQuoteAmount, estimateOrder, presetSize, sizeUnitsFor, unitCoin, type OrderEstimate, type SizeMax, type SizeUnit } from './order-size';

/** The book of no instrument, while the pipeline starts: no best bid or ask. */
const noBook = createStore<BookState>()(() => initialBookState);

/** An order checked and ready: the body as sent, its estimate, and the size in the unit the trader typed. */
export interface ReadyOrder {
  order: PlaceOrderRequest;
  estimate: OrderEstimate;
  /** "100 USDT" or "0.001 BTC (≈ 65.43 USDT at the best ask)": what the trader asked for. */
  sizeText: string;
}

/** `checking`: the outcome is unknown (a timeout, a 5xx) and the order is being looked up by clientOid (issue 9). */
export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'confirm'; ready: ReadyOrder }
  | { kind: 'checking'; clientOid: string; reason: string }
  | { kind: 'sent'; orderId: string }
  | { kind: 'failed'; message: string }
  | { kind: 'unknown'; clientOid: string; message: string };

function initialValues(): OrderFormValues {
  return { side: 'buy', orderType: 'limit', price: '', qty: '', sizeUnit: 'quote', timeInForce: 'gtc', reduceOnly: false, posSide: '', stpMode: '', clientOid: newClientOid(), takeProfit: '', stopLoss: '', tpslTriggerBy: 'market' };
}

export function useOrderForm(meta: InstrumentMeta, book: BookSource | null = null) {
  const [values, setValues] = useState<OrderFormValues>(initialValues);
  const [shown, setShown] = useState<Set<OrderFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<OrderFormErrors>({});
  const [confirmPref] = useConfirmationPref();
  const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' });
  const settings = useSettings();
  const placement = usePlacementApi();
  const client = useQueryClient();
  const account = useCurrentAccount();
  const [pending, setPending] = useState(false);
  const holdMode = settings.data?.holdMode ?? 'one_way_mode';
  const derivative = isDerivative(meta.category);
  const hedge = derivative && holdMode === 'hedge_mode';

  // Both adjustments below happen while rendering, when what they follow changes (React's
  // "adjusting state when a prop changes"), not in an effect: an effect would paint the
  // stale form first and render twice.
  // A click on the book fills the price (issue 6, item 2).
  const picked = useStore(tradeUiStore, (s) => s.picked);
  const [seenPick, setSeenPick] = useState(picked);
  if (picked !== seenPick) {
    setSeenPick(picked);
    if (picked) setValues((v) => ({ ...v, price: picked.price, orderType: 'limit' }));
  }

  // Switching instrument starts a fresh form: a BTC price makes no sense for ETH.
  const market = `${meta.category}:${meta.symbol}`;
  const [formMarket, setFormMarket] = useState(market);
  if (market !== formMarket) {
    setFormMarket(market);
    setValues((v) => ({ ...initialValues(), side: v.side }));
    setShown(new Set());
    setServerErrors({});
    setSubmit({ kind: 'idle' });
  }

  // Only a market order reads the best prices (its estimate, a spot buy's conversion): a
  // limit form selects nothing from the book, so it does not re-render on every book frame.
  const marketOrder = values.orderType === 'market';
  const bestAsk = useStore(book?.store ?? noBook, (s) => (marketOrder ? s.bestAsk : undefined));
  const bestBid = useStore(book?.store ?? noBook, (s) => (marketOrder ? s.bestBid : undefined));
  const units = sizeUnitsFor(meta, values.side, values.orderType);
  const unit = effectiveUnit(values);
  const quoteSizedMarket = units.includes('quote');

  const check = useMemo(() => validateOrderForm(values, { meta, holdMode }), [values, meta, holdMode]);
  const validPrice = values.orderType === 'limit' && !(check.ok ? undefined : check.errors.price) && values.price !== '' ? values.price.trim() : undefined;
  const maxOpen = useMaxOpen({ category: meta.category, symbol: meta.symbol, orderType: values.orderType, side: values.side, ...(validPrice ? { price: validPrice } : {}) });
  const maxBase = maxOpen.data ? (values.side === 'buy' ? maxOpen.data.maxBuyOpen : maxOpen.data.maxSellOpen) || maxOpen.data.maxOpen : '';
  const availableCoin = !derivative && values.side === 'sell' ? meta.baseCoin : meta.quoteCoin;
  // Available is read from the same cache as the balance panel, which the account channel
  // patches: the two cannot disagree. The exchange's max-open is read again whenever the
  // balances change, so the maximum and the presets follow every fill.
  const assets = useAssets();
  const available = assets.data?.assets.find((a) => a.coin === availableCoin)?.available ?? (assets.data ? '0' : '');
  useEffect(() => {
    if (assets.dataUpdatedAt > 0) void client.invalidateQueries({ queryKey: maxOpenKey(account) });
  }, [assets.dataUpdatedAt, client, account]);
  const max: SizeMax | undefined = unit === 'quote' ? (available ? { value: available, unit } : undefined) : maxBase ? { value: maxBase, unit } : undefined;

  // The body as sent: a spot market buy typed in the base coin is converted at the best ask.
  let prepared: { ok: true; ready: ReadyOrder } | { ok: false; errors: OrderFormErrors };
  if (!check.ok) prepared = { ok: false, errors: check.errors };
  else {
    const overMax = aboveMaxError(values.qty, unit, max, meta);
    if (overMax) prepared = { ok: false, errors: { qty: overMax } };
    else if (quoteSizedMarket && unit === 'base') {
      const amount = baseToQuoteAmount(check.order.qty, bestAsk, meta);
      const overAvailable = amount && available ? aboveMaxError(amount, 'quote', { value: available, unit: 'quote' }, meta) : undefined;
      if (!amount) prepared = { ok: false, errors: { qty: `No best ask yet to convert ${meta.baseCoin} into ${meta.quoteCoin}: enter the amount in ${meta.quoteCoin}` } };
      else if (overAvailable) prepared = { ok: false, errors: { qty: `${overAvailable} (this quantity costs about ${amount} ${meta.quoteCoin})` } };
      else {
        const order = { ...check.order, qty: amount };
        prepared = { ok: true, ready: { order, estimate: estimateOrder(order, meta, { bestAsk, bestBid }), sizeText: `${check.order.qty} ${meta.baseCoin} (≈ ${amount} ${meta.quoteCoin} at the best ask)` } };
      }
    } else {
      prepared = { ok: true, ready: { order: check.order, estimate: estimateOrder(check.order, meta, { bestAsk, bestBid }), sizeText: `${check.order.qty} ${unitCoin(meta, isQuoteSized(values, meta) ? 'quote' : 'base')}` } };
    }
  }
  const localErrors: OrderFormErrors = prepared.ok ? {} : prepared.errors;
  const errors: OrderFormErrors = {};
  for (const f of Object.keys(localErrors) as OrderFormField[]) if (shown.has(f)) errors[f] = localErrors[f];
  for (const f of Object.keys(serverErrors) as OrderFormField[]) errors[f] ??= serverErrors[f];

  const set = <K extends OrderFormField>(field: K, value: OrderFormValues[K]) => {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A size typed in one coin is never read in another: when the unit changes (market
      // buy <-> anything else, or USDT <-> BTC), the size is cleared rather than reinterpreted.
      return effectiveUnit(next) === effectiveUnit(v) ? next : { ...next, qty: '' };
    });
    setShown((s) => new Set(s).add(field));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    if (submit.kind !== 'idle') setSubmit({ kind: 'idle' });
  };

  function effectiveUnit(v: OrderFormValues): SizeUnit {
    const allowed = sizeUnitsFor(meta, v.side, v.orderType);
    return allowed.includes(v.sizeUnit ?? 'base') ? (v.sizeUnit ?? 'base') : 'base';
  }

  const applyPreset = (percent: number) => {
    const qty = presetSize(max, percent, meta);
    if (qty) set('qty', qty);
  };

  const send = async (order: PlaceOrderRequest) => {
    setPending(true);
    let unsure = false;
    try {
      // Retries keep the order's clientOid, so they can never place it twice (issue 9).
      const final = await placeIdempotently(order, placement, defaultRetryPolicy, (s) => {
        if (s.kind !== 'checking') return;
        unsure = true;
        setSubmit({ kind: 'checking', clientOid: s.clientOid, reason: s.reason });
      });
      if (final.kind === 'placed') {
        setSubmit({ kind: 'sent', orderId: final.orderId });
        setValues((v) => ({ ...v, clientOid: newClientOid() }));
        setShown(new Set());
      } else if (final.kind === 'unknown') {
        // The clientOid stays: sending the form again is then a retry the exchange can recognise.
        setSubmit({ kind: 'unknown', clientOid: final.clientOid, message: final.message });
      } else {
        const e = final.error;
        const field = isApiError(e) ? e.field : undefined;
        if (field && field in values) setServerErrors({ [field]: final.message });
        setSubmit({ kind: 'failed', message: final.message });
      }
    } finally {
      setPending(false);
      // Every outcome reads the maximum again (the order locked or spent a balance); the
      // balances follow on the account channel. The open orders are read again only after
      // an unknown outcome, whose push may be lost too: a refetch drops the orders that
      // already finished (a post-only that was canceled at once), which the pushes show.
      void client.invalidateQueries({ queryKey: maxOpenKey(account) });
      if (unsure) refreshOrders(client, account);
    }
  };

  const onSubmit = () => {
    setShown(new Set(Object.keys(values) as OrderFormField[]));
    if (!prepared.ok || pending) return;
    if (needsConfirmation(confirmPref, prepared.ready.estimate.notional)) setSubmit({ kind: 'confirm', ready: prepared.ready });
    else void send(prepared.ready.order);
  };

  const onConfirm = () => {
    if (submit.kind === 'confirm') void send(submit.ready.order);
  };

  return {
    values,
    set,
    errors,
    derivative,
    hedge,
    max,
    maxLoading: unit === 'quote' ? assets.isPending : maxOpen.isPending,
    available,
    availableCoin,
    units,
    unit,
    estimate: prepared.ok ? prepared.ready.estimate : undefined,
    bestAsk,
    applyPreset,
    confirmPref,
    submit,
    onSubmit,
    onConfirm,
    onCancelConfirm: () => setSubmit({ kind: 'idle' }),
    pending,
    newClientOid: () => set('clientOid', newClientOid()),
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;

/** The max-open query of an account, read again when balances change or an order was sent. */
function maxOpenKey(account: string | null) {
  return endpointQueryKey(endpoints.maxOpenAvailable, account);
}
