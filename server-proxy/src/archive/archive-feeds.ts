// What each archived feed is: the catalog endpoint it comes from, how that endpoint
// pages (a time window paged by number, or a cursor of IDs newest first), how long the
// exchange keeps serving it, and each record's own ID, time and filter reference.
import { endpoints, type EndpointId, type Permission, type ResponseOf } from '@contract/catalog/endpoints';
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import type { Feed } from './archive-store';

const DAY_MS = 24 * 3600 * 1000;

interface FeedBase<Id extends EndpointId> {
  feed: Feed;
  endpoint: Id;
  permission: Permission;
  idOf(row: ItemOf<Id>): string;
  timeOf(row: ItemOf<Id>): number;
  refOf(row: ItemOf<Id>): string;
}

type ItemOf<Id extends EndpointId> = ResponseOf<Id> extends Array<infer T> ? T : ResponseOf<Id> extends { list: Array<infer T> } ? T : never;

/** Queried by startTime/endTime and paged by pageNo; `windowMs`: how far back the exchange answers. */
export interface WindowFeed<Id extends EndpointId = EndpointId> extends FeedBase<Id> {
  kind: 'window';
  windowMs: number | undefined;
  /** How far back a first backfill starts when the exchange names no window. */
  horizonMs: number;
  chunkMs: number;
  pageSize: number;
}

/** Paged newest first by a cursor of IDs (spec 4.6); the exchange keeps all of it. */
export interface CursorFeed<Id extends EndpointId = EndpointId> extends FeedBase<Id> {
  kind: 'cursor';
  limit: number;
}

export type FeedDef = WindowFeed | CursorFeed;

const revisions: WindowFeed<'reviseHistory'> = {
  feed: 'revisions',
  endpoint: 'reviseHistory',
  kind: 'window',
  permission: endpoints.reviseHistory.permission,
  // A revision has no ID of its own; one loan order is not revised twice in the same ms.
  idOf: (r) => `${r.orderId}:${r.reviseTime}`,
  timeOf: (r) => Number(r.reviseTime),
  refOf: (r) => r.orderId,
  windowMs: REVISE_HISTORY_WINDOW_MS,
  horizonMs: REVISE_HISTORY_WINDOW_MS,
  chunkMs: 30 * DAY_MS,
  pageSize: 100,
};

const loanOrders: WindowFeed<'loanBorrowHistory'> = {
  feed: 'loanOrders',
  endpoint: 'loanBorrowHistory',
  kind: 'window',
  permission: endpoints.loanBorrowHistory.permission,
  idOf: (r) => r.orderId,
  timeOf: (r) => Number(r.borrowTime),
  refOf: (r) => r.orderId,
  windowMs: undefined,
  horizonMs: 3 * 365 * DAY_MS,
  chunkMs: 180 * DAY_MS,
  pageSize: 100,
};

/** A cursor feed: the exchange pages it 100 at a time, and the permission is the endpoint's. */
function cursorFeed<Id extends EndpointId>(feed: Feed, endpoint: Id, keys: Pick<CursorFeed<Id>, 'idOf' | 'timeOf' | 'refOf'>): CursorFeed<Id> {
  return { feed, endpoint, kind: 'cursor', permission: endpoints[endpoint].permission, ...keys, limit: 100 };
}

const fills = cursorFeed('fills', 'fills', { idOf: (f) => f.execId, timeOf: (f) => Number(f.createdTime), refOf: (f) => f.orderId });
const orders = cursorFeed('orders', 'historyOrders', { idOf: (o) => o.orderId, timeOf: (o) => Number(o.createdTime), refOf: (o) => o.symbol });
const records = cursorFeed('records', 'financialRecords', { idOf: (r) => r.id, timeOf: (r) => Number(r.ts), refOf: (r) => r.coin });

export const feedDefs: Record<Feed, FeedDef> = {
  revisions: revisions as unknown as FeedDef,
  loanOrders: loanOrders as unknown as FeedDef,
  fills: fills as unknown as FeedDef,
  orders: orders as unknown as FeedDef,
  records: records as unknown as FeedDef,
};

/** The items of an answer: the array itself, or a page's list. */
export function itemsOf(data: unknown): unknown[] {
  if (Array.isArray(data)) return data;
  const list = (data as { list?: unknown } | null)?.list;
  return Array.isArray(list) ? list : [];
}
