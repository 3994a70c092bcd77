// The desk's side of the dead-man's switch (trade.md, CountDown Cancel All): while the
// trader wants it, the desk arms the exchange's countdown and re-arms it well before it
// runs out (every third of the window, so two lost calls still leave time). If the
// browser or the proxy goes away the re-arming stops and the exchange cancels every open
// order at expiry. The loop lives outside React, so it keeps running while the trader
// moves between screens; only Disarm or closing the page stops it.
import { createStore } from 'zustand/vanilla';

export type SwitchState =
  | { kind: 'off' }
  | { kind: 'arming'; seconds: number }
  /** Armed: the exchange cancels everything at `expiresAt` (local ms) unless re-armed. */
  | { kind: 'armed'; seconds: number; expiresAt: number; lastError: string }
  | { kind: 'failed'; message: string };

export interface SwitchDeps {
  /** countdown-cancel-all with "N" (seconds) or "0" (off). */
  send(countdown: string): Promise<void>;
  now(): number;
  setTimer(cb: () => void, ms: number): unknown;
  clearTimer(handle: unknown): void;
}

/** How often to re-arm a window of `seconds`: a third of it, never more often than the 1/s limit. */
export function rearmEveryMs(seconds: number): number {
  return Math.max(1000, Math.floor((seconds * 1000) / 3));
}

export function createSwitchStore(deps: SwitchDeps) {
  let timer: unknown = null;
  let generation = 0;
  const store = createStore<SwitchState & { arm(seconds: number): Promise<void>; disarm(): Promise<void> }>()((set, get) => {
    const stopTimer = () => {
      if (timer !== null) deps.clearTimer(timer);
      timer = null;
    };
    const beat = async (seconds: number, gen: number) => {
      const sentAt = deps.now();
      try {
        await deps.send(String(seconds));
        if (gen !== generation) return;
        set({ kind: 'armed', seconds, expiresAt: sentAt + seconds * 1000, lastError: '' });
      } catch (e) {
        if (gen !== generation) return;
        const message = e instanceof Error ? e.message : String(e);
        const s = get();
        // Still armed on the exchange until the last acknowledged expiry: say so, keep trying.
        if (s.kind === 'armed') set({ ...s, lastError: message });
        else {
          set({ kind: 'failed', message });
          return;
        }
      }
      if (gen !== generation) return;
      timer = deps.setTimer(() => void beat(seconds, gen), rearmEveryMs(seconds));
    };
    return {
      kind: 'off',
      arm: async (seconds) => {
        stopTimer();
        const gen = ++generation;
        set({ kind: 'arming', seconds });
        await beat(seconds, gen);
      },
      disarm: async () => {
        stopTimer();
        generation++;
        set({ kind: 'off' });
        await deps.send('0');
      },
    };
  });
  return store;
}
