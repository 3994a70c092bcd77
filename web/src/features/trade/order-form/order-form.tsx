// The order form's view. Every control is labelled; errors sit next to their field and
// are announced with it; Enter submits (it is a real form).
import { SelectField } from '@web/components/select-field';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { BookSource } from '@web/lib/book/book-store';
import { stpModes, timeInForces } from '@contract/schemas/common';
import { coinScaleOnMarket } from '@web/lib/format/market-format';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { tpslLegText } from '@web/lib/format/tpsl-leg-text';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { qtyPresetPercents } from '@web/lib/instruments/qty-presets';
import { useKeyDown } from '@web/lib/dom/use-key-down';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { HotkeyHelp } from './hotkey-help';
import { tradeHotkeyOf } from './trade-hotkeys';
import { amountStep, ratePercent, unitCoin, type OrderEstimate, type SizeUnit } from './order-size';
import { useOrderForm, type OrderFormModel, type ReadyOrder } from './use-order-form';

const tifLabels: Record<(typeof timeInForces)[number], string> = { gtc: 'GTC', ioc: 'IOC', fok: 'FOK', post_only: 'Post only' };

/** `focusRequest`: a new value moves focus to the form's first field (after the "/" picker). */
export function OrderForm({ meta, book, focusRequest = 0 }: { meta: InstrumentMeta; book: BookSource | null; focusRequest?: number }) {
  const model = useOrderForm(meta, book);
  // issue 8.5: the form does not invite what the role can't do (the proxy refuses it regardless).
  const gate = usePermissionGate('trade.write', 'place orders');
  const formRef = useRef<HTMLFormElement>(null);
  const [help, setHelp] = useState(false);
  useEffect(() => {
    if (focusRequest === 0) return;
    // After the picker's dialog has closed and the form has reset for the new market.
    const t = setTimeout(() => formRef.current?.querySelector<HTMLInputElement>('input[inputmode="decimal"]')?.focus(), 0);
    return () => clearTimeout(t);
  }, [focusRequest]);
  // The listener is added once and calls the newest `set` (a new function every render).
  const setRef = useRef(model.set);
  useEffect(() => {
    setRef.current = model.set;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const hotkey = tradeHotkeyOf(e);
      if (!hotkey) return;
      e.preventDefault();
      if (hotkey === 'help') setHelp((h) => !h);
      else setRef.current('side', hotkey);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      <OrderFormView meta={meta} model={model} denied={gate.reason} formRef={formRef} />
      {help && <HotkeyHelp onClose={() => setHelp(false)} />}
    </>
  );
}

/** `denied`: why the role may not place orders; the submit and confirm buttons are then disabled, with it as their description. */
export function OrderFormView({ meta, model, denied, formRef }: { meta: InstrumentMeta; model: OrderFormModel; denied?: string | undefined; formRef?: RefObject<HTMLFormElement | null> }) {
  const { values, set, errors } = model;
  const buy = values.side === 'buy';
  const deniedId = useId();
  return (
    <section aria-labelledby="order-form-title" className="rounded-md border border-line bg-panel p-3">
      <h2 id="order-form-title" className="mb-2 text-sm font-semibold">
        Place order <span className="font-normal text-muted">{meta.symbol}</span>
      </h2>
      <form
        ref={formRef}
        aria-label="Order form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!denied) model.onSubmit();
        }}
        className="flex flex-col gap-2"
      >
        <div role="radiogroup" aria-label="Side" className="grid grid-cols-2 gap-1">
          {(['buy', 'sell'] as const).map((side) => (
            <label key={side} className={`cursor-pointer rounded py-1 text-center text-sm font-medium ${values.side === side ? (side === 'buy' ? 'bg-buy text-surface' : 'bg-sell text-surface') : 'border border-line'}`}>
              <input type="radio" name="side" value={side} checked={values.side === side} onChange={() => set('side', side)} className="sr-only" />
              {side === 'buy' ? 'Buy' : 'Sell'}
            </label>
          ))}
        </div>
        <div className="grid grid-cols-2 gap-2">
          <SelectField compact label="Order type" value={values.orderType} onChange={(e) => set('orderType', e.target.value as 'limit' | 'market')} options={[{ value: 'limit', label: 'Limit' }, { value: 'market', label: 'Market' }]} />
          <SelectField
            compact
            label="Time in force"
            value={values.timeInForce}
            error={errors.timeInForce}
            onChange={(e) => set('timeInForce', e.target.value as (typeof timeInForces)[number])}
            options={timeInForces.filter((t) => values.orderType === 'limit' || t !== 'post_only').map((t) => ({ value: t, label: tifLabels[t] }))}
          />
        </div>
        {values.orderType === 'limit' && <Field label={`Price (${meta.quoteCoin})`} name="Price" value={values.price} error={errors.price} onChange={(v) => set('price', v)} hint={`tick ${meta.tickSize}`} />}
        {model.units.length > 1 && (
          <SelectField
            compact
            label="Size in"
            value={model.unit}
            onChange={(e) => set('sizeUnit', e.target.value as SizeUnit)}
            options={model.units.map((u) => ({ value: u, label: u === 'quote' ? `${meta.quoteCoin} (amount to spend)` : `${meta.baseCoin} (quantity, at the best ask)` }))}
          />
        )}
        <Field
          label={model.unit === 'quote' ? `Amount (${meta.quoteCoin})` : `Quantity (${meta.baseCoin})`}
          name={model.unit === 'quote' ? 'Amount' : 'Quantity'}
          value={values.qty}
          error={errors.qty}
          onChange={(v) => set('qty', v)}
          hint={model.unit === 'quote' ? `step ${amountStep(meta)}` : `lot ${meta.lotSize}`}
        />
        <div role="group" aria-label="Quantity presets" className="grid grid-cols-4 gap-1">
          {qtyPresetPercents.map((p) => (
            <button key={p} type="button" disabled={!model.max} onClick={() => model.applyPreset(p)} className="rounded border border-line py-0.5 text-xs hover:bg-raised disabled:opacity-40" aria-label={`${p}% of max`}>
              {p}%
            </button>
          ))}
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs tabular whitespace-nowrap">
          <dt className="text-muted">Available</dt>
          <dd aria-label="Available balance" className="text-right">
            {formatDecimal(model.available, { scale: coinScaleOnMarket(meta, model.availableCoin) })} {model.availableCoin}
          </dd>
          <dt className="text-muted">Max {buy ? 'buy' : 'sell'}</dt>
          <dd aria-label={`Max ${buy ? 'buy' : 'sell'}`} className="text-right">
            {model.maxLoading ? '…' : formatDecimal(model.max?.value, { scale: coinScaleOnMarket(meta, unitCoin(meta, model.unit)) })} {unitCoin(meta, model.unit)}
          </dd>
          <EstimateRows estimate={model.estimate} quoteCoin={meta.quoteCoin} />
        </dl>
        {model.derivative && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={values.reduceOnly} onChange={(e) => set('reduceOnly', e.target.checked)} />
            Reduce only
          </label>
        )}
        {model.derivative && !values.reduceOnly && <TpslFields meta={meta} model={model} />}
        {model.hedge && (
          <SelectField compact label="Position side" value={values.posSide} error={errors.posSide} onChange={(e) => set('posSide', e.target.value as 'long' | 'short' | '')} options={[{ value: '', label: 'Choose…' }, { value: 'long', label: 'Long' }, { value: 'short', label: 'Short' }]} />
        )}
        <details className="text-sm">
          <summary className="cursor-pointer text-muted">Advanced</summary>
          <div className="mt-2 flex flex-col gap-2">
            <SelectField compact label="Self-trade prevention" value={values.stpMode} onChange={(e) => set('stpMode', e.target.value as (typeof stpModes)[number] | '')} options={[{ value: '', label: 'Account default' }, ...stpModes.map((m) => ({ value: m, label: m.replace('_', ' ') }))]} />
            <Field label="Client order ID" name="Client order ID" value={values.clientOid} error={errors.clientOid} onChange={(v) => set('clientOid', v)} />
            <button type="button" onClick={model.newClientOid} className="self-start text-xs text-accent underline">
              New client order ID
            </button>
            <p className="text-xs text-muted">
              {model.confirmPref.enabled ? `Orders above ${formatDecimal(model.confirmPref.threshold, { trim: true })} ${meta.quoteCoin} ask for confirmation` : 'Orders are sent without confirmation'} (change it in Settings).
            </p>
          </div>
        </details>
        {model.submit.kind === 'confirm' ? (
          <ConfirmDialog onConfirm={model.onConfirm} onCancel={model.onCancelConfirm} denied={denied} deniedId={deniedId}>
            <ConfirmSummary ready={model.submit.ready} meta={meta} />
          </ConfirmDialog>
        ) : (
          <button type="submit" disabled={model.pending || !!denied} aria-describedby={denied ? deniedId : undefined} className={`rounded py-2 font-semibold text-surface disabled:opacity-50 ${buy ? 'bg-buy' : 'bg-sell'}`}>
            {buy ? 'Buy' : 'Sell'} {meta.baseCoin}
          </button>
        )}
        {denied && (
          <p id={deniedId} className="text-xs text-muted">
            {denied}
          </p>
        )}
        {model.submit.kind === 'sent' && (
          <p role="status" className="text-xs text-buy">
            Order sent: {model.submit.orderId}
          </p>
        )}
        {model.submit.kind === 'checking' && (
          <p role="status" aria-label="Order placement" className="text-xs text-warn">
            Order {model.submit.clientOid}: unknown, checking ({model.submit.reason})
          </p>
        )}
        {model.submit.kind === 'unknown' && (
          <p role="alert" className="text-xs text-warn">
            Order {model.submit.clientOid}: still unknown. {model.submit.message}
          </p>
        )}
        {model.submit.kind === 'failed' && (
          <p role="alert" className="text-xs text-sell">
            Order refused: {model.submit.message}
          </p>
        )}
      </form>
    </section>
  );
}

/** Notional and fee before sending: what the order is worth and the most it pays the exchange. */
function EstimateRows({ estimate, quoteCoin }: { estimate: OrderEstimate | undefined; quoteCoin: string }) {
  return (
    <>
      <dt className="text-muted">Notional</dt>
      <dd aria-label="Estimated notional" className="text-right">
        {estimate?.notional ? `≈ ${formatDecimal(estimate.notional)} ${quoteCoin}` : '—'}
      </dd>
      <dt className="text-muted">Fee{estimate?.feeRate ? ` (taker ${ratePercent(estimate.feeRate)})` : ''}</dt>
      <dd aria-label="Estimated fee" className="text-right">
        {estimate?.fee ? `≤ ${formatDecimal(estimate.fee)} ${quoteCoin}` : '—'}
      </dd>
    </>
  );
}

/** The confirmation step: Confirm takes the focus when it opens, and Esc cancels (issue 19, Keyboard); nothing is sent. */
function ConfirmDialog({ onConfirm, onCancel, denied, deniedId, children }: { onConfirm(): void; onCancel(): void; denied: string | undefined; deniedId: string; children: ReactNode }) {
  const dialog = useRef<HTMLDivElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  useKeyDown(dialog, (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    }
  });
  return (
    <div ref={dialog} role="alertdialog" aria-label="Confirm order" className="rounded border border-warn p-2 text-sm">
      {children}
      <div className="mt-2 flex gap-2">
        <button ref={confirm} type="button" onClick={onConfirm} disabled={!!denied} aria-describedby={denied ? deniedId : undefined} className="rounded bg-accent px-3 py-1 text-accent-fg disabled:opacity-50">
          Confirm
        </button>
        <button type="button" onClick={onCancel} className="rounded border border-line px-3 py-1">
          Back
        </button>
      </div>
    </div>
  );
}

function ConfirmSummary({ ready, meta }: { ready: ReadyOrder; meta: InstrumentMeta }) {
  const { order, estimate } = ready;
  const rows: [string, string][] = [
    ['Side', order.side === 'buy' ? 'Buy' : 'Sell'],
    ['Size', ready.sizeText],
    ['Price', order.price ? `${formatDecimal(order.price)} ${meta.quoteCoin}` : estimate.price ? `market (${estimate.priceSource} ${formatDecimal(estimate.price)})` : 'market'],
    ['Notional', estimate.notional ? `≈ ${formatDecimal(estimate.notional)} ${meta.quoteCoin}` : 'unknown until the book arrives'],
    ['Fee', estimate.fee ? `≤ ${formatDecimal(estimate.fee)} ${meta.quoteCoin}` : 'unknown'],
  ];
  if (order.takeProfit) rows.push(['Take profit', tpslLegText({ price: order.takeProfit, by: order.tpTriggerBy, orderType: order.tpOrderType, limitPrice: order.tpLimitPrice }, meta.priceScale, meta.quoteCoin)]);
  if (order.stopLoss) rows.push(['Stop loss', tpslLegText({ price: order.stopLoss, by: order.slTriggerBy, orderType: order.slOrderType, limitPrice: order.slLimitPrice }, meta.priceScale, meta.quoteCoin)]);
  return (
    <>
      <p className="font-semibold">
        Send this order on {meta.symbol} ({meta.category})?
      </p>
      <dl className="mt-1 grid grid-cols-[5rem_1fr] gap-x-2 text-xs tabular">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd aria-label={`Confirm ${k.toLowerCase()}`}>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-muted">Esc or Back cancels; nothing is sent until you confirm.</p>
    </>
  );
}

/**
 * Take-profit and stop-loss presets of a futures order that opens a position: shown on
 * request, and cleared when the box is unticked, so no preset is sent that is not on screen.
 */
function TpslFields({ meta, model }: { meta: InstrumentMeta; model: OrderFormModel }) {
  const { values, set, errors } = model;
  const [open, setOpen] = useState(false);
  const on = open || !!values.takeProfit || !!values.stopLoss || !!values.tpLimitPrice || !!values.slLimitPrice;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setOpen(e.target.checked);
            if (!e.target.checked) {
              for (const f of ['takeProfit', 'stopLoss', 'tpLimitPrice', 'slLimitPrice'] as const) set(f, '');
            }
          }}
        />
        Take profit / stop loss
      </label>
      {on && (
        <>
          <div className="grid grid-cols-2 gap-2">
            <Field label={`Take profit (${meta.quoteCoin})`} name="Take profit" value={values.takeProfit ?? ''} error={errors.takeProfit} onChange={(v) => set('takeProfit', v)} />
            <Field label={`Stop loss (${meta.quoteCoin})`} name="Stop loss" value={values.stopLoss ?? ''} error={errors.stopLoss} onChange={(v) => set('stopLoss', v)} />
            <Field label={`TP limit price (${meta.quoteCoin})`} name="TP limit price" placeholder="market" value={values.tpLimitPrice ?? ''} error={errors.tpLimitPrice} onChange={(v) => set('tpLimitPrice', v)} />
            <Field label={`SL limit price (${meta.quoteCoin})`} name="SL limit price" placeholder="market" value={values.slLimitPrice ?? ''} error={errors.slLimitPrice} onChange={(v) => set('slLimitPrice', v)} />
          </div>
          <SelectField
            compact
            label="TP/SL trigger"
            value={values.tpslTriggerBy ?? 'market'}
            onChange={(e) => set('tpslTriggerBy', e.target.value as 'market' | 'mark')}
            options={[
              { value: 'market', label: 'Last price' },
              { value: 'mark', label: 'Mark price' },
            ]}
          />
          <p className="text-xs text-muted">When the price reaches one, what this order filled closes: at market, or at its limit price when one is given.</p>
        </>
      )}
    </div>
  );
}

function Field({ label, name, value, error, onChange, hint, placeholder }: { label: string; name: string; value: string; error?: string | undefined; onChange(v: string): void; hint?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="flex justify-between text-xs text-muted">
        <span>{label}</span>
        {hint && <span aria-hidden="true">{hint}</span>}
      </label>
      <input
        id={id}
        aria-label={name}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
        className="rounded border border-line bg-surface px-2 py-1 text-sm tabular"
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-sell">
          {error}
        </p>
      )}
    </div>
  );
}
