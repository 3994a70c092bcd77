// The open-orders check of the chaos test, with a failure that says exactly which orders
// differ and in what state each side holds them (issue 9: the screen must converge to the
// exchange's truth; when it doesn't, the diff is what there is to debug).
import type { SimOrder } from './chaos-sim';

/** One row of the panel: the name it carries (clientOid, else orderId) and its state. */
export interface ShownOrder {
  name: string;
  state: string;
}

const OPEN = new Set(['live', 'new', 'partially_filled']);
// The panel shows a state as a word ("Partially filled"); the simulator sends its name.
const isOpenShown = (state: string) => OPEN.has(state.toLowerCase().replace(/ /g, '_'));
const stateOf = (o: SimOrder) => o.state ?? o.orderStatus ?? '?';
const nameOf = (o: SimOrder) => o.clientOid || o.orderId;

/**
 * The differences between the open rows on screen and the simulator's open orders, one
 * line each; empty when they agree. `known` are all the simulator's orders (open and
 * history), to say what became of an order the screen still shows as open.
 */
export function openOrdersDiff(shown: readonly ShownOrder[], simOpen: readonly SimOrder[], known: readonly SimOrder[]): string[] {
  const shownOpen = new Map(shown.filter((s) => isOpenShown(s.state)).map((s) => [s.name, s] as const));
  const truth = new Map(simOpen.map((o) => [nameOf(o), o] as const));
  const byName = new Map(known.map((o) => [nameOf(o), o] as const));
  const lines: string[] = [];
  for (const [name, s] of shownOpen) {
    if (truth.has(name)) continue;
    const real = byName.get(name);
    lines.push(`${name}: on screen ${s.state}, simulator ${real ? `${stateOf(real)} (orderId ${real.orderId})` : 'has no such order'}`);
  }
  for (const [name, o] of truth) {
    if (shownOpen.has(name)) continue;
    const row = shown.find((s) => s.name === name);
    lines.push(`${name}: simulator ${stateOf(o)} (orderId ${o.orderId}), on screen ${row ? row.state : 'no row'}`);
  }
  return lines.sort();
}
