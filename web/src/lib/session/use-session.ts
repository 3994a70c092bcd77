import { useStore } from 'zustand';
import { sessionStore } from './session-store';

export function useCurrentAccount(): string | null {
  return useStore(sessionStore, (s) => s.account);
}

export function useSetAccount(): (account: string) => void {
  return useStore(sessionStore, (s) => s.setAccount);
}
