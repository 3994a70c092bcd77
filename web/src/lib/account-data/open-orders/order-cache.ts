// The open-orders page in the react-query cache, kept from order-channel pushes and
// unfilled-orders refetches (ARCHITECTURE.md: private pushes patch the cache; spec 4.7
// rule 1: the channel has no snapshot, so the page comes from GET unfilled-orders,
// refetched after every reconnect).
//
// Pushes may come late, twice or swapped (issue 9), and a refetch may be answered while
// pushes are still on their way, so neither may move an order backwards. Beside the page
// we keep what is known of each order: its newest report (compared by spec 3.1, see
// order-versions.ts), when it arrived relative to refetches, and tombstones for orders
// that are finished (a terminal push, or missing from a list fetched after we knew of
// them). Tombstones are kept for a bounded time and count. A finished order stays on
// the page with its final state (the panel says what happened) until the next refetch.
import type { OrderRecord } from '@contract/schemas/orders';
import { MAX_PAGE_LIMIT } from '@contract/schemas/pagination';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { isOpenState, isTerminalState } from '@contract/schemas/common';
import { compareOrderVersions, timeOf } from './order-versions';


export interface OrderPageData {
  list: OrderRecord[];
  cursor: string;
}

interface KnownOrder {
  /** The newest report of the order. */
  record: OrderRecord;
  /** The knowledge tick it arrived at (see OrderKnowledge.tick). */
  seenAt: number;
  /** Finished: a terminal report, or missing from a list fetched after we knew of it. */
  finished: boolean;
  /** When it finished (local milliseconds), to bound how long the tombstone is kept. */
  finishedAt: number;
}

export interface OrderKnowledge {
  orders: ReadonlyMap<string, KnownOrder>;
  /** Counts push batches and refetch starts: tells whether a report came before a refetch began. */
  tick: number;
  /** The newest updatedTime of any report so far: the exchange's clock had reached it. */
  newest: bigint;
  /** The exchange's clock had reached this when the last list was taken. */
  listedAfter: bigint;
  /** Refetches in a row that left orders to re-check (so re-checking stays bounded). */
  rechecks: number;
}

/** What a refetch remembers of the moment it began. */
export interface RefetchMark {
  tick: number;
  newest: bigint;
}

export const TOMBSTONE_LIMIT = 500;
export const TOMBSTONE_MS = 10 * 60_000;

export const emptyKnowledge: OrderKnowledge = { orders: new Map(), tick: 0, newest: 0n, listedAfter: 0n, rechecks: 0 };

/**
 * The page and the knowledge with each push applied that is news: a push older than, or
 * the same as, what is known is ignored, a finished order is never reopened, and an
 * open report of an unknown order that a list taken since did not hold is stale.
 * `applied` are the pushes that changed something (the ones worth a toast).
 */
export function applyOrderPushes(
  page: OrderPageData | undefined,
  knowledge: OrderKnowledge,
  items: readonly OrderPushItem[],
  now: number,
): { page: OrderPageData | undefined; knowledge: OrderKnowledge; applied: OrderPushItem[] } {
  const orders = new Map(knowledge.orders);
  let list = page?.list;
  let newest = knowledge.newest;
  const applied: OrderPushItem[] = [];
  for (const item of items) {
    const record = toRecord(item);
    const known = orders.get(record.orderId);
    if (known && (known.finished || compareOrderVersions(record, known.record) <= 0)) continue;
    // Strictly earlier: an order placed in the very millisecond the list was taken may be news.
    if (!known && isOpenState(record.state) && timeOf(record.updatedTime) < knowledge.listedAfter) continue;
    const finished = isTerminalState(record.state);
    orders.set(record.orderId, { record, seenAt: knowledge.tick, finished, finishedAt: now });
    if (timeOf(record.updatedTime) > newest) newest = timeOf(record.updatedTime);
    applied.push(item);
    if (list) list = upsert(list, record);
  }
  if (applied.length === 0) return { page, knowledge, applied };
  return {
    page: page && list !== page.list ? { ...page, list: list ?? [] } : page,
    knowledge: { ...knowledge, orders: pruneTombstones(orders, now), tick: knowledge.tick + 1, newest },
    applied,
  };
}

/** Marks the start of a refetch: reports that arrive from now on may be newer than its answer. */
export function beginRefetch(knowledge: OrderKnowledge): { knowledge: OrderKnowledge; mark: RefetchMark } {
  return { knowledge: { ...knowledge, tick: knowledge.tick + 1 }, mark: { tick: knowledge.tick, newest: knowledge.newest } };
}

/**
 * The page a refetch leads to. The list is authoritative for the orders it holds, unless
 * a report that arrived meanwhile is newer (a finished order stays finished). An open
 * order it does not hold is finished if we knew of it before the refetch began; one we
 * learned of since may have been placed after the list was taken, so it stays and is
 * named in `recheck` for another refetch, instead of being dropped or trusted. A full
 * page (spec 4.6) may leave older orders (lower IDs) to later pages: it settles none of
 * those, and says nothing of the time it was taken.
 */
export function mergeOrderList(
  knowledge: OrderKnowledge,
  fetched: OrderPageData,
  mark: RefetchMark,
  now: number,
): { page: OrderPageData; knowledge: OrderKnowledge; recheck: string[] } {
  const orders = new Map(knowledge.orders);
  const list: OrderRecord[] = [];
  const listed = new Set<string>();
  let listedAfter = mark.newest;
  for (const record of fetched.list) {
    listed.add(record.orderId);
    if (timeOf(record.updatedTime) > listedAfter) listedAfter = timeOf(record.updatedTime);
    const known = orders.get(record.orderId);
    if (known && isTerminalState(known.record.state)) continue;
    if (known && !known.finished && compareOrderVersions(known.record, record) > 0) {
      list.push(known.record);
      continue;
    }
    if (isTerminalState(record.state)) {
      orders.set(record.orderId, { record, seenAt: mark.tick, finished: true, finishedAt: now });
      continue;
    }
    orders.set(record.orderId, { record, seenAt: mark.tick, finished: false, finishedAt: 0 });
    list.push(record);
  }
  const lowest = fetched.list.length >= MAX_PAGE_LIMIT ? lowestId(fetched.list) : null;
  const recheck: string[] = [];
  for (const [id, known] of orders) {
    if (known.finished || listed.has(id)) continue;
    if (lowest !== null && idBelow(id, lowest)) {
      list.push(known.record);
    } else if (known.seenAt < mark.tick) {
      orders.set(id, { ...known, finished: true, finishedAt: now });
    } else {
      list.push(known.record);
      recheck.push(id);
    }
  }
  const newest = listedAfter > knowledge.newest ? listedAfter : knowledge.newest;
  return {
    page: { ...fetched, list },
    knowledge: {
      orders: pruneTombstones(orders, now),
      tick: knowledge.tick,
      newest,
      listedAfter: lowest === null && listedAfter > knowledge.listedAfter ? listedAfter : knowledge.listedAfter,
      rechecks: recheck.length > 0 ? knowledge.rechecks + 1 : 0,
    },
    recheck,
  };
}

/** Order IDs are numbers as text (compared as such); anything else compares as text. */
function idBelow(a: string, b: string): boolean {
  return /^\d{1,30}$/.test(a) && /^\d{1,30}$/.test(b) ? BigInt(a) < BigInt(b) : a < b;
}

function lowestId(list: readonly OrderRecord[]): string | null {
  let low: string | null = null;
  for (const o of list) if (low === null || idBelow(o.orderId, low)) low = o.orderId;
  return low;
}

function upsert(list: OrderRecord[], record: OrderRecord): OrderRecord[] {
  const i = list.findIndex((o) => o.orderId === record.orderId);
  if (i < 0) return [record, ...list];
  const next = list.slice();
  next[i] = record;
  return next;
}

/** Tombstones younger than TOMBSTONE_MS, at most TOMBSTONE_LIMIT of them (the newest). */
function pruneTombstones(orders: Map<string, KnownOrder>, now: number): Map<string, KnownOrder> {
  const tombs = [...orders].filter(([, k]) => k.finished);
  const expired = tombs.filter(([, k]) => now - k.finishedAt > TOMBSTONE_MS);
  const excess = tombs.length - expired.length - TOMBSTONE_LIMIT;
  if (expired.length === 0 && excess <= 0) return orders;
  for (const [id] of expired) orders.delete(id);
  if (excess > 0) {
    const live = tombs.filter(([, k]) => now - k.finishedAt <= TOMBSTONE_MS).sort(([, a], [, b]) => a.finishedAt - b.finishedAt);
    for (const [id] of live.slice(0, excess)) orders.delete(id);
  }
  return orders;
}

/** The same order record without the fill fields a push carries. */
function toRecord(item: OrderPushItem): OrderRecord {
  const { tradeId: _t, execPrice: _p, execQty: _q, execValue: _v, tradeScope: _s, fee: _f, feeCoin: _c, ...record } = item;
  return record;
}
