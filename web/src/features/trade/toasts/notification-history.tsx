// The notification history (issue 19, Notifications): a toast lasts seconds, so every one
// is also kept here for the life of the page, newest first, with its time. The header
// button shows how many arrived since it was last opened. The panel sits above the toasts.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from '@web/lib/dom/use-dismiss';
import { useStore } from 'zustand';
import { formatClock } from '@web/lib/format/format-time';
import { toastStore } from './toast-store';

const toneText: Record<string, string> = { success: 'text-buy', info: 'text-accent', warning: 'text-warn', error: 'text-sell' };

export function NotificationHistory() {
  const history = useStore(toastStore, (s) => s.history);
  const unread = useStore(toastStore, (s) => s.unread);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);
  // What arrives while the history is open is read as it arrives.
  useEffect(() => {
    if (open) toastStore.getState().markRead();
  }, [open, history.length]);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Notifications${unread > 0 ? `, ${unread} new` : ''}`}
        onClick={() => setOpen((v) => !v)}
        className="inline-flex items-center gap-1 rounded border border-line px-2 py-1 text-sm hover:bg-raised"
      >
        {/* Drawn, not an emoji: a browser without an emoji font shows an empty box. */}
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round">
          <path d="M8 1.5a4 4 0 0 0-4 4v3L2.5 11h11L12 8.5v-3a4 4 0 0 0-4-4Z" />
          <path d="M6.5 13a1.5 1.5 0 0 0 3 0" />
        </svg>
        {unread > 0 && (
          <span aria-hidden="true" className="rounded-full bg-accent px-1.5 text-xs text-accent-fg">
            {unread}
          </span>
        )}
      </button>
      {open && (
        <section id={panelId} aria-label="Notification history" className="absolute right-0 top-full z-[60] mt-1 w-80 max-w-[calc(100vw-1.5rem)] rounded-md border border-line bg-panel p-2 shadow-lg">
          <div className="mb-1 flex items-center justify-between">
            <h2 className="text-sm font-semibold">Notifications</h2>
            <button type="button" disabled={history.length === 0} onClick={() => toastStore.getState().clearHistory()} className="text-xs text-muted underline disabled:opacity-40">
              Clear
            </button>
          </div>
          {history.length === 0 ? (
            <p className="text-xs text-muted">No notifications on this page yet.</p>
          ) : (
            <ol className="max-h-80 overflow-y-auto text-xs">
              {history.map((h) => (
                <li key={h.id} className="border-t border-line/40 py-1.5">
                  <p className="flex justify-between gap-2">
                    <span className={`font-semibold ${toneText[h.tone] ?? ''}`}>{h.title}</span>
                    <time dateTime={new Date(h.at).toISOString()} className="tabular text-muted">
                      {formatClock(h.at)}
                    </time>
                  </p>
                  <p className="text-muted">{h.body}</p>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </div>
  );
}
