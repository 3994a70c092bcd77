// The DepthSource of a running simulator: instruments from its registry (margin shares
// the spot book), levels from its engine, and changes from the bus's `book.level` events.
import type { Simulator } from '../../server';
import { bookKeyOf } from '../../instruments/instrument-registry';
import type { DepthBookSpec, DepthSource, LevelChangeListener } from './depth-source';

export function simDepthSource(sim: Pick<Simulator, 'instruments' | 'engine' | 'bus'>): DepthSource {
  const specs = new Map<string, DepthBookSpec>();
  return {
    resolve(category, symbol) {
      const inst = sim.instruments.find(category, symbol);
      if (inst === undefined) return undefined;
      let spec = specs.get(inst.bookKey);
      if (spec === undefined) {
        const primary = sim.instruments.primaryOf(inst.bookKey);
        spec = { key: inst.bookKey, symbol: primary.symbol, category: primary.category, tickSize: primary.tickSize, lotSize: primary.lotSize };
        specs.set(inst.bookKey, spec);
      }
      return spec;
    },
    top(book, side, n) {
      return sim.engine.depth(book.key, side, n);
    },
    onLevelChange(listener: LevelChangeListener) {
      return sim.bus.on('book.level', (e) => listener(bookKeyOf(e.category, e.symbol), e.side === 'bid' ? 'buy' : 'sell', e.priceTicks, e.lots));
    },
    onSettled(listener) {
      return sim.bus.on('book.settled', (e) => listener(bookKeyOf(e.category, e.symbol)));
    },
  };
}
