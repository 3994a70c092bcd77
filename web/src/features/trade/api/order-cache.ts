// Patching the unfilled-orders page in the react-query cache from order-channel pushes
// (ARCHITECTURE.md: private pushes patch the cache; spec 4.7 rule 1: the channel has no
// snapshot, so the page itself comes from GET unfilled-orders, refetched after every
// reconnect). A finished order (filled, canceled) stays in the page with its final
// state, so the panel can say what happened; the next refetch drops it.
import type { OrderRecord } from '@contract/schemas/orders';
import type { OrderPushItem } from '@contract/schemas/ws-private';

export interface OrderPageData {
  list: OrderRecord[];
  cursor: string;
}

const stateRank: Record<string, number> = { live: 0, new: 1, partially_filled: 2, filled: 3, canceled: 3 };

/** The page with each pushed order inserted or updated; pushes older than what is shown are ignored. */
export function applyOrderPushes(page: OrderPageData | undefined, items: readonly OrderPushItem[]): OrderPageData | undefined {
  if (!page) return page;
  let list = page.list;
  for (const item of items) {
    const i = list.findIndex((o) => o.orderId === item.orderId);
    const record = toRecord(item);
    if (i < 0) {
      list = [record, ...list];
      continue;
    }
    const current = list[i]!;
    if (isOlder(record, current)) continue;
    list = list.slice();
    list[i] = record;
  }
  return list === page.list ? page : { ...page, list };
}

/** The same order record without the fill fields a push carries. */
function toRecord(item: OrderPushItem): OrderRecord {
  const { tradeId: _t, execPrice: _p, execQty: _q, execValue: _v, tradeScope: _s, fee: _f, feeCoin: _c, ...record } = item;
  return record;
}

function isOlder(next: OrderRecord, current: OrderRecord): boolean {
  const nt = BigInt(/^\d+$/.test(next.updatedTime) ? next.updatedTime : '0');
  const ct = BigInt(/^\d+$/.test(current.updatedTime) ? current.updatedTime : '0');
  if (nt !== ct) return nt < ct;
  // Same millisecond: a terminal state is never undone by an earlier one.
  return (stateRank[next.state] ?? 0) < (stateRank[current.state] ?? 0);
}

export function isOpenState(state: string): boolean {
  return state === 'live' || state === 'new' || state === 'partially_filled';
}
