// The resting orders of one account, as an intrusive list threaded through the order nodes,
// so "all open orders of account X" needs no scan of the books and costs nothing to maintain.
import type { OrderNode } from './order-node';

export class AccountOrders {
  head: OrderNode | null = null;
  count = 0;

  add(node: OrderNode): void {
    node.account = this;
    node.accountPrev = null;
    node.accountNext = this.head;
    if (this.head !== null) this.head.accountPrev = node;
    this.head = node;
    this.count++;
  }

  remove(node: OrderNode): void {
    const { accountPrev, accountNext } = node;
    if (accountPrev === null) this.head = accountNext;
    else accountPrev.accountNext = accountNext;
    if (accountNext !== null) accountNext.accountPrev = accountPrev;
    node.account = null;
    node.accountPrev = null;
    node.accountNext = null;
    this.count--;
  }
}
