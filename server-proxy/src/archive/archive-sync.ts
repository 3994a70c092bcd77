// Fills the archive from the exchange and keeps it current. Per account and feed:
// - a window feed (revisions, loan orders) is fetched in time chunks from the oldest time
//   the exchange still answers to now; each chunk's rows and its span are committed
//   together, so after a restart the sync resumes at the end of the last complete span;
// - a cursor feed (fills, orders, records) is backfilled newest to oldest, its cursor
//   committed with each page, then followed from the end of its complete span.
// Rows are keyed by their own ID (archive-store.ts): whatever is fetched twice is stored once.
// With several proxies on one database, one proxy at a time syncs a feed: each feed's sync
// claims it first (a lease renewed as the calls go, ArchiveStore.claimFeed), and a periodic
// pass also leaves alone a feed another proxy synced within half an interval. So the
// exchange is not asked twice for the same records. On stop, no further call is made.
// An upstream failure records an open gap, retried by the next run; data that aged out
// of the exchange's window before it was archived is recorded as a lost gap. Nothing is
// ever marked complete that was not fetched.
import type { Logger } from 'pino';
import type { Clock } from '@contract/core/clock';
import type { AccountCredentials } from '../keys/account-credentials';
import { feedDefs, itemsOf, type CursorFeed, type FeedDef, type WindowFeed } from './archive-feeds';
import { feeds, type ArchiveStore, type ArchivedRow, type Feed } from './archive-store';
import type { EndpointId } from '@contract/catalog/endpoints';
import type { ArchiveSyncReport } from '@contract/schemas/archive';
import type { Fetched, FetchFn } from './archive-upstream';
import { messageOf } from '../core/error-message';

const MINUTE_MS = 60_000;
/** A start this far inside the exchange's window is accepted even if our clocks differ a little. */
const WINDOW_MARGIN_MS = 10 * MINUTE_MS;
/** Records this recent may still be on their way into the exchange's lists: fetched next run. */
const SETTLE_MS = 5_000;
const MAX_PAGES = 10_000;

export type FeedReport = ArchiveSyncReport;

export interface SyncStatus {
  running: boolean;
  lastRunStarted: number | undefined;
  lastRunEnded: number | undefined;
  reports: FeedReport[];
}

export interface ArchiveSyncDeps {
  store: ArchiveStore;
  fetch: FetchFn;
  accounts: () => AccountCredentials[];
  clock: Clock;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Who this proxy is in a feed's claim ('embedded', or host:pid on a shared database). */
  owner?: string;
  /** How long a claim holds without renewal (a proxy that died frees its feeds after this). */
  leaseMs?: number;
}

/** How long a claim holds by default: the jobs' lease. */
const SYNC_LEASE_MS = 30_000;

class SyncFailed extends Error {}

export interface SyncScope {
  account?: string;
  feeds?: readonly Feed[];
  /** Leave alone a feed whose last sync (by any proxy) ended this recently (the periodic pass). */
  freshWithinMs?: number;
}

/** One upstream read of a feed's endpoint. */
type FeedCall = (query: Record<string, string>) => Promise<Fetched<EndpointId>>;

interface NextPass {
  /** The widened scope of the requests so far ({} is every account and feed). */
  scope: SyncScope | undefined;
  reports: Promise<FeedReport[]>;
}

/** The smallest scope covering both (`undefined` as a request means everything: {}). */
function widen(a: SyncScope | undefined, b: SyncScope | undefined): SyncScope {
  if (a === undefined) return b ?? {};
  if (b === undefined) return {};
  const scope: SyncScope = {};
  if (a.account !== undefined && a.account === b.account) scope.account = a.account;
  if (a.feeds !== undefined && b.feeds !== undefined) scope.feeds = [...new Set([...a.feeds, ...b.feeds])];
  // A request that wants a fresh sync is not served by skipping a feed someone synced lately.
  if (a.freshWithinMs !== undefined && b.freshWithinMs !== undefined) scope.freshWithinMs = Math.min(a.freshWithinMs, b.freshWithinMs);
  return scope;
}

function inScope(report: FeedReport, scope: SyncScope | undefined): boolean {
  if (scope?.account !== undefined && report.account !== scope.account) return false;
  return scope?.feeds === undefined || scope.feeds.includes(report.feed);
}

function isWindowRefusal(message: string): boolean {
  return /startTime/.test(message) && /three months|past/i.test(message);
}

export class ArchiveSync {
  /** Per account: how far the exchange's history clock is ahead of ours (learned from its window). */
  private readonly skew = new Map<string, number>();
  private current: Promise<FeedReport[]> | undefined;
  private next: NextPass | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopping = false;
  private status: SyncStatus = { running: false, lastRunStarted: undefined, lastRunEnded: undefined, reports: [] };

  constructor(private readonly deps: ArchiveSyncDeps) {}

  /** The exchange's time as best known for `account` (our clock plus its learned lead). */
  exchangeNow(account: string): number {
    return this.deps.clock.now() + (this.skew.get(account) ?? 0);
  }

  state(): SyncStatus {
    return { ...this.status, reports: [...this.status.reports] };
  }

  /**
   * One pass over every account and feed (or the `only` scope). A pass already under way is
   * not joined: it started before this request, may cover other accounts or feeds, and what
   * it learnt may be stale (the exchange's clock can move meanwhile). The request runs as the
   * next pass instead; requests made while one pass runs share that next pass, widened to
   * cover them all, and each caller gets the reports of its own scope only.
   */
  syncAll(only?: SyncScope): Promise<FeedReport[]> {
    if (this.current) {
      const next = (this.next ??= this.nextPass());
      next.scope = widen(next.scope, only);
      return next.reports.then((reports) => reports.filter((r) => inScope(r, only)));
    }
    this.status = { ...this.status, running: true, lastRunStarted: this.deps.clock.now() };
    const run = (async () => {
      const reports: FeedReport[] = [];
      for (const account of this.deps.accounts()) {
        if (only?.account !== undefined && account.name !== only.account) continue;
        // Revisions first: their window teaches the exchange's clock to the other feeds.
        for (const feed of only?.feeds ?? feeds) reports.push(await this.syncFeed(account, feedDefs[feed], only?.freshWithinMs));
      }
      return reports;
    })();
    this.current = run;
    return run.finally(() => {
      this.current = undefined;
      void run.then((reports) => {
        this.status = { running: false, lastRunStarted: this.status.lastRunStarted, lastRunEnded: this.deps.clock.now(), reports };
      });
    });
  }

  /** The pass to run once the current one ends, for the requests made meanwhile. */
  private nextPass(): NextPass {
    const next: NextPass = { scope: undefined, reports: Promise.resolve([]) };
    next.reports = (this.current ?? Promise.resolve([]))
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.syncAll(next.scope);
      });
    return next;
  }

  /** Runs a pass now and then every `intervalMs` (until stop()), each leaving alone what another proxy synced in the last half interval. */
  start(intervalMs: number): void {
    const tick = () => void this.syncAll({ freshWithinMs: intervalMs / 2 }).catch((err: unknown) => this.deps.logger?.warn({ err: (err as Error).message }, 'archive sync failed'));
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  /** Makes no further upstream call (a call under way ends by itself), and waits for the pass to end. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
    await this.next?.reports.catch(() => undefined);
  }

  async syncFeed(account: AccountCredentials, def: FeedDef, freshWithinMs?: number): Promise<FeedReport> {
    const report: FeedReport = { feed: def.feed, account: account.name, added: 0, ok: true };
    const { store, clock } = this.deps;
    const owner = this.deps.owner ?? 'embedded';
    const leaseMs = this.deps.leaseMs ?? SYNC_LEASE_MS;
    if (this.stopping) return { ...report, ok: false, error: 'the proxy is stopping' };
    const claim = (syncedBefore?: number) => store.claimFeed(def.feed, account.name, owner, clock.now(), clock.now() + leaseMs, syncedBefore);
    try {
      if (!(await claim(freshWithinMs === undefined ? undefined : clock.now() - freshWithinMs))) {
        report.skipped = freshWithinMs === undefined ? 'another proxy is syncing it now' : 'another proxy is syncing it, or synced it moments ago';
        return report;
      }
    } catch (err) {
      // The desk's database is away: nothing was asked of the exchange, and the next pass tries again.
      return { ...report, ok: false, error: `the archive's database did not answer: ${messageOf(err)}` };
    }
    let renewed = clock.now();
    // Every read renews the claim once a third of the lease has passed, and none is made once stopping.
    const call: FeedCall = async (query) => {
      if (this.stopping) throw new SyncFailed('the proxy is stopping; the sync goes on at its next start');
      if (clock.now() - renewed > leaseMs / 3) {
        if (!(await claim())) throw new SyncFailed('another proxy took this feed over');
        renewed = clock.now();
      }
      return this.deps.fetch(account, def.endpoint, query);
    };
    let ended: number | undefined;
    try {
      if (def.kind === 'window') await this.syncWindow(account, def, report, call);
      else await this.syncCursor(account, def, report, call);
      ended = clock.now();
    } catch (err) {
      report.ok = false;
      report.error = messageOf(err);
      this.deps.logger?.warn({ feed: def.feed, account: account.name, error: report.error }, 'archive sync stopped; the gap is recorded and retried');
    } finally {
      // A release that fails leaves the claim to run out by itself (leaseMs).
      await store.releaseFeed(def.feed, account.name, owner, ended).catch((err: unknown) => this.deps.logger?.warn({ feed: def.feed, account: account.name, err: messageOf(err) }, 'archive feed claim not released; it runs out by itself'));
    }
    return report;
  }

  private rowsOf(def: FeedDef, items: unknown[]): ArchivedRow[] {
    const d = def as unknown as { idOf(r: unknown): string; timeOf(r: unknown): number; refOf(r: unknown): string };
    return items.map((item) => ({ id: d.idOf(item), time: d.timeOf(item), ref: d.refOf(item), body: JSON.stringify(item) }));
  }

  /**
   * Finds the oldest start the exchange accepts, when it refuses ours: its history clock
   * runs ahead of ours. Steps forward doubling, then bisects to a minute. The lead kept
   * is the lower bound, so a chunk never ends after the exchange's own "now".
   */
  private async learnWindow(account: AccountCredentials, def: WindowFeed, call: FeedCall): Promise<void> {
    const windowMs = def.windowMs!;
    const probe = async (start: number) => {
      const r = await call({ startTime: String(start), endTime: String(start + 1), pageNo: '1', pageSize: '1' });
      if (r.ok) return true;
      if (r.refused && isWindowRefusal(r.message)) return false;
      throw new SyncFailed(`${def.endpoint}: ${r.code} ${r.message}`);
    };
    let refused = this.exchangeNow(account.name) - windowMs + WINDOW_MARGIN_MS;
    if (await probe(refused)) return;
    let step = 3_600_000;
    let accepted = refused + step;
    for (let i = 0; !(await probe(accepted)); i++) {
      if (i > 20) throw new SyncFailed(`${def.endpoint}: the exchange refuses every start time; its window could not be found`);
      refused = accepted;
      step *= 2;
      accepted = refused + step;
    }
    while (accepted - refused > MINUTE_MS) {
      const mid = Math.floor((refused + accepted) / 2);
      if (await probe(mid)) accepted = mid;
      else refused = mid;
    }
    // The exchange's now is in (refused + window, accepted + window].
    this.skew.set(account.name, refused + windowMs - this.deps.clock.now());
    this.deps.logger?.info({ account: account.name, leadMs: this.skew.get(account.name) }, "learned the exchange's history clock from its window");
  }

  private async syncWindow(account: AccountCredentials, def: WindowFeed, report: FeedReport, call: FeedCall): Promise<void> {
    const { store, clock } = this.deps;
    if (def.windowMs !== undefined) await this.learnWindow(account, def, call);
    const exNow = this.exchangeNow(account.name);
    const end = exNow - SETTLE_MS;
    const oldest = def.windowMs === undefined ? -Infinity : exNow - def.windowMs + WINDOW_MARGIN_MS;
    const last = (await store.spans(def.feed, account.name)).at(-1);
    let start = last ? last.to + 1 : Math.max(exNow - def.horizonMs + WINDOW_MARGIN_MS, oldest);
    if (start < oldest) {
      await store.recordGap(def.feed, account.name, { from: start, to: oldest - 1 }, 'lost', "aged out of the exchange's window before it was archived", clock.now());
      start = oldest;
    }
    while (start <= end) {
      const chunkEnd = Math.min(start + def.chunkMs - 1, end);
      const rows: ArchivedRow[] = [];
      for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo++) {
        const r = await call({ startTime: String(start), endTime: String(chunkEnd), pageNo: String(pageNo), pageSize: String(def.pageSize) });
        if (!r.ok) {
          await store.recordGap(def.feed, account.name, { from: start, to: end }, 'open', `${r.code} ${r.message}`, clock.now());
          throw new SyncFailed(`${def.endpoint} failed at ${new Date(start).toISOString()}: ${r.code} ${r.message}`);
        }
        const items = itemsOf(r.data);
        rows.push(...this.rowsOf(def, items));
        if (items.length < def.pageSize) break;
      }
      report.added += await store.put(def.feed, account.name, rows, clock.now(), { from: start, to: chunkEnd });
      start = chunkEnd + 1;
    }
  }

  private async syncCursor(account: AccountCredentials, def: CursorFeed, report: FeedReport, call: FeedCall): Promise<void> {
    const { store, clock } = this.deps;
    let bf = await store.backfill(def.feed, account.name);
    if (!bf?.done) {
      // Backfill: newest to oldest. The cursor is committed with each page, so a restart
      // goes on from the page after the last one stored.
      const top = bf?.top ?? clock.now() - SETTLE_MS;
      let cursor = bf?.cursor ?? '';
      for (let pages = 0; pages < MAX_PAGES; pages++) {
        const r = await call({ endTime: String(top), limit: String(def.limit), ...(cursor ? { cursor } : {}) });
        if (!r.ok) {
          await store.recordGap(def.feed, account.name, { from: 0, to: top }, 'open', `${r.code} ${r.message}`, clock.now());
          throw new SyncFailed(`${def.endpoint} backfill failed: ${r.code} ${r.message}`);
        }
        const items = itemsOf(r.data);
        const rows = this.rowsOf(def, items);
        const next = (r.data as { cursor?: string }).cursor || rows.at(-1)?.id || '';
        const done = items.length < def.limit || next === '';
        bf = { cursor: next, top, done };
        report.added += await store.put(def.feed, account.name, rows, clock.now(), done ? { from: 0, to: top } : undefined, bf);
        if (done) break;
        cursor = next;
      }
      if (!bf?.done) return;
    }
    // Follow: everything after the complete span, newest first, stored page by page; the
    // span grows only once the whole range is in.
    const last = (await store.spans(def.feed, account.name)).at(-1);
    const from = (last?.to ?? 0) + 1;
    const end = clock.now() - SETTLE_MS;
    if (from > end) return;
    let cursor = '';
    for (let pages = 0; pages < MAX_PAGES; pages++) {
      const r = await call({ startTime: String(from), endTime: String(end), limit: String(def.limit), ...(cursor ? { cursor } : {}) });
      if (!r.ok) {
        await store.recordGap(def.feed, account.name, { from, to: end }, 'open', `${r.code} ${r.message}`, clock.now());
        throw new SyncFailed(`${def.endpoint} failed after ${new Date(from).toISOString()}: ${r.code} ${r.message}`);
      }
      const items = itemsOf(r.data);
      const rows = this.rowsOf(def, items);
      const next = (r.data as { cursor?: string }).cursor || rows.at(-1)?.id || '';
      const done = items.length < def.limit || next === '';
      report.added += await store.put(def.feed, account.name, rows, clock.now(), done ? { from, to: end } : undefined);
      if (done) return;
      cursor = next;
    }
  }
}
