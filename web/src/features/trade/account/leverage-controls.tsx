// Leverage for the market on screen and the account's hold mode (spec 2.9, 4.5). A
// refusal (e.g. hold mode with open orders, spec 7 rule 7) is shown with its reason
// right under the control that was used.
import { useState } from 'react';
import { isApiError } from '@web/lib/api/api-error';
import type { InstrumentMeta } from '@web/lib/instruments/instrument-meta';
import { useSetHoldMode, useSetLeverage, useSettings } from '../api/trade-api';

export function LeverageControls({ meta }: { meta: InstrumentMeta }) {
  const settings = useSettings();
  const setLeverage = useSetLeverage();
  const setHoldMode = useSetHoldMode();
  const margin = meta.category === 'margin';
  const current = margin
    ? settings.data?.coinConfigList.find((c) => c.coin === meta.baseCoin)?.leverage
    : settings.data?.symbolConfigList.find((c) => c.symbol === meta.symbol && c.category === meta.category)?.leverage;
  const [leverage, setLeverageText] = useState(current ?? '');
  // A new figure from the exchange replaces the field's text (adjusted during render, not in an effect).
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setLeverageText(current ?? '');
  }
  const holdMode = settings.data?.holdMode;
  const [leverageMsg, setLeverageMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [holdMsg, setHoldMsg] = useState<{ ok: boolean; text: string } | null>(null);

  if (meta.category === 'spot') return null;
  const max = meta.maxLeverage ? Number(meta.maxLeverage) : 125;

  const leverageOk = (text: string) => /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= max;
  const saveLeverage = async () => {
    if (!leverageOk(leverage)) {
      setLeverageMsg({ ok: false, text: `Leverage must be a whole number from 1 to ${max}` });
      return;
    }
    try {
      await setLeverage.mutateAsync(margin ? { category: 'MARGIN', coin: meta.baseCoin, leverage } : { category: 'USDT-FUTURES', symbol: meta.symbol, leverage });
      setLeverageMsg({ ok: true, text: `Leverage set to ${leverage}x` });
    } catch (e) {
      setLeverageMsg({ ok: false, text: `Refused: ${refusal(e)}` });
    }
  };

  const switchHold = async () => {
    const next = holdMode === 'hedge_mode' ? 'one_way_mode' : 'hedge_mode';
    try {
      await setHoldMode.mutateAsync({ holdMode: next });
      setHoldMsg({ ok: true, text: `Hold mode is now ${next === 'hedge_mode' ? 'hedge' : 'one-way'}` });
    } catch (e) {
      setHoldMsg({ ok: false, text: `Refused: ${refusal(e)}` });
    }
  };

  return (
    <section aria-labelledby="leverage-title" className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id="leverage-title" className="mb-2 text-sm font-semibold">
        Leverage and hold mode
      </h2>
      <form
        aria-label="Leverage"
        onSubmit={(e) => {
          e.preventDefault();
          void saveLeverage();
        }}
        className="flex items-end gap-2"
      >
        <label className="flex flex-col text-xs text-muted">
          Leverage ({margin ? meta.baseCoin : meta.symbol}, max {max}x)
          <input aria-label="Leverage" inputMode="numeric" value={leverage} onChange={(e) => {
              setLeverageText(e.target.value);
              // A refusal of the old value no longer applies once a valid one is typed (issue 19).
              if (leverageOk(e.target.value)) setLeverageMsg((m) => (m && !m.ok ? null : m));
            }} className="w-20 rounded border border-line bg-surface px-2 py-1 text-fg" />
        </label>
        <button type="submit" disabled={setLeverage.isPending} className="rounded border border-line px-2 py-1 text-xs hover:bg-raised">
          Set leverage
        </button>
      </form>
      {leverageMsg && (
        <p role={leverageMsg.ok ? 'status' : 'alert'} className={`mt-1 text-xs ${leverageMsg.ok ? 'text-buy' : 'text-sell'}`}>
          {leverageMsg.text}
        </p>
      )}
      <div className="mt-3 flex items-center gap-2">
        <span className="text-xs text-muted">
          Hold mode: <span aria-label="Hold mode">{holdMode === 'hedge_mode' ? 'hedge' : holdMode === 'one_way_mode' ? 'one-way' : '…'}</span>
        </span>
        <button type="button" disabled={!holdMode || setHoldMode.isPending} onClick={() => void switchHold()} className="rounded border border-line px-2 py-1 text-xs hover:bg-raised">
          Switch to {holdMode === 'hedge_mode' ? 'one-way' : 'hedge'} mode
        </button>
      </div>
      {holdMsg && (
        <p role={holdMsg.ok ? 'status' : 'alert'} className={`mt-1 text-xs ${holdMsg.ok ? 'text-buy' : 'text-sell'}`}>
          {holdMsg.text}
        </p>
      )}
    </section>
  );
}

function refusal(e: unknown): string {
  return isApiError(e) ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
}
