// The hold-mode switch (spec 2.9: one-way or hedge). The exchange refuses it while a
// position is open or an order pending (spec 7 rule 7); the refusal is shown with the
// exchange's own message and the positions and orders that caused it.
import { useState } from 'react';
import type { Position } from '@contract/schemas/account';
import type { OrderRecord } from '@contract/schemas/orders';
import { isApiError } from '@web/lib/api/api-error';
import { holdModeBlockers } from './hold-mode-blockers';
import { useSetHoldMode } from '@web/lib/account-data/account-mutations';

const names = { one_way_mode: 'one-way', hedge_mode: 'hedge' } as const;

interface Props {
  holdMode: 'one_way_mode' | 'hedge_mode' | undefined;
  positions: readonly Position[];
  pending: readonly OrderRecord[];
}

export function HoldModeControl({ holdMode, positions, pending }: Props) {
  const setHoldMode = useSetHoldMode();
  const [outcome, setOutcome] = useState<{ ok: true; text: string } | { ok: false; exchange: string; why: string | null } | null>(null);
  const next = holdMode === 'hedge_mode' ? 'one_way_mode' : 'hedge_mode';
  const blockers = holdModeBlockers(positions, pending);

  const switchMode = async () => {
    setOutcome(null);
    try {
      await setHoldMode.mutateAsync({ holdMode: next });
      setOutcome({ ok: true, text: `Hold mode is now ${names[next]}.` });
    } catch (e) {
      const exchange = isApiError(e) ? `${e.message} (code ${e.code})` : e instanceof Error ? e.message : String(e);
      // What the account holds right now explains the refusal (the pending-order list
      // may lag a push by a moment; the exchange's message is authoritative).
      setOutcome({ ok: false, exchange, why: holdModeBlockers(positions, pending) });
    }
  };

  return (
    <section aria-labelledby="settings-hold" className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id="settings-hold" className="mb-2 font-semibold">
        Hold mode
      </h2>
      <p>
        Current hold mode: <span aria-label="Current hold mode" className="font-medium">{holdMode ? names[holdMode] : '…'}</span>
      </p>
      <p className="text-xs text-muted">One-way holds a long or a short per symbol; hedge holds both at once. The switch needs every position closed and no order pending.</p>
      {blockers && (
        <p className="mt-1 text-xs text-warn" aria-label="Hold mode precondition">
          {blockers}
        </p>
      )}
      <button type="button" disabled={!holdMode || setHoldMode.isPending} onClick={() => void switchMode()} className="mt-2 rounded border border-line px-3 py-1 hover:bg-raised disabled:opacity-50">
        Switch to {names[next]} mode
      </button>
      {outcome?.ok === true && (
        <p role="status" className="mt-2 text-buy">
          {outcome.text}
        </p>
      )}
      {outcome?.ok === false && (
        <div role="alert" aria-label="Hold mode refused" className="mt-2 rounded border border-sell p-2 text-xs">
          <p className="font-semibold text-sell">The exchange refused the switch: {outcome.exchange}</p>
          <p>{outcome.why ?? 'The exchange requires every position closed and no order pending before the hold mode changes.'}</p>
        </div>
      )}
    </section>
  );
}
