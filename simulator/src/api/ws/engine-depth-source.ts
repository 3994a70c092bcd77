// A DepthSource over the matching engine: its `level_changed` events are exactly the
// per-level changes the publisher coalesces. The engine has a single listener, so whoever
// owns that listener forwards events here through `onEngineEvent`.
import type { EngineEvent } from '../../engine/engine-types';
import type { MatchingEngine } from '../../engine/matching-engine';
import type { DepthBookSpec, DepthSource, LevelChangeListener } from './depth-source';

export class EngineDepthSource implements DepthSource {
  private readonly listeners = new Set<LevelChangeListener>();

  constructor(
    private readonly engine: Pick<MatchingEngine, 'depth'>,
    private readonly books: (category: 'spot' | 'margin' | 'usdt-futures', symbol: string) => DepthBookSpec | undefined,
  ) {}

  resolve(category: 'spot' | 'margin' | 'usdt-futures', symbol: string): DepthBookSpec | undefined {
    return this.books(category, symbol);
  }

  top(book: DepthBookSpec, side: 'buy' | 'sell', n: number) {
    return this.engine.depth(book.key, side, n);
  }

  onLevelChange(listener: LevelChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Feed every engine event (or just the level changes) here. */
  onEngineEvent(e: EngineEvent): void {
    if (e.type !== 'level_changed') return;
    for (const l of this.listeners) l(e.symbol, e.side, e.priceTicks, e.totalLots);
  }
}
