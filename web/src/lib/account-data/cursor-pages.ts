// spec 4.6 cursor pagination, as pure functions: lists come newest first (descending
// id); the next page is asked for with cursor = the minimum id of the previous page.
// Loaded pages and freshly fetched head pages are merged by id, so a row is never shown
// twice and a newer version of a row (an order that changed state) replaces the older.

export interface Page<T> {
  list: readonly T[];
  cursor: string;
}

/** Compares two ids: numerically when both are digits (ids outgrow 2^53), else as text. */
export function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const x = BigInt(a);
    const y = BigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The cursor for the page after `page`: the minimum id in it (spec 4.6); the server's cursor when the list is empty. */
export function nextCursor<T>(page: Page<T>, idOf: (item: T) => string): string {
  let min: string | undefined;
  for (const item of page.list) {
    const id = idOf(item);
    if (min === undefined || compareIds(id, min) < 0) min = id;
  }
  return min ?? page.cursor;
}

/**
 * `loaded` (newest first) with `incoming` merged in: one row per id, newest id first,
 * and where both hold an id the incoming row wins (it was fetched later).
 */
export function mergeById<T>(loaded: readonly T[], incoming: readonly T[], idOf: (item: T) => string): T[] {
  if (incoming.length === 0) return loaded as T[];
  const byId = new Map<string, T>();
  for (const item of loaded) byId.set(idOf(item), item);
  for (const item of incoming) byId.set(idOf(item), item);
  return [...byId.values()].sort((a, b) => compareIds(idOf(b), idOf(a)));
}

/**
 * True when a head page fetched after new rows arrived reaches back into what is already
 * loaded (its oldest id is at or below the newest loaded id), so nothing lies between.
 */
export function headReachesLoaded<T>(head: Page<T>, loaded: readonly T[], idOf: (item: T) => string): boolean {
  const newest = loaded[0];
  if (newest === undefined || head.list.length === 0) return true;
  return compareIds(nextCursor(head, idOf), idOf(newest)) <= 0;
}
