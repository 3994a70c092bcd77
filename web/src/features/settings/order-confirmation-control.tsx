// Order confirmation (issue 19, Protection): on by default above a notional the user
// chooses; remembered for this user by the proxy, in whatever browser they sign in
// (lib/preferences). A bad threshold is refused next to the field and the stored one is kept.
import { useId, useState } from 'react';
import { isDecimalString } from '@contract/core/decimal';
import { useConfirmationPref } from '@web/lib/preferences/order-confirmation';

export function OrderConfirmationControl() {
  const [pref, setPref, saveError] = useConfirmationPref();
  const [draft, setDraft] = useState(pref.threshold);
  // The proxy's copy can arrive after the screen opened: the field follows it.
  const [shown, setShown] = useState(pref.threshold);
  if (shown !== pref.threshold) {
    setShown(pref.threshold);
    setDraft(pref.threshold);
  }
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const id = useId();
  const save = () => {
    const text = draft.trim();
    if (!isDecimalString(text)) {
      setError('Threshold must be a number of USDT such as 1000 (0 confirms every order)');
      setSaved(false);
      return;
    }
    setError('');
    setPref({ ...pref, threshold: text });
    setSaved(true);
  };
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id={`${id}-title`} className="mb-2 font-semibold">
        Order confirmation
      </h2>
      <form
        aria-label="Order confirmation"
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={pref.enabled}
            onChange={(e) => {
              setPref({ ...pref, enabled: e.target.checked });
              setSaved(true);
            }}
          />
          Ask before sending large orders
        </label>
        <div className="flex flex-col gap-0.5">
          <label htmlFor={`${id}-threshold`} className="text-xs text-muted">
            Confirm orders above (notional, USDT)
          </label>
          <input
            id={`${id}-threshold`}
            inputMode="decimal"
            value={draft}
            disabled={!pref.enabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setDraft(e.target.value);
              setSaved(false);
            }}
            className="w-32 rounded border border-line bg-surface px-2 py-1 tabular disabled:opacity-50"
          />
        </div>
        <button type="submit" disabled={!pref.enabled} className="rounded border border-line px-3 py-1 hover:bg-raised disabled:opacity-40">
          Save threshold
        </button>
        {saved && !saveError && (
          <p role="status" className="text-xs text-muted">
            Saved for you, in every browser you sign in to.
          </p>
        )}
        {saveError && (
          <p role="alert" className="text-xs text-sell">
            Kept in this browser only: the desk did not save it ({saveError}).
          </p>
        )}
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-sell">
          {error}
        </p>
      )}
      <p className="mt-1 text-xs text-muted">The confirmation shows side, size, price, notional and fee; Esc cancels it. 0 asks for every order.</p>
    </section>
  );
}
