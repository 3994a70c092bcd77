// One simulator's faults mode: the current settings, the seeded source of every random
// choice, and the ledger. The REST hooks, the WebSocket wrapper and the admin routes share it.
import { SeededRandom } from '../core/seeded-random';
import type { Simulator } from '../api/simulator-parts';
import { FaultLedger } from './fault-ledger';
import { faultsOff, type FaultPatch, type FaultSettings } from './fault-config';

export class FaultsState {
  settings: FaultSettings;
  readonly ledger = new FaultLedger();
  private random: SeededRandom;
  private readonly listeners = new Set<(s: FaultSettings) => void>();

  constructor(initial: FaultSettings = faultsOff) {
    this.settings = { ...initial };
    this.random = new SeededRandom(initial.seed);
  }

  update(patch: FaultPatch): FaultSettings {
    this.settings = { ...this.settings, ...patch };
    if (patch.seed !== undefined) this.random = new SeededRandom(patch.seed);
    for (const l of this.listeners) l(this.settings);
    return this.settings;
  }

  onChange(listener: (s: FaultSettings) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True with probability `rate`, only while the mode is on. Draws even for rate 0 would shift the sequence, so they don't. */
  roll(rate: number): boolean {
    if (!this.settings.enabled || rate <= 0) return false;
    return this.random.next() < rate;
  }

  int(min: number, max: number): number {
    return max <= min ? min : this.random.int(min, max);
  }
}

const states = new WeakMap<Simulator, FaultsState>();

export function attachFaultsState(sim: Simulator, state: FaultsState): void {
  states.set(sim, state);
}

/** The faults mode of a simulator, if the faults extension is installed. */
export function faultsOf(sim: Simulator): FaultsState | undefined {
  return states.get(sim);
}
