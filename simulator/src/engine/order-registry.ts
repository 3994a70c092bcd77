// Engine-wide index of resting orders by orderId, for O(1) cancel and modify. Only resting
// orders are registered; a finished order is forgotten at once, because its history belongs
// to the accounts layer, not to the matcher.
//
// There is deliberately no per-account index on the hot path: keeping one costs every rest
// and every removal two extra random memory touches, while "open orders of an account" is a
// rare query that a scan of the resting orders answers in microseconds.
import { OrderNodePool, type OrderNode } from './order-node';

export class OrderRegistry {
  readonly byId = new Map<string, OrderNode>();
  readonly pool = new OrderNodePool();

  remember(node: OrderNode): void {
    this.byId.set(node.id, node);
  }

  forget(node: OrderNode): void {
    this.byId.delete(node.id);
  }

  /** In the order they came to rest (a re-queued order counts from its re-queue). */
  ofAccount(accountId: number): OrderNode[] {
    const out: OrderNode[] = [];
    for (const node of this.byId.values()) if (node.accountId === accountId) out.push(node);
    return out;
  }
}
