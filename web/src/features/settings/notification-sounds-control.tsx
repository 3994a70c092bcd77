// Notification sounds (issue 19, Notifications): one switch per kind of event, all off by
// default, remembered for this user by the proxy (lib/preferences); "Play" lets the trader
// hear it first.
import { useId } from 'react';
import { playChime } from '@web/lib/dom/chime';
import { notificationEventLabels, notificationEvents, useSoundPref } from '@web/lib/preferences/notification-sounds';

export function NotificationSoundsControl() {
  const [pref, setPref, saveError] = useSoundPref();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-md border border-line bg-panel p-3 text-sm">
      <h2 id={`${id}-title`} className="mb-2 font-semibold">
        Notification sounds
      </h2>
      <fieldset className="flex flex-col gap-1.5">
        <legend className="sr-only">Play a sound when</legend>
        {notificationEvents.map((e) => (
          <div key={e} className="flex items-center gap-3">
            <label className="flex min-w-64 items-center gap-2">
              <input type="checkbox" checked={pref[e]} onChange={(ev) => setPref({ ...pref, [e]: ev.target.checked })} />
              {notificationEventLabels[e]}
            </label>
            <button type="button" aria-label={`Play the ${notificationEventLabels[e].toLowerCase()} sound`} onClick={() => playChime(e)} className="rounded border border-line px-2 py-0.5 text-xs hover:bg-raised">
              Play
            </button>
          </div>
        ))}
      </fieldset>
      {saveError && (
        <p role="alert" className="mt-1 text-xs text-sell">
          Kept in this browser only: the desk did not save it ({saveError}).
        </p>
      )}
      <p className="mt-1 text-xs text-muted">Off by default. Saved for you, in every browser you sign in to; every notification is also kept under the bell in the header.</p>
    </section>
  );
}
