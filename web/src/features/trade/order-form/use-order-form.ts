// The order form's logic: values as typed, validation against the instrument (lib/
// instruments), the maximum the exchange says can be opened, presets, and submission.
// The view (order-form.tsx) only renders what this returns.
import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useStore } from 'zustand';
import { isApiError } from '@web/lib/api/api-error';
import { newClientOid } from '@web/lib/instruments/client-oid';
import { isDerivative, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { validateOrderForm, type OrderFormErrors, type OrderFormField, type OrderFormValues } from '@web/lib/instruments/order-form-schema';
import { presetQty } from '@web/lib/instruments/qty-presets';
import { placeIdempotently } from '@web/lib/order-placement/place-idempotently';
import { defaultRetryPolicy } from '@web/lib/order-placement/retry-policy';
import { usePlacementApi } from '@web/lib/order-placement/use-placement-api';
import { useCurrentAccount } from '@web/lib/session/use-session';
import type { PlaceOrderRequest } from '@contract/schemas/orders';
import { refreshOrders, useMaxOpen, useSettings } from '../api/trade-api';
import { tradeUiStore } from '../trade-ui-store';

/** `checking`: the outcome is unknown (a timeout, a 5xx) and the order is being looked up by clientOid (issue 9). */
export type SubmitState =
  | { kind: 'idle' }
  | { kind: 'confirm'; order: PlaceOrderRequest }
  | { kind: 'checking'; clientOid: string; reason: string }
  | { kind: 'sent'; orderId: string }
  | { kind: 'failed'; message: string }
  | { kind: 'unknown'; clientOid: string; message: string };

function initialValues(): OrderFormValues {
  return { side: 'buy', orderType: 'limit', price: '', qty: '', timeInForce: 'gtc', reduceOnly: false, posSide: '', stpMode: '', clientOid: newClientOid() };
}

export function useOrderForm(meta: InstrumentMeta) {
  const [values, setValues] = useState<OrderFormValues>(initialValues);
  const [shown, setShown] = useState<Set<OrderFormField>>(new Set());
  const [serverErrors, setServerErrors] = useState<OrderFormErrors>({});
  const [confirmStep, setConfirmStep] = useState(false);
  const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' });
  const settings = useSettings();
  const placement = usePlacementApi();
  const client = useQueryClient();
  const account = useCurrentAccount();
  const [pending, setPending] = useState(false);
  const holdMode = settings.data?.holdMode ?? 'one_way_mode';
  const derivative = isDerivative(meta.category);
  const hedge = derivative && holdMode === 'hedge_mode';

  // A click on the book fills the price (issue 6, item 2).
  const picked = useStore(tradeUiStore, (s) => s.picked);
  useEffect(() => {
    if (picked) setValues((v) => ({ ...v, price: picked.price, orderType: 'limit' }));
  }, [picked]);

  // Switching instrument starts a fresh form: a BTC price makes no sense for ETH.
  useEffect(() => {
    setValues((v) => ({ ...initialValues(), side: v.side }));
    setShown(new Set());
    setServerErrors({});
    setSubmit({ kind: 'idle' });
  }, [meta.category, meta.symbol]);

  const check = useMemo(() => validateOrderForm(values, { meta, holdMode }), [values, meta, holdMode]);
  const localErrors: OrderFormErrors = check.ok ? {} : check.errors;
  const errors: OrderFormErrors = {};
  for (const f of Object.keys(localErrors) as OrderFormField[]) if (shown.has(f)) errors[f] = localErrors[f];
  for (const f of Object.keys(serverErrors) as OrderFormField[]) errors[f] ??= serverErrors[f];

  const validPrice = values.orderType === 'limit' && !localErrors.price && values.price !== '' ? values.price.trim() : undefined;
  const maxOpen = useMaxOpen({ category: meta.category, symbol: meta.symbol, orderType: values.orderType, side: values.side, ...(validPrice ? { price: validPrice } : {}) });
  const max = maxOpen.data ? (values.side === 'buy' ? maxOpen.data.maxBuyOpen : maxOpen.data.maxSellOpen) || maxOpen.data.maxOpen : '';
  const availableCoin = !derivative && values.side === 'sell' ? meta.baseCoin : meta.quoteCoin;

  const set = <K extends OrderFormField>(field: K, value: OrderFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setShown((s) => new Set(s).add(field));
    setServerErrors((e) => ({ ...e, [field]: undefined }));
    if (submit.kind !== 'idle') setSubmit({ kind: 'idle' });
  };

  const applyPreset = (percent: number) => {
    const qty = presetQty(max, percent, meta);
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
      // After an unknown outcome the order's push may have been lost too: read the list again.
      if (unsure) refreshOrders(client, account);
    }
  };

  const onSubmit = () => {
    setShown(new Set(Object.keys(values) as OrderFormField[]));
    if (!check.ok || pending) return;
    if (confirmStep) setSubmit({ kind: 'confirm', order: check.order });
    else void send(check.order);
  };

  const onConfirm = () => {
    if (submit.kind === 'confirm') void send(submit.order);
  };

  return {
    values,
    set,
    errors,
    derivative,
    hedge,
    max,
    maxLoading: maxOpen.isPending,
    available: maxOpen.data?.available ?? '',
    availableCoin,
    applyPreset,
    confirmStep,
    setConfirmStep,
    submit,
    onSubmit,
    onConfirm,
    onCancelConfirm: () => setSubmit({ kind: 'idle' }),
    pending,
    newClientOid: () => set('clientOid', newClientOid()),
  };
}

export type OrderFormModel = ReturnType<typeof useOrderForm>;
