// A bounded log of the requests the simulator answered: time, uid, endpoint and status.
// Tests of the proxy's rate shaper read it (GET /__sim/request-log) to assert what the
// exchange side actually saw, e.g. "at most 10 calls in any one second, and no 429".

export interface RequestLogEntry {
  /** Simulator clock, Unix ms, when the request arrived. */
  time: number;
  /** The authenticated UID, or '' for public and unauthenticated calls. */
  uid: string;
  /** Catalog endpoint id when known (e.g. "reviseHistory"), else the path. */
  endpoint: string;
  method: string;
  path: string;
  status: number;
  /** The envelope code answered ("00000" on success). */
  code: string;
}

export interface RequestLogQuery {
  uid?: string;
  endpoint?: string;
  /** Entries with time >= since. */
  since?: number;
  status?: number;
}

export class RequestLog {
  private readonly entries: (RequestLogEntry | undefined)[];
  private next = 0;
  private count = 0;

  constructor(readonly capacity = 20_000) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
    this.entries = new Array<RequestLogEntry | undefined>(capacity);
  }

  record(entry: RequestLogEntry): void {
    this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
    if (this.count < this.capacity) this.count++;
  }

  /** Matching entries, oldest first. The oldest entries drop out once capacity is reached. */
  query(q: RequestLogQuery = {}): RequestLogEntry[] {
    const out: RequestLogEntry[] = [];
    const start = (this.next - this.count + this.capacity) % this.capacity;
    for (let i = 0; i < this.count; i++) {
      const e = this.entries[(start + i) % this.capacity]!;
      if (q.uid !== undefined && e.uid !== q.uid) continue;
      if (q.endpoint !== undefined && e.endpoint !== q.endpoint && e.path !== q.endpoint) continue;
      if (q.since !== undefined && e.time < q.since) continue;
      if (q.status !== undefined && e.status !== q.status) continue;
      out.push(e);
    }
    return out;
  }

  clear(): void {
    this.entries.fill(undefined);
    this.next = 0;
    this.count = 0;
  }
}

/** The largest number of entries inside any window of `windowMs` (entries sorted by time). */
export function maxPerWindow(entries: readonly Pick<RequestLogEntry, 'time'>[], windowMs = 1000): number {
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < entries.length; hi++) {
    while (entries[hi]!.time - entries[lo]!.time >= windowMs) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}
