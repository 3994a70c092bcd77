// The TP/SL tab under the chart (issue 19, Protection): every pending take-profit and
// stop-loss of the futures category on screen, changed or cancelled from its row, and a
// form that puts one on an open position. Each change reports what the exchange said.
import { useId, useState, type ReactNode } from 'react';
import type { StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import { Button } from '@web/components/button';
import { ScrollRegion } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { TextField } from '@web/components/text-field';
import type { FuturesCategory } from '@contract/schemas/common';
import { usePositions, useStrategyHistory } from '@web/lib/account-data/account-queries';
import { describeError } from '@web/lib/api/describe-error';
import { formatDecimal } from '@web/lib/format/format-decimal';
import { formatClock } from '@web/lib/format/format-time';
import { tpslLegText } from '@web/lib/format/tpsl-leg-text';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { usePermissionGate } from '@web/lib/session/use-granted';
import type { TpslDraft } from '@web/lib/instruments/order-form-schema';
import { useStrategyOrders, type StrategyOrdersModel, type TpslErrors } from './use-strategy-orders';

type MetaOf = (o: { symbol: string; category?: string | undefined }) => InstrumentMeta | undefined;

const triggerOptions = [
  { value: 'market', label: 'Last price' },
  { value: 'mark', label: 'Mark price' },
];

interface Column {
  name: string;
  right?: boolean;
  /** Read by screen readers only (the actions column). */
  hidden?: boolean;
}

const pendingColumns: readonly Column[] = [{ name: 'Symbol' }, { name: 'Position' }, { name: 'Size', right: true }, { name: 'Take profit', right: true }, { name: 'Stop loss', right: true }, { name: 'Placed' }, { name: 'Actions', hidden: true }];
const historyColumns: readonly Column[] = [{ name: 'Symbol' }, { name: 'Position' }, { name: 'Take profit', right: true }, { name: 'Stop loss', right: true }, { name: 'Outcome' }, { name: 'Updated' }];

function HeadRow({ columns }: { columns: readonly Column[] }) {
  return (
    <thead className="text-left text-muted">
      <tr>
        {columns.map((c) => (
          <th key={c.name} scope="col" className={c.right ? 'text-right' : undefined}>
            {c.hidden ? <span className="sr-only">{c.name}</span> : c.name}
          </th>
        ))}
      </tr>
    </thead>
  );
}

const tpText = (o: StrategyOrderRecord, meta: InstrumentMeta | undefined) => tpslLegText({ price: o.takeProfit, by: o.tpTriggerBy, orderType: o.tpOrderType, limitPrice: o.tpLimitPrice }, meta?.priceScale);
const slText = (o: StrategyOrderRecord, meta: InstrumentMeta | undefined) => tpslLegText({ price: o.stopLoss, by: o.slTriggerBy, orderType: o.slOrderType, limitPrice: o.slLimitPrice }, meta?.priceScale);

export function StrategyOrdersPanel({ meta, metaOf }: { meta: InstrumentMeta; metaOf: MetaOf }) {
  const model = useStrategyOrders(meta);
  const gate = usePermissionGate('trade.write', 'set or change TP/SL');
  const deniedId = useId();
  const denied = gate.reason;
  return (
    <div className="flex flex-col gap-3">
      <SetTpslForm model={model} metaOf={metaOf} denied={denied} deniedId={deniedId} />
      {denied && (
        <p id={deniedId} className="text-xs text-muted">
          {denied}
        </p>
      )}
      {model.loadError && (
        <p role="alert" className="text-xs text-sell">
          TP/SL orders could not be loaded: {model.loadError}
        </p>
      )}
      <ScrollRegion label="Pending TP/SL">
        <table aria-label="Pending TP/SL" className="tabular w-full whitespace-nowrap text-xs [&_td]:py-1 [&_td]:pr-3 [&_th]:pr-3">
          <HeadRow columns={pendingColumns} />
          <tbody>
            {model.orders.length === 0 && (
              <tr>
                <td colSpan={7} className="text-muted">
                  {model.loading ? 'Loading…' : `No pending TP/SL on ${model.category}.`}
                </td>
              </tr>
            )}
            {model.orders.map((o) => (
              <StrategyRow key={o.orderId} order={o} meta={metaOf(o)} model={model} denied={denied} deniedId={deniedId} />
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <StrategyHistory category={model.category} metaOf={metaOf} />
    </div>
  );
}

const statusWords: Record<string, string> = { success: 'Triggered', failed: 'Failed', cancelled: 'Canceled', pending: 'Pending', submitting: 'Submitting' };

/** What became of the latest TP/SL: which side fired and when, or why it ended. */
function StrategyHistory({ category, metaOf }: { category: FuturesCategory; metaOf: MetaOf }) {
  const history = useStrategyHistory(category);
  const list = history.data?.list ?? [];
  return (
    <ScrollRegion label="TP/SL history" className="max-h-48">
      <table aria-label="TP/SL history" className="tabular w-full whitespace-nowrap text-xs [&_td]:py-1 [&_td]:pr-3 [&_th]:pr-3">
        <caption className="mb-1 text-left text-sm font-semibold">History</caption>
        <HeadRow columns={historyColumns} />
        <tbody>
          {list.length === 0 && (
            <tr>
              <td colSpan={6} className="text-muted">
                {history.isPending ? 'Loading…' : history.isError ? `TP/SL history could not be loaded: ${describeError(history.error)}` : 'No finished TP/SL yet.'}
              </td>
            </tr>
          )}
          {list.map((o) => {
            const meta = metaOf(o);
            const fired = o.status === 'success' ? (o.triggerType === 'stopLoss' ? ': stop loss' : o.triggerType === 'takeProfit' ? ': take profit' : '') : '';
            return (
              <tr key={o.orderId} aria-label={`TP/SL ${o.orderId}`} className="border-t border-line/40">
                <td>{o.symbol}</td>
                <td>{o.posSide === 'short' ? 'Short' : 'Long'}</td>
                <td className="text-right">{tpText(o, meta)}</td>
                <td className="text-right">{slText(o, meta)}</td>
                <td aria-label="Outcome" className={o.status === 'failed' ? 'text-sell' : o.status === 'success' ? 'text-buy' : 'text-muted'}>
                  {(statusWords[o.status] ?? o.status) + fired}
                </td>
                <td>{formatClock(o.updatedTime)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function StrategyRow({ order: o, meta, model, denied, deniedId }: { order: StrategyOrderRecord; meta: InstrumentMeta | undefined; model: StrategyOrdersModel; denied: string | undefined; deniedId: string }) {
  const [editing, setEditing] = useState(false);
  const [outcome, setOutcome] = useState<TpslErrors | null>(null);
  const name = `${o.symbol} ${o.posSide}`;
  return (
    <>
      <tr aria-label={`TP/SL ${name}`} className="border-t border-line/40">
        <td>{o.symbol}</td>
        <td className={o.posSide === 'short' ? 'text-sell' : 'text-buy'}>{o.posSide === 'short' ? 'Short' : 'Long'}</td>
        <td className="text-right">
          {formatDecimal(o.qty, { scale: meta?.sizeScale })} {meta?.baseCoin ?? ''}
        </td>
        <td className="text-right" aria-label="Take profit">
          {tpText(o, meta)}
        </td>
        <td className="text-right" aria-label="Stop loss">
          {slText(o, meta)}
        </td>
        <td>{formatClock(o.createdTime)}</td>
        <td className="flex gap-1">
          <button type="button" aria-label={`Edit TP/SL ${name}`} disabled={!!denied || !meta} aria-describedby={denied ? deniedId : undefined} onClick={() => setEditing((v) => !v)} className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-40">
            Edit
          </button>
          <button
            type="button"
            aria-label={`Cancel TP/SL ${name}`}
            disabled={!!denied || model.busy === `cancel:${o.orderId}`}
            aria-describedby={denied ? deniedId : undefined}
            onClick={() => void model.cancel(o).then(setOutcome)}
            className="rounded border border-line px-2 py-0.5 hover:bg-raised disabled:opacity-40"
          >
            Cancel
          </button>
        </td>
      </tr>
      {outcome?.form && !editing && (
        <tr>
          <td colSpan={7}>
            <p role="alert" className="text-sell">
              Not canceled: {outcome.form}
            </p>
          </td>
        </tr>
      )}
      {editing && meta && (
        <tr>
          <td colSpan={7} className="pb-2">
            <TpslEditor
              label={`Change TP/SL ${name}`}
              initial={{
                takeProfit: o.takeProfit,
                stopLoss: o.stopLoss,
                triggerBy: o.tpTriggerBy === 'mark' || o.slTriggerBy === 'mark' ? 'mark' : 'market',
                tpLimitPrice: o.tpOrderType === 'limit' ? o.tpLimitPrice : '',
                slLimitPrice: o.slOrderType === 'limit' ? o.slLimitPrice : '',
              }}
              quoteCoin={meta.quoteCoin}
              submitText="Save"
              busy={model.busy === `modify:${o.orderId}`}
              denied={denied}
              onSubmit={async (draft) => {
                const errors = await model.modify(o, draft, meta);
                if (!errors) setEditing(false);
                return errors;
              }}
              onCancel={() => setEditing(false)}
            />
          </td>
        </tr>
      )}
    </>
  );
}

/** TP, SL and the price they watch; the errors sit next to their fields, the exchange's refusal under the form. */
function TpslEditor({
  label,
  initial,
  quoteCoin,
  submitText,
  busy,
  denied,
  onSubmit,
  onCancel,
  children,
}: {
  label: string;
  initial: TpslDraft;
  quoteCoin: string;
  submitText: string;
  busy: boolean;
  denied: string | undefined;
  onSubmit(draft: TpslDraft): Promise<TpslErrors | null>;
  onCancel?: () => void;
  children?: ReactNode;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<TpslErrors>({});
  const [done, setDone] = useState(false);
  const change = (patch: Partial<TpslDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
    setDone(false);
  };
  return (
    <form
      aria-label={label}
      noValidate
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit(draft).then((errs) => {
          setErrors(errs ?? {});
          setDone(errs === null);
        });
      }}
    >
      {children}
      <TextField compact className="w-36" label={`Take profit (${quoteCoin})`} inputMode="decimal" autoComplete="off" value={draft.takeProfit} error={errors.takeProfit} onChange={(e) => change({ takeProfit: e.target.value })} />
      <TextField compact className="w-36" label={`Stop loss (${quoteCoin})`} inputMode="decimal" autoComplete="off" value={draft.stopLoss} error={errors.stopLoss} onChange={(e) => change({ stopLoss: e.target.value })} />
      <TextField compact className="w-36" label={`TP limit price (${quoteCoin})`} placeholder="market" inputMode="decimal" autoComplete="off" value={draft.tpLimitPrice ?? ''} error={errors.tpLimitPrice} onChange={(e) => change({ tpLimitPrice: e.target.value })} />
      <TextField compact className="w-36" label={`SL limit price (${quoteCoin})`} placeholder="market" inputMode="decimal" autoComplete="off" value={draft.slLimitPrice ?? ''} error={errors.slLimitPrice} onChange={(e) => change({ slLimitPrice: e.target.value })} />
      <SelectField compact label="Trigger on" value={draft.triggerBy} onChange={(e) => change({ triggerBy: e.target.value as TpslDraft['triggerBy'] })} options={triggerOptions} />
      <Button type="submit" className="py-1 text-xs" disabled={busy || !!denied}>
        {submitText}
      </Button>
      {onCancel && (
        <Button className="py-1 text-xs" onClick={onCancel}>
          Close
        </Button>
      )}
      {errors.form && (
        <p role="alert" className="w-full text-xs text-sell">
          Refused: {errors.form}
        </p>
      )}
      {done && !onCancel && (
        <p role="status" className="w-full text-xs text-buy">
          TP/SL set.
        </p>
      )}
    </form>
  );
}

/** Puts a TP/SL on one open position of the category (the whole position: its size follows the position). */
function SetTpslForm({ model, metaOf, denied }: { model: StrategyOrdersModel; metaOf: MetaOf; denied: string | undefined; deniedId: string }) {
  const positions = usePositions();
  const open = (positions.data?.list ?? []).filter((p) => p.category === model.category && /[1-9]/.test(p.total));
  const [picked, setPicked] = useState('');
  const key = (p: { symbol: string; posSide: string }) => `${p.symbol}:${p.posSide}`;
  const position = open.find((p) => key(p) === picked) ?? open[0];
  const meta = position ? metaOf(position) : undefined;
  if (!position || !meta) return <p className="text-xs text-muted">No open {model.category} position to protect.</p>;
  return (
    <TpslEditor
      key={key(position)}
      label="Set TP/SL on a position"
      initial={{ takeProfit: '', stopLoss: '', triggerBy: 'market' }}
      quoteCoin={meta.quoteCoin}
      submitText="Set TP/SL"
      busy={model.busy === `place:${position.symbol}:${position.posSide}`}
      denied={denied}
      onSubmit={(draft) => model.place(position, draft, meta)}
    >
      <SelectField
        compact
        label="Position"
        value={key(position)}
        onChange={(e) => setPicked(e.target.value)}
        options={open.map((p) => ({ value: key(p), label: `${p.symbol} ${p.posSide}, ${formatDecimal(p.total, { scale: metaOf(p)?.sizeScale })} at ${formatDecimal(p.avgPrice, { scale: metaOf(p)?.priceScale })}` }))}
      />
    </TpslEditor>
  );
}
