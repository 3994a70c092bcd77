// Batch entry: a grid of up to 20 orders for the market on screen, checked row by row
// before anything is sent, then placed with place-batch; each row shows the exchange's
// answer for it (accepted with its order ID, or rejected with the message).
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { OrderFormErrors } from '@web/lib/instruments/order-form-schema';
import { placeBatchIdempotently, type BatchRowStatus } from '@web/lib/order-placement/place-batch-idempotently';
import { defaultRetryPolicy } from '@web/lib/order-placement/retry-policy';
import { usePlacementApi } from '@web/lib/order-placement/use-placement-api';
import { usePermissionGate } from '@web/lib/session/use-granted';
import { useCurrentAccount } from '@web/lib/session/use-session';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { timeInForces } from '@contract/schemas/common';
import { refreshOrders, useSettings } from '../api/trade-api';
import { checkBatch, emptyRow, MAX_BATCH, rowSizeUnit, type BatchRow } from './batch-rows';
import { SelectField } from '@web/components/select-field';

const sideOptions = [
  { value: 'buy', label: 'Buy' },
  { value: 'sell', label: 'Sell' },
];
const typeOptions = [
  { value: 'limit', label: 'Limit' },
  { value: 'market', label: 'Market' },
];

export function BatchEntry({ meta }: { meta: InstrumentMeta }) {
  const [rows, setRows] = useState<BatchRow[]>(() => [emptyRow()]);
  const [errors, setErrors] = useState<Map<string, OrderFormErrors>>(new Map());
  const [outcomes, setOutcomes] = useState<Map<string, BatchRowStatus>>(new Map());
  const [sending, setSending] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const settings = useSettings();
  const placement = usePlacementApi();
  const client = useQueryClient();
  const account = useCurrentAccount();
  // issue 8.5: the grid does not invite what the role can't do (the proxy refuses it regardless).
  const gate = usePermissionGate('trade.write', 'place orders');
  const deniedId = useId();

  const update = (key: string, patch: Partial<BatchRow>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setErrors((e) => {
      const next = new Map(e);
      next.delete(key);
      return next;
    });
  };

  const send = async () => {
    if (!gate.granted) return;
    setOutcomes(new Map());
    const check = checkBatch(rows, { meta, holdMode: settings.data?.holdMode ?? 'one_way_mode' });
    if (!check.ok) {
      setErrors(check.errors);
      setMessage({ ok: false, text: check.message });
      return;
    }
    setErrors(new Map());
    setSending(true);
    // Each row keeps its clientOid through retries: an unknown outcome is looked up, never sent twice (issue 9).
    const byOid = new Map(rows.map((r) => [r.clientOid, r.key]));
    let unsure = false;
    const toRows = (m: ReadonlyMap<string, BatchRowStatus>) => new Map([...m].flatMap(([oid, st]) => (byOid.has(oid) ? [[byOid.get(oid)!, st] as const] : [])));
    try {
      const orders = check.orders.map((o, i) => ({ ...o, clientOid: o.clientOid ?? rows[i]!.clientOid }));
      const final = toRows(await placeBatchIdempotently(orders, placement, defaultRetryPolicy, (m) => {
        if ([...m.values()].some((st) => st.status === 'checking')) unsure = true;
        setOutcomes(toRows(m));
      }));
      setOutcomes(final);
      const accepted = [...final.values()].filter((o) => o.status === 'accepted').length;
      const unknown = [...final.values()].filter((o) => o.status === 'unknown').length;
      const rejected = rows.length - accepted - unknown;
      setMessage({ ok: accepted === rows.length, text: `${accepted} accepted, ${rejected} rejected${unknown ? `, ${unknown} still unknown` : ''}` });
      // Accepted rows get a fresh clientOid; an unknown row keeps its own, so sending it again stays idempotent.
      setRows((rs) => rs.map((r) => (final.get(r.key)?.status === 'accepted' ? { ...r, clientOid: emptyRow().clientOid } : r)));
    } finally {
      setSending(false);
      // After an unknown outcome the orders' pushes may have been lost too: read the list again.
      if (unsure) refreshOrders(client, account);
    }
  };

  return (
    <form
      aria-label="Batch orders"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
      className="flex flex-col gap-2 text-xs"
    >
      <div className="overflow-x-auto">
        <table aria-label="Batch rows" className="w-full min-w-[640px]">
          <thead className="text-left text-muted">
            <tr>
              <th scope="col">#</th>
              <th scope="col">Side</th>
              <th scope="col">Type</th>
              <th scope="col">Price ({meta.quoteCoin})</th>
              <th scope="col">Size</th>
              <th scope="col">Time in force</th>
              <th scope="col">Result</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const n = i + 1;
              const err = errors.get(row.key);
              const outcome = outcomes.get(row.key);
              const errText = err ? Object.values(err).filter(Boolean).join('; ') : '';
              return (
                <tr key={row.key} aria-label={`Batch row ${n}`} className="border-t border-line align-top">
                  <td>{n}</td>
                  <td>
                    <SelectField compact labelPosition="hidden" label={`Row ${n} side`} value={row.side} onChange={(e) => update(row.key, { side: e.target.value as 'buy' | 'sell' })} options={sideOptions} />
                  </td>
                  <td>
                    <SelectField compact labelPosition="hidden" label={`Row ${n} type`} value={row.orderType} onChange={(e) => update(row.key, { orderType: e.target.value as 'limit' | 'market' })} options={typeOptions} />
                  </td>
                  <td>
                    <input aria-label={`Row ${n} price`} aria-invalid={err?.price ? true : undefined} disabled={row.orderType === 'market'} value={row.price} onChange={(e) => update(row.key, { price: e.target.value })} className="w-24 rounded border border-line bg-surface px-1" />
                  </td>
                  <td>
                    <SizeCell n={n} quote={rowSizeUnit(row, meta) === 'quote'} meta={meta} invalid={!!err?.qty} value={row.qty} onChange={(qty) => update(row.key, { qty })} />
                  </td>
                  <td>
                    <SelectField
                      compact
                      labelPosition="hidden"
                      label={`Row ${n} time in force`}
                      value={row.timeInForce}
                      onChange={(e) => update(row.key, { timeInForce: e.target.value as BatchRow['timeInForce'] })}
                      options={timeInForces.map((t) => ({ value: t, label: t }))}
                    />
                  </td>
                  <td aria-label={`Row ${n} result`}>
                    {errText && <span className="text-sell">Not sent: {errText}</span>}
                    {outcome?.status === 'accepted' && <span className="text-buy">accepted ({outcome.orderId})</span>}
                    {(outcome?.status === 'sending' || outcome?.status === 'checking') && sending && <span className="text-warn">{outcome.status === 'checking' ? 'unknown, checking' : 'sending'}</span>}
                    {outcome?.status === 'unknown' && <span className="text-warn">still unknown: {outcome.msg}</span>}
                    {outcome?.status === 'rejected' && (
                      <span className="text-sell">
                        rejected: {outcome.msg} ({outcome.code})
                      </span>
                    )}
                  </td>
                  <td>
                    <button type="button" aria-label={`Remove row ${n}`} disabled={rows.length === 1} onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))} className="px-1 text-muted hover:text-fg disabled:opacity-30">
                      ×
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="flex items-center gap-2">
        <button type="button" disabled={rows.length >= MAX_BATCH} onClick={() => setRows((rs) => [...rs, emptyRow()])} className="rounded border border-line px-2 py-1 hover:bg-raised disabled:opacity-40">
          Add row
        </button>
        <button type="submit" disabled={sending || !gate.granted} aria-describedby={gate.reason ? deniedId : undefined} className="rounded bg-accent px-2 py-1 text-accent-fg disabled:opacity-50">
          Place batch ({rows.length})
        </button>
        {gate.reason && (
          <span id={deniedId} className="text-muted">
            {gate.reason}
          </span>
        )}
        {message && (
          <span role={message.ok ? 'status' : 'alert'} className={message.ok ? 'text-buy' : 'text-sell'}>
            {message.text}
          </span>
        )}
      </div>
    </form>
  );
}

/** A row's size, named in its unit: an amount of the quote coin for a spot market buy, else a quantity of the base coin. */
function SizeCell({ n, quote, meta, invalid, value, onChange }: { n: number; quote: boolean; meta: InstrumentMeta; invalid: boolean; value: string; onChange(v: string): void }) {
  const coin = quote ? meta.quoteCoin : meta.baseCoin;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <input aria-label={`Row ${n} ${quote ? 'amount' : 'quantity'} (${coin})`} aria-invalid={invalid ? true : undefined} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} className="w-20 rounded border border-line bg-surface px-1" />
      <span aria-hidden="true" className="text-muted">
        {coin}
      </span>
    </span>
  );
}
