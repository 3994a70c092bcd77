import { useStore } from 'zustand';
import { toastStore, type Toast } from './toast-store';

const tones: Record<Toast['tone'], string> = {
  success: 'border-buy',
  info: 'border-accent',
  warning: 'border-warn',
  error: 'border-sell',
};

/**
 * Order events, announced politely to screen readers; each can be dismissed. On a wide
 * screen they float at the top centre, over the charts, where no form control is (issue 19:
 * at the bottom right they covered the leverage controls). On a narrow one they are the
 * shell's bottom dock (AppShell): in the flow under the scrolling page, so they push the
 * page up rather than cover it; the dock scrolls itself past a third of the screen.
 */
export function ToastStack() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div role="region" aria-label="Notifications" className="flex max-h-[33dvh] shrink-0 flex-col gap-2 overflow-y-auto px-3 empty:hidden has-[>*]:border-t has-[>*]:border-line has-[>*]:py-2 lg:pointer-events-none lg:fixed lg:top-24 lg:left-1/2 lg:z-50 lg:max-h-none lg:w-80 lg:-translate-x-1/2 lg:overflow-visible lg:border-0 lg:px-0 lg:py-0">
      {toasts.map((t) => (
        <div key={t.id} role={t.tone === 'error' || t.tone === 'warning' ? 'alert' : 'status'} className={`pointer-events-auto rounded-md border-l-4 bg-raised p-3 shadow-lg ${tones[t.tone]}`}>
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-semibold">{t.title}</p>
            <button type="button" aria-label="Dismiss notification" className="text-muted hover:text-fg" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
          <p className="text-sm text-muted">{t.body}</p>
        </div>
      ))}
    </div>
  );
}
