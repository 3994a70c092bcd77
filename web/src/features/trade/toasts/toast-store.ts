// Toasts of the trading screen: a small store outside React so the order channel can
// raise one without a component in the path.
import { createStore } from 'zustand/vanilla';
import type { ToastText } from './order-toast-text';

export interface Toast extends ToastText {
  id: number;
}

interface ToastState {
  toasts: Toast[];
  push(t: ToastText): void;
  dismiss(id: number): void;
}

let nextId = 1;
const MAX_TOASTS = 5;
const LIFETIME_MS = 8_000;

export const toastStore = createStore<ToastState>()((set, get) => ({
  toasts: [],
  push: (t) => {
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { ...t, id }].slice(-MAX_TOASTS) }));
    setTimeout(() => get().dismiss(id), LIFETIME_MS);
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) })),
}));
