// The symbol picker's list: one category tab at a time, filtered by what was typed.
import { categoryChoices, type InstrumentMeta, type TradeCategory } from '@web/lib/instruments/instrument-meta';

export const pickerTabs = categoryChoices;

export function filterInstruments(all: readonly InstrumentMeta[], category: TradeCategory, text: string): InstrumentMeta[] {
  const q = text.trim().toUpperCase().replace(/[^A-Z0-9]/g, '');
  return all
    .filter((m) => m.category === category && (q === '' || m.symbol.includes(q) || m.baseCoin.startsWith(q)))
    .sort((a, b) => (q !== '' && a.baseCoin.startsWith(q) !== b.baseCoin.startsWith(q) ? (a.baseCoin.startsWith(q) ? -1 : 1) : a.symbol.localeCompare(b.symbol)));
}

/** Arrow keys move within the list and wrap around. */
export function moveIndex(index: number, delta: number, length: number): number {
  if (length === 0) return 0;
  return (((index + delta) % length) + length) % length;
}
