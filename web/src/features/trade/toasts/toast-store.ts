// Toasts: a small store outside React so the order channel can raise one without a
// component in the path. One toast per order (issue 19): a toast with the key of one
// already shown replaces its words in place and starts its lifetime again, so the four
// partial fills of one order are one toast that updates, not four.
import { createStore } from 'zustand/vanilla';
import type { ToastText } from './order-toast-text';

export interface Toast extends ToastText {
  id: number;
  /** How many events this toast has said (1 for a new one); the newest words are shown. */
  updates: number;
}

interface ToastState {
  toasts: Toast[];
  push(t: ToastText): void;
  dismiss(id: number): void;
}

export const MAX_TOASTS = 3;
const LIFETIME_MS = 8_000;

export interface ToastTimers {
  set(cb: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: ToastTimers = { set: (cb, ms) => setTimeout(cb, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>) };

export function createToastStore(timers: ToastTimers = browserTimers) {
  let nextId = 1;
  const expiry = new Map<number, unknown>();
  const arm = (id: number, dismiss: (id: number) => void) => {
    timers.clear(expiry.get(id));
    expiry.set(
      id,
      timers.set(() => dismiss(id), LIFETIME_MS),
    );
  };
  return createStore<ToastState>()((set, get) => ({
    toasts: [],
    push: (t) => {
      const same = t.key === undefined ? undefined : get().toasts.find((x) => x.key === t.key);
      if (same) {
        set((s) => ({ toasts: s.toasts.map((x) => (x.id === same.id ? { ...t, id: same.id, updates: same.updates + 1 } : x)) }));
        arm(same.id, get().dismiss);
        return;
      }
      const id = nextId++;
      set((s) => ({ toasts: [...s.toasts, { ...t, id, updates: 1 }].slice(-MAX_TOASTS) }));
      arm(id, get().dismiss);
    },
    dismiss: (id) => {
      timers.clear(expiry.get(id));
      expiry.delete(id);
      set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
    },
  }));
}

export const toastStore = createToastStore();
