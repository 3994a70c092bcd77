// The one-click risk controls' logic (issue 19): what each control would do, asked once,
// then sent, with each order's outcome kept for the view. The dead-man's switch is one
// store for the page (dead-mans-switch.ts), bound to the account on screen.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from 'zustand';
import { endpoints } from '@contract/catalog/endpoints';
import type { RiskControlItem } from '@contract/schemas/risk-controls';
import { refreshAccountReads } from '@web/lib/account-data/account-queries';
import { describeError } from '@web/lib/api/describe-error';
import { callEndpoint } from '@web/lib/api/endpoint-client';
import { isDerivative, type InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { sessionStore } from '@web/lib/session/session-store';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { refreshOrders } from '../api/trade-api';
import { createSwitchStore } from './dead-mans-switch';

export type RiskAction = { kind: 'cancel-symbol' } | { kind: 'cancel-category' } | { kind: 'close-positions' } | { kind: 'arm'; seconds: number };

export interface RiskOutcome {
  action: string;
  /** Per order: what became of it; empty with `note` when there was nothing to do. */
  items: { orderId: string; clientOid: string; ok: boolean; text: string }[];
  note: string;
  error: string;
}

const categoryName = (c: string) => c.toUpperCase();

/** The question asked once before an action runs. */
export function riskQuestion(action: RiskAction, meta: Pick<InstrumentMeta, 'symbol' | 'category'>): string {
  switch (action.kind) {
    case 'cancel-symbol':
      return `Cancel every open order of ${meta.symbol} (${meta.category})?`;
    case 'cancel-category':
      return `Cancel every open order of every ${meta.category} market?`;
    case 'close-positions':
      return `Close every ${meta.category} position at market? Slippage applies.`;
    case 'arm':
      return `Arm the dead-man’s switch: if this desk stops re-arming it for ${action.seconds} s (page closed, connection or proxy gone), the exchange cancels every open order of the account.`;
  }
}

/** Each order's outcome in words: done, or the exchange's message and code. */
export function outcomeItems(list: readonly RiskControlItem[], done: string): RiskOutcome['items'] {
  return list.map((x) => ({ orderId: x.orderId, clientOid: x.clientOid, ok: !x.code || x.code === '00000', text: !x.code || x.code === '00000' ? done : `failed: ${x.msg ?? 'no message'} (${x.code})` }));
}

const deadMansSwitch = createSwitchStore({
  send: async (countdown) => {
    await callEndpoint(endpoints.countdownCancelAll, { countdown }, { account: sessionStore.getState().account ?? undefined });
  },
  now: () => Date.now(),
  setTimer: (cb, ms) => setTimeout(cb, ms),
  clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
});

export function useRiskControls(meta: InstrumentMeta) {
  const client = useQueryClient();
  const account = useCurrentAccount();
  const [asking, setAsking] = useState<RiskAction | null>(null);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<RiskOutcome | null>(null);
  const switchState = useStore(deadMansSwitch);

  const run = async (action: RiskAction) => {
    setAsking(null);
    if (action.kind === 'arm') {
      await switchState.arm(action.seconds);
      return;
    }
    setPending(true);
    const label = action.kind === 'close-positions' ? 'Close all positions' : action.kind === 'cancel-symbol' ? `Cancel all ${meta.symbol} orders` : `Cancel all ${meta.category} orders`;
    try {
      const opts = { account: account ?? undefined };
      const result =
        action.kind === 'close-positions'
          ? await callEndpoint(endpoints.closePositions, { category: categoryName(meta.category) }, opts)
          : await callEndpoint(endpoints.cancelSymbolOrder, { category: categoryName(meta.category), ...(action.kind === 'cancel-symbol' ? { symbol: meta.symbol } : {}) }, opts);
      const items = outcomeItems(result.list, action.kind === 'close-positions' ? 'closing order placed' : 'canceled');
      setOutcome({ action: label, items, note: items.length === 0 ? (action.kind === 'close-positions' ? 'There was no position to close.' : 'There was no open order to cancel.') : '', error: '' });
    } catch (e) {
      // An unknown outcome is said as such: the open orders are read again to show what is true.
      setOutcome({ action: label, items: [], note: '', error: `${describeError(e)}. Unknown, checking: the open orders and positions are read again.` });
    } finally {
      setPending(false);
      refreshOrders(client, account);
      refreshAccountReads(client, account);
    }
  };

  return {
    derivative: isDerivative(meta.category),
    asking,
    ask: (a: RiskAction) => setAsking(a),
    back: () => setAsking(null),
    confirm: () => (asking ? void run(asking) : undefined),
    pending,
    outcome,
    switchState,
    disarm: () =>
      void switchState.disarm().catch((e: unknown) => setOutcome({ action: 'Disarm the dead-man’s switch', items: [], note: '', error: `${describeError(e)}: the exchange may still cancel at expiry; try again.` })),
  };
}
