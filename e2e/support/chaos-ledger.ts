// What the chaos script meant to do, and the comparison with what the simulator holds:
// each intended order is known by its clientOid (single orders, typed into the form) or
// by a price unique to it (batch rows, whose clientOids the grid generates).
import { compareDecimal } from '../../contract/core/decimal';
import type { SimOrder } from './chaos-sim';

export interface Intention {
  label: string;
  clientOid?: string;
  /** Batch rows: the row's price, unique within the run. */
  price?: string;
  /** What the order should be at the end. */
  finalState: 'open' | 'canceled';
}

export interface Tally {
  intended: number;
  inSimulator: number;
  duplicates: number;
  lost: number;
  wrongState: string[];
}

const OPEN = new Set(['live', 'new', 'partially_filled']);

/** `newOrders`: the orders the simulator holds now that it did not hold before the run. */
export function tally(intentions: readonly Intention[], newOrders: readonly SimOrder[]): Tally {
  const claimed = new Set<SimOrder>();
  let duplicates = 0;
  let lost = 0;
  const wrongState: string[] = [];
  for (const it of intentions) {
    const mine = newOrders.filter((o) => (it.clientOid !== undefined ? o.clientOid === it.clientOid : it.price !== undefined && compareDecimal(o.price, it.price) === 0));
    for (const o of mine) claimed.add(o);
    if (mine.length === 0) lost++;
    duplicates += Math.max(0, mine.length - 1);
    const state = mine[0]?.state ?? mine[0]?.orderStatus ?? '';
    if (mine.length > 0 && (it.finalState === 'open') !== OPEN.has(state)) wrongState.push(`${it.label}: expected ${it.finalState}, is ${state}`);
  }
  // An order nobody intended is a duplicate too (e.g. a retried batch row under a new clientOid).
  duplicates += newOrders.filter((o) => !claimed.has(o)).length;
  return { intended: intentions.length, inSimulator: claimed.size, duplicates, lost, wrongState };
}
