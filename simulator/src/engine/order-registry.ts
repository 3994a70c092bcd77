// Engine-wide indexes of resting orders: by orderId (O(1) cancel and modify) and by account.
// Only resting orders are registered; a finished order is forgotten at once, because its
// history belongs to the accounts layer, not to the matcher.
import { AccountOrders } from './account-orders';
import { OrderNodePool, type OrderNode } from './order-node';

export class OrderRegistry {
  readonly byId = new Map<string, OrderNode>();
  readonly pool = new OrderNodePool();
  private readonly accounts = new Map<number, AccountOrders>();

  remember(node: OrderNode): void {
    this.byId.set(node.id, node);
    let orders = this.accounts.get(node.accountId);
    if (orders === undefined) {
      orders = new AccountOrders();
      this.accounts.set(node.accountId, orders);
    }
    orders.add(node);
  }

  forget(node: OrderNode): void {
    this.byId.delete(node.id);
    node.account?.remove(node);
  }

  /** Newest first. */
  ofAccount(accountId: number): OrderNode[] {
    const out: OrderNode[] = [];
    for (let n = this.accounts.get(accountId)?.head ?? null; n !== null; n = n.accountNext) out.push(n);
    return out;
  }
}
