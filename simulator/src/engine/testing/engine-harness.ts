// Test support: an engine whose events are copied into an array (the engine reuses its event
// objects), plus terse order builders.
import { MatchingEngine } from '../matching-engine';
import type {
  CanceledEvent,
  EngineEvent,
  FillEvent,
  LimitOrderInput,
  MarketOrderInput,
  Side,
} from '../engine-types';

export const SYMBOL = 'BTCUSDT';

export interface Harness {
  engine: MatchingEngine;
  events: EngineEvent[];
  fills(): FillEvent[];
  cancels(): CanceledEvent[];
  /** Events recorded so far are dropped; handy after setting up a book. */
  clear(): void;
}

export function harness(): Harness {
  const engine = new MatchingEngine({ symbols: [SYMBOL] });
  const events: EngineEvent[] = [];
  engine.setListener((e) => events.push({ ...e }));
  return {
    engine,
    events,
    fills: () => events.filter((e): e is FillEvent => e.type === 'fill'),
    cancels: () => events.filter((e): e is CanceledEvent => e.type === 'canceled'),
    clear: () => {
      events.length = 0;
    },
  };
}

export function limit(
  orderId: string,
  side: Side,
  priceTicks: number,
  lots: number,
  extra: Partial<LimitOrderInput> = {},
): LimitOrderInput {
  return { type: 'limit', orderId, accountId: 1, stpGroup: 1, stpMode: 'none', side, priceTicks, lots, ...extra };
}

export function market(orderId: string, side: Side, size: { lots: number } | { quoteBudget: number }, extra: Partial<MarketOrderInput> = {}): MarketOrderInput {
  return { type: 'market', orderId, accountId: 1, stpGroup: 1, stpMode: 'none', side, ...size, ...extra };
}

/** Fills as compact tuples: [takerId, makerId, priceTicks, lots]. */
export function fillTuples(fills: FillEvent[]): [string, string, number, number][] {
  return fills.map((f) => [f.takerId, f.makerId, f.priceTicks, f.lots]);
}
