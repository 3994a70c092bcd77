// Which rows the open-orders panel shows. The cached page keeps an order that finished
// (filled, canceled) with its final state until the next read of the list (order-cache.ts),
// and that read may not come for the whole session: the order channel keeps the page
// current. Shown for good, finished rows piled up under a tab counting only open orders
// ("Open orders (0)" over two filled rows). So a finished row stays just long enough to
// say what happened, then leaves; the order history keeps it.
import { isOpenState } from '@contract/schemas/common';
import type { OrderRecord } from '@contract/schemas/orders';
import type { OrderKnowledge } from '@web/lib/account-data/open-orders/order-cache';

/** How long a finished order stays in the panel after it finished. */
export const FINISHED_ROW_MS = 10_000;

export interface ShownOrders {
  orders: OrderRecord[];
  /** When the next finished row leaves (local ms), or null when none is shown. */
  nextExpiry: number | null;
}

export function shownOrders(list: readonly OrderRecord[], knowledge: OrderKnowledge, now: number): ShownOrders {
  let nextExpiry: number | null = null;
  const orders = list.filter((o) => {
    if (isOpenState(o.state)) return true;
    const known = knowledge.orders.get(o.orderId);
    // Finished without our knowing when (its knowledge was pruned): long gone from view.
    if (!known?.finished) return false;
    const leaves = known.finishedAt + FINISHED_ROW_MS;
    if (leaves <= now) return false;
    nextExpiry = nextExpiry === null ? leaves : Math.min(nextExpiry, leaves);
    return true;
  });
  return { orders, nextExpiry };
}
