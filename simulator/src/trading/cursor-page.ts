// spec 4.6 cursor pagination: items newest first (descending numeric id); `cursor` asks for
// ids below it; `limit` is at most 100 (the schema enforces it), default 100. The answer's
// cursor is the minimum id of the page ('' for an empty page), to pass for the next one.
export const DEFAULT_PAGE_LIMIT = 100;

export interface PageQuery {
  cursor?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
  limit?: string | undefined;
}

/**
 * Takes items in descending id order (any iterable, consumed lazily), keeps those that
 * pass `keep` and lie in the time range, and returns one page.
 */
export function cursorPage<T>(
  newestFirst: Iterable<T>,
  idOf: (item: T) => string,
  timeOf: (item: T) => number,
  q: PageQuery,
  keep: (item: T) => boolean = () => true,
): { list: T[]; cursor: string } {
  const limit = q.limit === undefined ? DEFAULT_PAGE_LIMIT : Number(q.limit);
  const below = q.cursor === undefined ? undefined : BigInt(q.cursor);
  const start = q.startTime === undefined ? -Infinity : Number(q.startTime);
  const end = q.endTime === undefined ? Infinity : Number(q.endTime);
  const list: T[] = [];
  for (const item of newestFirst) {
    if (below !== undefined && BigInt(idOf(item)) >= below) continue;
    const t = timeOf(item);
    if (t < start || t > end || !keep(item)) continue;
    list.push(item);
    if (list.length === limit) break;
  }
  const last = list[list.length - 1];
  return { list, cursor: last === undefined ? '' : idOf(last) };
}

/** Iterates an array from its end (arrays kept in ascending id order). */
export function* reversed<T>(items: readonly T[]): Generator<T> {
  for (let i = items.length - 1; i >= 0; i--) yield items[i]!;
}
