// The checks behind "an order list can never disagree with the balances" (issue 3): every
// coin's locked amount is exactly what the pending orders hold, terminal orders hold
// nothing, every pending order rests in the engine with the same remaining size, and no
// resting order is unknown to the order list. Tests call it after every operation.
import type { AccountStore } from './accounts/account-store';
import type { MatchingEngine } from './engine/matching-engine';
import type { OrderService } from './trading/order-service';
import { isPending } from './trading/sim-order';
import { fmtMoney } from './core/money';

export function invariantViolations(accounts: AccountStore, orders: OrderService, engine: MatchingEngine): string[] {
  const problems: string[] = [];
  for (const a of accounts.all()) {
    const held = new Map<string, bigint>();
    for (const o of orders.pendingOf(a.uid)) {
      held.set(o.lockCoin, (held.get(o.lockCoin) ?? 0n) + o.lockRemaining);
      const resting = engine.order(o.orderId);
      if (!resting) problems.push(`pending order ${o.orderId} of ${a.uid} is not in the book`);
      else if (resting.remainingLots !== o.lots - o.filledLots) {
        problems.push(`order ${o.orderId}: book has ${resting.remainingLots} lots open, the order list ${o.lots - o.filledLots}`);
      }
    }
    for (const [coin, b] of a.balances) {
      const expected = held.get(coin) ?? 0n;
      if (b.locked !== expected) problems.push(`${a.uid} ${coin}: locked ${fmtMoney(b.locked)} but pending orders hold ${fmtMoney(expected)}`);
      if (b.locked < 0n) problems.push(`${a.uid} ${coin}: negative lock`);
      if (b.balance < b.locked) problems.push(`${a.uid} ${coin}: balance ${fmtMoney(b.balance)} below locked ${fmtMoney(b.locked)}`);
    }
    for (const [coin, amount] of held) {
      if (amount !== 0n && !a.balances.has(coin)) problems.push(`${a.uid} ${coin}: orders hold ${fmtMoney(amount)} of a coin with no balance`);
    }
    for (const resting of engine.ordersOf(a.uid)) {
      const o = orders.orders.get(resting.orderId);
      if (!o || !isPending(o)) problems.push(`book holds ${resting.orderId} that the order list shows as ${o?.state ?? 'unknown'}`);
    }
  }
  for (const o of orders.orders.values()) {
    if (!isPending(o) && o.lockRemaining !== 0n) problems.push(`terminal order ${o.orderId} still holds ${fmtMoney(o.lockRemaining)}`);
  }
  return problems;
}
