// Test support: a matching engine driven by seeded random limit, market and cancel
// commands around a mid price, with its level changes feeding an EngineDepthSource.
import { MatchingEngine } from '../../../engine/matching-engine';
import type { DepthBookSpec } from '../depth-source';
import { EngineDepthSource } from '../engine-depth-source';

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const BTC_SPOT: DepthBookSpec = { key: 'BTCUSDT', symbol: 'BTCUSDT', category: 'spot', tickSize: '0.01', lotSize: '0.0001' };
export const ETH_PERP: DepthBookSpec = { key: 'ETHUSDT_UMCBL', symbol: 'ETHUSDT', category: 'usdt-futures', tickSize: '0.5', lotSize: '0.01' };

export interface RandomFlow {
  engine: MatchingEngine;
  source: EngineDepthSource;
  /** Runs `n` random commands on one book. */
  step(book: DepthBookSpec, n: number): void;
}

export function randomFlow(seed: number, books: readonly DepthBookSpec[] = [BTC_SPOT, ETH_PERP]): RandomFlow {
  const engine = new MatchingEngine({ symbols: books.map((b) => b.key) });
  const source = new EngineDepthSource(engine, (category, symbol) =>
    books.find((b) => b.symbol === symbol && (b.category === category || (category === 'margin' && b.category === 'spot'))),
  );
  engine.setListener((e) => source.onEngineEvent(e));
  const rnd = mulberry32(seed);
  const live: string[] = [];
  let next = 0;
  const mid = 100_000;
  return {
    engine,
    source,
    step(book, n) {
      for (let i = 0; i < n; i++) {
        const r = rnd();
        const side = rnd() < 0.5 ? 'buy' : 'sell';
        if (r < 0.3 && live.length > 0) {
          const idx = Math.floor(rnd() * live.length);
          const id = live[idx]!;
          live[idx] = live[live.length - 1]!;
          live.pop();
          engine.cancel(id);
        } else if (r < 0.38) {
          engine.submit(book.key, { type: 'market', orderId: `m${next++}`, accountId: 1 + Math.floor(rnd() * 4), stpGroup: 0, stpMode: 'none', side, lots: 1 + Math.floor(rnd() * 20) });
        } else {
          // Mostly near the top, sometimes crossing by a few ticks.
          const offset = Math.floor(rnd() * 60) - 4;
          const priceTicks = side === 'buy' ? mid - offset : mid + offset;
          const id = `o${next++}`;
          engine.submit(book.key, { type: 'limit', orderId: id, accountId: 1 + Math.floor(rnd() * 4), stpGroup: 0, stpMode: 'none', side, priceTicks, lots: 1 + Math.floor(rnd() * 30) });
          if (engine.order(id) !== undefined) live.push(id);
        }
      }
    },
  };
}
