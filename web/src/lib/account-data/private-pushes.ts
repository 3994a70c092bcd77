// What a private push means for the account's data (spec 6.2), as pure functions: which
// lists it makes stale, and how a position push changes the cached positions.
import type { Assets, Position } from '@contract/schemas/account';
import type { OrderPushItem } from '@contract/schemas/ws-private';

export interface OrderPushEffect {
  /** A fill happened: fills, financial records, balances and positions moved. */
  filled: boolean;
  /** An order reached a final state: it now belongs in the order history. */
  finished: boolean;
}

export function orderPushEffect(items: readonly OrderPushItem[]): OrderPushEffect {
  let filled = false;
  let finished = false;
  for (const item of items) {
    if (item.tradeId !== undefined || item.execQty !== undefined || item.state === 'filled' || item.state === 'partially_filled') filled = true;
    if (item.state === 'filled' || item.state === 'canceled') finished = true;
  }
  return { filled, finished };
}

/**
 * True when a coin's balance moved between two account pushes (a transfer, a fill, a
 * fee), which writes a financial record. The account channel also pushes when only the
 * USD valuation moved; that writes none.
 */
export function balancesMoved(before: Assets | undefined, after: Assets): boolean {
  if (!before) return false;
  const old = new Map(before.assets.map((a) => [a.coin, a.balance]));
  if (old.size !== after.assets.length) return true;
  return after.assets.some((a) => old.get(a.coin) !== a.balance);
}

export const positionKey = (p: Pick<Position, 'category' | 'symbol' | 'posSide'>) => `${p.category.toLowerCase()}:${p.symbol}:${p.posSide}`;

/**
 * Applies a position push: a snapshot replaces the list (all non-zero positions, spec
 * 6.2); an update replaces the positions it names, and one with total zero is closed.
 */
export function applyPositionPush(old: { list: Position[] } | undefined, pushed: readonly Position[], snapshot: boolean): { list: Position[] } | undefined {
  const open = (p: Position) => /[1-9]/.test(p.total);
  if (snapshot) return { list: pushed.filter(open) };
  if (!old) return old;
  const map = new Map(old.list.map((p) => [positionKey(p), p]));
  for (const p of pushed) {
    if (open(p)) map.set(positionKey(p), p);
    else map.delete(positionKey(p));
  }
  return { list: [...map.values()] };
}
