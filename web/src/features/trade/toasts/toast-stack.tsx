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
 * screen they sit at the top centre, over the charts, where no form control is (issue 19:
 * at the bottom right they covered the leverage controls); on a narrow one, where the
 * order form comes first, at the bottom.
 */
export function ToastStack() {
  const toasts = useStore(toastStore, (s) => s.toasts);
  const dismiss = useStore(toastStore, (s) => s.dismiss);
  return (
    <div role="region" aria-label="Notifications" className="pointer-events-none fixed bottom-3 left-1/2 z-50 flex w-80 max-w-[calc(100vw-1.5rem)] -translate-x-1/2 flex-col gap-2 lg:top-24 lg:bottom-auto">
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
