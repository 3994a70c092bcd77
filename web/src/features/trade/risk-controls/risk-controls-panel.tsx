// One-click risk controls (issue 19): cancel all orders of the symbol or the category,
// close all positions, and the dead-man's switch with its countdown. Each asks once
// (Esc or Back declines) and then lists what happened to every order.
import { useEffect, useId, useRef, useState } from 'react';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useKeyDown } from '@web/lib/dom/use-key-down';
import { usePermissionGate } from '@web/lib/session/use-granted';
import type { SwitchState } from './dead-mans-switch';
import { riskQuestion, useRiskControls, type RiskAction } from './use-risk-controls';
import { ScrollRegion } from '@web/components/scroll-region';
import { SelectField } from '@web/components/select-field';
import { useNow } from '@web/lib/dom/use-now';

const countdowns = [10, 15, 20, 30, 45, 60] as const;

export function RiskControlsPanel({ meta }: { meta: InstrumentMeta }) {
  const model = useRiskControls(meta);
  const gate = usePermissionGate('trade.write', 'use the risk controls');
  const deniedId = useId();
  const [seconds, setSeconds] = useState<number>(10);
  const denied = gate.reason !== undefined;
  const button = (label: string, action: RiskAction, danger = true) => (
    <button
      type="button"
      disabled={denied || model.pending || model.asking !== null}
      aria-describedby={denied ? deniedId : undefined}
      onClick={() => model.ask(action)}
      className={`rounded border px-2 py-1 text-xs disabled:opacity-40 ${danger ? 'border-sell text-sell hover:bg-sell/10' : 'border-line hover:bg-raised'}`}
    >
      {label}
    </button>
  );
  const sw = model.switchState;
  const armed = sw.kind === 'armed' || sw.kind === 'arming';
  return (
    <section aria-labelledby="risk-title" className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id="risk-title" className="mb-2 text-sm font-semibold">
        Risk controls
      </h2>
      <div className="flex flex-wrap gap-1">
        {button(`Cancel all ${meta.symbol} orders`, { kind: 'cancel-symbol' })}
        {button(`Cancel all ${meta.category} orders`, { kind: 'cancel-category' })}
        {model.derivative && button('Close all positions', { kind: 'close-positions' })}
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium">Dead-man’s switch</span>
        <SelectField
          compact
          label="Countdown (seconds)"
          labelPosition="beside"
          value={seconds}
          disabled={armed}
          onChange={(e) => setSeconds(Number(e.target.value))}
          options={countdowns.map((s) => ({ value: String(s), label: `${s} s` }))}
        />
        {armed ? (
          <button type="button" onClick={model.disarm} className="rounded border border-line px-2 py-1 hover:bg-raised">
            Disarm
          </button>
        ) : (
          button('Arm', { kind: 'arm', seconds }, false)
        )}
      </div>
      <SwitchStatus sw={sw} />
      {denied && (
        <p id={deniedId} className="mt-1 text-xs text-muted">
          {gate.reason}
        </p>
      )}
      {model.asking && (
        <AskOnce question={riskQuestion(model.asking, meta)} onYes={model.confirm} onBack={model.back} />
      )}
      {model.pending && (
        <p role="status" className="mt-1 text-xs text-muted">
          Sending…
        </p>
      )}
      {model.outcome && (
        <div className="mt-2 text-xs">
          <p role="status" aria-label="Risk control outcome" className="font-medium">
            {model.outcome.action}: {model.outcome.error ? 'outcome unknown' : `${model.outcome.items.filter((i) => i.ok).length} of ${model.outcome.items.length} done`}
          </p>
          {model.outcome.error && (
            <p role="alert" className="text-sell">
              {model.outcome.error}
            </p>
          )}
          {model.outcome.note && <p className="text-muted">{model.outcome.note}</p>}
          {model.outcome.items.length > 0 && (
            <ScrollRegion label="Risk control results" className="max-h-40">
              <table aria-label="Risk control results" className="w-full tabular whitespace-nowrap [&_td]:pr-2 [&_th]:pr-2">
                <thead className="text-left text-muted">
                  <tr>
                    <th scope="col">Order</th>
                    <th scope="col">Client order ID</th>
                    <th scope="col">Outcome</th>
                  </tr>
                </thead>
                <tbody>
                  {model.outcome.items.map((i) => (
                    <tr key={i.orderId || i.clientOid} aria-label={`Result for order ${i.orderId}`}>
                      <td>{i.orderId || '—'}</td>
                      <td>{i.clientOid || '—'}</td>
                      <td className={i.ok ? 'text-buy' : 'text-sell'}>{i.text}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollRegion>
          )}
        </div>
      )}
    </section>
  );
}

/** The switch's state and a countdown that ticks each second while it is armed. */
function SwitchStatus({ sw }: { sw: SwitchState }) {
  const now = useNow(sw.kind === 'armed' ? 250 : null);
  if (sw.kind === 'off') return null;
  if (sw.kind === 'arming')
    return (
      <p role="status" aria-label="Dead-man’s switch" className="mt-1 text-xs text-muted">
        Arming ({sw.seconds} s)…
      </p>
    );
  if (sw.kind === 'failed')
    return (
      <p role="alert" aria-label="Dead-man’s switch" className="mt-1 text-xs text-sell">
        Not armed: {sw.message}
      </p>
    );
  const left = Math.max(0, Math.ceil((sw.expiresAt - now) / 1000));
  return (
    <p role="status" aria-label="Dead-man’s switch" className="mt-1 text-xs text-warn">
      Armed: every open order is canceled in {left} s unless the desk re-arms it (it does every {Math.round(sw.seconds / 3)} s while this page is open).
      {sw.lastError && <span className="block text-sell">Last re-arm failed: {sw.lastError}; retrying.</span>}
    </p>
  );
}

/** Asks once: Yes takes the focus when it opens, and Esc goes back without sending anything. */
function AskOnce({ question, onYes, onBack }: { question: string; onYes(): void; onBack(): void }) {
  const dialog = useRef<HTMLDivElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  useKeyDown(dialog, (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onBack();
    }
  });
  return (
    <div ref={dialog} role="alertdialog" aria-label="Confirm risk control" className="mt-2 rounded border border-warn p-2 text-xs">
      <p>{question}</p>
      <div className="mt-2 flex gap-2">
        <button ref={yes} type="button" onClick={onYes} className="rounded bg-accent px-3 py-1 text-accent-fg">
          Yes
        </button>
        <button type="button" onClick={onBack} className="rounded border border-line px-3 py-1">
          Back
        </button>
      </div>
    </div>
  );
}
