// One order, as the book holds it. The node is intrusive: it carries its own links in its
// price level's FIFO, so unlinking it (cancel, fill, STP) is O(1) and needs no search. Nodes are pooled and recycled, so steady-state matching allocates
// no order objects.
import { BUY, STP_CANCEL_MAKER, TIF_GTC } from './engine-codes';
import type { PriceLevel } from './price-level';
import type { MatchingBook } from './matching-book';

export class OrderNode {
  id = '';
  accountId = 0;
  stpGroup = 0;
  stpMode = STP_CANCEL_MAKER;
  side = BUY;
  tif = TIF_GTC;
  priceTicks = 0;
  /** Total ordered lots, filled lots included. */
  lots = 0;
  filled = 0;
  book: MatchingBook | null = null;
  level: PriceLevel | null = null;
  prev: OrderNode | null = null;
  next: OrderNode | null = null;
}

/** A free list of nodes. Released nodes are wiped so no stale link survives reuse. */
export class OrderNodePool {
  private readonly free: OrderNode[] = [];

  acquire(): OrderNode {
    return this.free.pop() ?? new OrderNode();
  }

  release(node: OrderNode): void {
    node.id = '';
    node.book = null;
    node.level = null;
    node.prev = null;
    node.next = null;
    this.free.push(node);
  }
}
