// A price level: a FIFO of resting orders as an intrusive doubly-linked list, oldest at the
// head (time priority), with the level's total kept current for depth queries.
import type { OrderNode } from './order-node';

export class PriceLevel {
  priceTicks = 0;
  side = 0;
  head: OrderNode | null = null;
  tail: OrderNode | null = null;
  totalLots = 0;
  orderCount = 0;

  /** Queues `node` at the back, holding `lots` open lots. */
  append(node: OrderNode, lots: number): void {
    node.level = this;
    node.prev = this.tail;
    node.next = null;
    if (this.tail === null) this.head = node;
    else this.tail.next = node;
    this.tail = node;
    this.totalLots += lots;
    this.orderCount++;
  }

  /** Unlinks `node`, which holds `lots` open lots, in O(1). */
  unlink(node: OrderNode, lots: number): void {
    const { prev, next } = node;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    node.prev = null;
    node.next = null;
    node.level = null;
    this.totalLots -= lots;
    this.orderCount--;
  }
}
