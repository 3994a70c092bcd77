// Closing a position from its row: market or limit, reduceOnly, posSide in hedge mode.
// The answer only means receipt (spec 4.7 rule 3); the position channel shows the result.
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { compareDecimal, isDecimalString } from '@contract/core/decimal';
import { endpoints } from '@contract/catalog/endpoints';
import type { Position } from '@contract/schemas/account';
import { SelectField } from '@web/components/select-field';
import { isApiError } from '@web/lib/api/api-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { closeOrder, type CloseForm } from './close-order';

const closeTypeOptions = [
  { value: 'market', label: 'market' },
  { value: 'limit', label: 'limit' },
];

/** True when both are decimals and `qty` is above `limit`. */
function exceeds(qty: string, limit: string): boolean {
  return isDecimalString(qty.trim()) && isDecimalString(limit) && compareDecimal(qty.trim(), limit) > 0;
}

export function ClosePositionForm({ position, meta, hedge, onDone }: { position: Position; meta: InstrumentMeta; hedge: boolean; onDone(): void }) {
  const account = useCurrentAccount();
  const remaining = position.available || position.total;
  const [form, setForm] = useState<CloseForm>({ orderType: 'market', qty: remaining, price: position.markPrice });
  // The prefilled quantity follows what is left of the position (issue 19: after a partial
  // close it still offered the old size). A quantity the trader typed is kept, unless it is
  // now more than what is left. Adjusted while rendering, when the position changes.
  const [seenRemaining, setSeenRemaining] = useState(remaining);
  if (remaining !== seenRemaining) {
    setSeenRemaining(remaining);
    if (form.qty === seenRemaining || exceeds(form.qty, remaining)) setForm((f) => ({ ...f, qty: remaining }));
  }
  const [problem, setProblem] = useState<{ field: 'qty' | 'price'; message: string } | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const place = useMutation({ mutationFn: (body: Parameters<typeof callEndpoint<typeof endpoints.placeOrder>>[1]) => callEndpoint(endpoints.placeOrder, body, { account: account ?? undefined }) });
  const name = `${position.symbol} ${position.posSide}`;

  const submit = async () => {
    const check = closeOrder(position, form, meta, hedge);
    if (!check.ok) {
      setProblem({ field: check.field, message: check.message });
      return;
    }
    setProblem(null);
    try {
      const ack = await place.mutateAsync(check.body);
      setResult({ ok: true, text: `Close order sent (order ${ack.orderId})` });
    } catch (e) {
      const text = isApiError(e) ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
      if (isApiError(e) && (e.field === 'qty' || e.field === 'price')) setProblem({ field: e.field, message: e.message });
      setResult({ ok: false, text: `Refused: ${text}` });
    }
  };

  const input = 'w-28 rounded border border-line bg-surface px-2 py-1 text-fg';
  const err = (field: 'qty' | 'price') =>
    problem?.field === field ? (
      <span id={`close-${field}-error`} className="text-sell">
        {problem.message}
      </span>
    ) : null;
  return (
    <form
      aria-label={`Close ${name}`}
      className="flex flex-wrap items-end gap-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <SelectField compact label="Close order type" value={form.orderType} onChange={(e) => setForm({ ...form, orderType: e.target.value as CloseForm['orderType'] })} options={closeTypeOptions} />
      <label className="flex flex-col text-muted">
        Close quantity
        <input aria-label="Close quantity" value={form.qty} inputMode="decimal" onChange={(e) => setForm({ ...form, qty: e.target.value })} aria-invalid={problem?.field === 'qty' || undefined} aria-describedby={problem?.field === 'qty' ? 'close-qty-error' : undefined} className={input} />
        {err('qty')}
      </label>
      {form.orderType === 'limit' && (
        <label className="flex flex-col text-muted">
          Close price
          <input value={form.price} inputMode="decimal" onChange={(e) => setForm({ ...form, price: e.target.value })} aria-invalid={problem?.field === 'price' || undefined} aria-describedby={problem?.field === 'price' ? 'close-price-error' : undefined} className={input} />
          {err('price')}
        </label>
      )}
      <span className="text-muted">reduce-only{hedge ? `, posSide ${position.posSide}` : ''}</span>
      <button type="submit" disabled={place.isPending} className="rounded bg-accent px-3 py-1 font-medium text-accent-fg disabled:opacity-50">
        Send close order
      </button>
      <button type="button" onClick={onDone} className="rounded border border-line px-2 py-1 hover:bg-raised">
        Done
      </button>
      {result && (
        <p role={result.ok ? 'status' : 'alert'} className={`w-full ${result.ok ? 'text-buy' : 'text-sell'}`}>
          {result.text}
        </p>
      )}
    </form>
  );
}
