// A full range of pledge-rate history (spec 4.1 pages by pageNo; there is no total), read
// page by page until a short page, paced within the v2 limit (spec 8: 10 per second).
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { StartWindow } from '@web/lib/bulk-runner/start-window';

export interface FetchAllOptions {
  pageSize: number;
  /** Stop after this many pages (the result says it is incomplete). */
  maxPages?: number;
  perSecond?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  onPage?: (pageNo: number, rowsSoFar: number) => void;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function fetchAllRevisions(fetchPage: (pageNo: number) => Promise<ReviseRecord[]>, opts: FetchAllOptions): Promise<{ records: ReviseRecord[]; complete: boolean }> {
  const window = new StartWindow(opts.perSecond ?? 10, 1000);
  const sleep = opts.sleep ?? defaultSleep;
  const now = opts.now ?? (() => Date.now());
  const records: ReviseRecord[] = [];
  const maxPages = opts.maxPages ?? 200;
  for (let pageNo = 1; pageNo <= maxPages; pageNo++) {
    const wait = window.waitFrom(now());
    if (wait > 0) await sleep(wait);
    window.record(now());
    const page = await fetchPage(pageNo);
    records.push(...page);
    opts.onPage?.(pageNo, records.length);
    if (page.length < opts.pageSize) return { records, complete: true };
  }
  return { records, complete: false };
}
