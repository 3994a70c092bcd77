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
  /** When its newest event came (ms). */
  at: number;
}

interface ToastState {
  toasts: Toast[];
  /**
   * Every notification of the page, newest first, as long as the page lives (the history
   * panel): one entry per toast, updated with it, kept after the toast has gone.
   */
  history: Toast[];
  /** Entries added since the history was last opened. */
  unread: number;
  push(t: ToastText): void;
  dismiss(id: number): void;
  markRead(): void;
  clearHistory(): void;
}

export const MAX_TOASTS = 3;
export const MAX_HISTORY = 200;
const LIFETIME_MS = 8_000;

export interface ToastTimers {
  set(cb: () => void, ms: number): unknown;
  clear(handle: unknown): void;
  now(): number;
}

const browserTimers: ToastTimers = { set: (cb, ms) => setTimeout(cb, ms), clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>), now: () => Date.now() };

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
    history: [],
    unread: 0,
    push: (t) => {
      const at = timers.now();
      const same = t.key === undefined ? undefined : get().toasts.find((x) => x.key === t.key);
      if (same) {
        const next = { ...t, id: same.id, updates: same.updates + 1, at };
        set((s) => ({ toasts: s.toasts.map((x) => (x.id === same.id ? next : x)), history: [next, ...s.history.filter((x) => x.id !== same.id)] }));
        arm(same.id, get().dismiss);
        return;
      }
      const id = nextId++;
      const toast = { ...t, id, updates: 1, at };
      set((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_TOASTS), history: [toast, ...s.history].slice(0, MAX_HISTORY), unread: s.unread + 1 }));
      arm(id, get().dismiss);
    },
    markRead: () => set({ unread: 0 }),
    clearHistory: () => set({ history: [], unread: 0 }),
    dismiss: (id) => {
      timers.clear(expiry.get(id));
      expiry.delete(id);
      set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) }));
    },
  }));
}

export const toastStore = createToastStore();
