// Why the exchange refuses a hold-mode switch (spec 4.5 set-hold-mode: all positions must
// be closed and no orders pending; spec 7 rule 7), said in terms of what the account holds.
import type { Position } from '@contract/schemas/account';
import { isOpenState } from '@contract/schemas/common';
import type { OrderRecord } from '@contract/schemas/orders';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What stands in the way of a hold-mode switch, or null when nothing does. */
export function holdModeBlockers(positions: readonly Position[], pending: readonly OrderRecord[]): string | null {
  const open = positions.filter((p) => /[1-9]/.test(p.total));
  const live = pending.filter((o) => isOpenState(o.state));
  if (open.length === 0 && live.length === 0) return null;
  const parts: string[] = [];
  if (open.length > 0) parts.push(`${plural(open.length, 'open position', 'open positions')} (${open.map((p) => `${p.symbol} ${p.posSide} ${p.total}`).join(', ')})`);
  if (live.length > 0) {
    const shown = live.slice(0, 3).map((o) => `${o.symbol} ${o.side} ${o.qty}${o.orderType === 'limit' ? ` @ ${o.price}` : ''}`);
    const more = live.length > 3 ? `, and ${live.length - 3} more` : '';
    parts.push(`${plural(live.length, 'pending order', 'pending orders')} (${shown.join(', ')}${more})`);
  }
  return `The hold mode can only change when no position is open and no order is pending. This account has ${parts.join(' and ')}. Close the positions and cancel the orders, then switch.`;
}
