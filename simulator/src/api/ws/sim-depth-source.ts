// The DepthSource of a running simulator: instruments from its registry (margin shares
// the spot book), levels from its engine, and changes from the bus's `book.level` events.
import type { TradedCategory } from '@contract/schemas/common';
import type { Simulator } from '../simulator-parts';
import { bookKeyOf } from '../../instruments/instrument-registry';
import type { DepthBookSpec, DepthSource, LevelChangeListener } from './depth-source';

export function simDepthSource(sim: Pick<Simulator, 'instruments' | 'engine' | 'bus'>): DepthSource {
  const specs = new Map<string, DepthBookSpec>();
  // The book key of every level event, without building the same string each time.
  const futuresKeys = new Map<string, string>();
  const spotKeys = new Map<string, string>();
  const keyOf = (category: TradedCategory, symbol: string): string => {
    const keys = category === 'usdt-futures' ? futuresKeys : spotKeys; // margin shares the spot book
    let key = keys.get(symbol);
    if (key === undefined) keys.set(symbol, (key = bookKeyOf(category, symbol)));
    return key;
  };
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
      return sim.bus.on('book.level', (e) => listener(keyOf(e.category, e.symbol), e.side === 'bid' ? 'buy' : 'sell', e.priceTicks, e.lots));
    },
    onSettled(listener) {
      return sim.bus.on('book.settled', (e) => listener(keyOf(e.category, e.symbol)));
    },
  };
}
