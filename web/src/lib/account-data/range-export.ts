// Collects every row of a time range by paging through a spec 4.6 list (cursor = the
// minimum id of the previous page) until a short or empty page, reporting progress and
// stopping at once when the caller aborts. The fetcher is injected, so the loop is
// tested without a network.
import { compareIds, nextCursor, type Page } from './cursor-pages';

export interface RangeProgress {
  rows: number;
  pages: number;
  /** How much of the time range is covered (0..1), when the range and row times are known. */
  fraction: number | null;
}

export interface CollectRangeOptions<T> {
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>;
  idOf: (item: T) => string;
  /** Unix ms of a row, for the progress fraction. */
  timeOf?: (item: T) => number;
  range?: { start?: number | undefined; end?: number | undefined };
  /** The page size asked for: a shorter page is the last one. */
  pageSize: number;
  signal?: AbortSignal;
  onProgress?: (progress: RangeProgress) => void;
  /** A guard against exporting without end (the browser holds every row in memory). */
  maxRows?: number;
}

export interface RangeResult<T> {
  rows: T[];
  /** True when maxRows stopped the export before the range was exhausted. */
  truncated: boolean;
}

export async function collectRange<T>(opts: CollectRangeOptions<T>): Promise<RangeResult<T>> {
  const signal = opts.signal ?? new AbortController().signal;
  const maxRows = opts.maxRows ?? 200_000;
  const rows: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    signal.throwIfAborted();
    const page = await opts.fetchPage(cursor, signal);
    signal.throwIfAborted();
    pages++;
    for (const item of page.list) {
      const id = opts.idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      rows.push(item);
    }
    const next = nextCursor(page, opts.idOf);
    opts.onProgress?.({ rows: rows.length, pages, fraction: fractionCovered(rows, opts) });
    if (rows.length >= maxRows) return { rows: rows.slice(0, maxRows), truncated: true };
    // A short page is the last; a cursor that does not move down would loop for ever.
    const stuck = next === '' || (cursor !== undefined && compareIds(next, cursor) >= 0);
    if (page.list.length < opts.pageSize || stuck) break;
    cursor = next;
  }
  opts.onProgress?.({ rows: rows.length, pages, fraction: 1 });
  return { rows, truncated: false };
}

function fractionCovered<T>(rows: readonly T[], opts: CollectRangeOptions<T>): number | null {
  const { start, end } = opts.range ?? {};
  const last = rows[rows.length - 1];
  if (start === undefined || !opts.timeOf || last === undefined) return null;
  const top = end ?? Date.now();
  if (top <= start) return null;
  const covered = (top - opts.timeOf(last)) / (top - start);
  return Math.min(1, Math.max(0, covered));
}
