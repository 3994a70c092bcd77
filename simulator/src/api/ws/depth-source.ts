// What the depth channels need from the simulator's books, kept narrow so the publisher is
// tested against a bare matching engine and wired to the full simulator by an adapter.
import type { Side } from '@contract/schemas/common';
import type { TradedCategory } from '@contract/schemas/common';


export interface DepthBookSpec {
  /** Identifies the book in level-change notifications (e.g. the engine's symbol). */
  key: string;
  symbol: string;
  /** Decides the cadence (spec 6.3: spot 200 ms, futures 150 ms). */
  category: TradedCategory;
  tickSize: string;
  lotSize: string;
}

export interface DepthLevelTicks {
  priceTicks: number;
  totalLots: number;
}

export type LevelChangeListener = (bookKey: string, side: Side, priceTicks: number, totalLots: number) => void;

export interface DepthSource {
  /** The book an instType and symbol name; undefined when there is no such instrument. */
  resolve(category: 'spot' | 'margin' | 'usdt-futures', symbol: string): DepthBookSpec | undefined;
  /** The best `n` levels of one side, best first (n may be Infinity). */
  top(book: DepthBookSpec, side: Side, n: number): readonly DepthLevelTicks[];
  /** Every change of a level's total size (0: the level is gone). Returns an unsubscribe. */
  onLevelChange(listener: LevelChangeListener): () => void;
  /** The end of one command that changed a book (all its level changes came before). Optional. */
  onSettled?(listener: (bookKey: string) => void): () => void;
}
