// The archive's routes for the screens:
//   GET  /archive/status?account=          what each feed holds, its complete spans and gaps
//   GET  /archive/<feed>?account&from&to&ref&limit&after   rows oldest first, with the meta
//        that says which part only the archive has and how far it is complete
//   GET  /archive/<feed>.csv?...            the same rows as CSV (streamed, any size)
//   POST /archive/sync?account=&feed=       run a sync pass now
// Each feed is read with the permission of the exchange endpoint it comes from
// (archive-access.ts).
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ARCHIVE_MAX_LIMIT,
  archiveCsvHeader,
  archiveFeeds,
  archiveQuerySchema,
  type ArchiveFeed,
  type ArchiveMeta,
  type ArchivePage,
  type ArchiveStatus,
} from '@contract/schemas/archive';
import { check } from '@contract/core/validation';
import { sessionOf } from '../auth/authenticate';
import { roleMay } from '../auth/roles';
import { admitArchive, type ArchiveAccessCtx } from './archive-access';
import { replyError, successEnvelope } from '../http/error-reply';
import type { AccountCredentials } from '../keys/account-credentials';
import { feedDefs } from '../archive/archive-feeds';
import { rowKeyOf, rowKeyText, type ArchiveStore, type Gap, type RowQuery, type Span } from '../archive/archive-store';
import type { ArchiveSync } from '../archive/archive-sync';

const DEFAULT_LIMIT = 1000;


function iso(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms);
}

/** The screens' view of a gap (filled ones are history, not shown). */
const shownGaps = (gaps: Gap[]) => gaps.filter((g) => g.state !== 'filled').map(({ from, to, state, reason, attempts }) => ({ from, to, state, reason, attempts }));

/** What to tell a reader whose range reaches outside what the archive holds. */
export function rangeNotice(feed: ArchiveFeed, complete: readonly Span[], from: number | undefined, to: number | undefined): string | null {
  if (complete.length === 0) return `The archive holds no complete span of ${feed} for this account yet: a sync has not finished.`;
  const first = complete[0]!.from;
  const last = complete[complete.length - 1]!.to;
  if (to !== undefined && to < first) return `The range ends before the archive begins: ${feed} are complete from ${iso(first)}; nothing older was archived.`;
  if (from !== undefined && from > last) return `The range starts after the archive ends: ${feed} are complete up to ${iso(last)}; the next sync brings newer ones.`;
  const parts: string[] = [];
  if (from !== undefined && from < first) parts.push(`nothing before ${iso(first)} was archived`);
  if (to !== undefined && to > last) parts.push(`nothing after ${iso(last)} is archived yet`);
  return parts.length ? `Part of the range is outside the archive: ${parts.join('; ')}.` : null;
}

export function registerArchiveRoutes(app: FastifyInstance, ctx: ArchiveAccessCtx, store: ArchiveStore, sync: ArchiveSync): void {
  const now = () => ctx.clock.now();

  /** The account of a read of `feeds`, or undefined with the refusal already sent. */
  const admit = async (request: FastifyRequest, reply: FastifyReply, feeds: readonly ArchiveFeed[], accountName: string | undefined, mutating = false): Promise<AccountCredentials | undefined> =>
    (await admitArchive(ctx, request, reply, feeds, accountName, { mutating }))?.account;

  const parseQuery = (request: FastifyRequest, reply: FastifyReply) => {
    const q = check(archiveQuerySchema, request.query ?? {});
    if (!q.ok) return void replyError(request, reply, 'DESK400', { field: q.field, detail: q.message }, now());
    return q.data;
  };

  const feedOf = (request: FastifyRequest, reply: FastifyReply): ArchiveFeed | undefined => {
    const name = (request.params as { feed: string }).feed;
    if ((archiveFeeds as readonly string[]).includes(name)) return name as ArchiveFeed;
    return void replyError(request, reply, 'DESK400', { field: 'feed', detail: `must be one of ${archiveFeeds.join(', ')}` }, now());
  };

  const windowFrom = (feed: ArchiveFeed, account: string): number | null => {
    const def = feedDefs[feed];
    return def.kind === 'window' && def.windowMs !== undefined ? sync.exchangeNow(account) - def.windowMs : null;
  };

  app.get('/archive/status', async (request, reply) => {
    const q = parseQuery(request, reply);
    if (!q) return reply;
    const session = await sessionOf(request.headers, ctx.sessions);
    if (!session) return replyError(request, reply, 'DESK401', {}, now());
    const readable = archiveFeeds.filter((f) => roleMay(session.role, feedDefs[f].permission));
    if (readable.length === 0) return replyError(request, reply, 'DESK403', { role: session.role, permission: 'earn.read' }, now());
    const account = await admit(request, reply, [], q.account);
    if (!account) return reply;
    const state = sync.state();
    const status: ArchiveStatus = {
      account: account.name,
      exchangeNow: sync.exchangeNow(account.name),
      running: state.running,
      lastRunEnded: state.lastRunEnded ?? null,
      feeds: await Promise.all(
        readable.map(async (feed) => ({ feed, count: await store.count(feed, account.name), complete: await store.spans(feed, account.name), gaps: shownGaps(await store.gaps(feed, account.name)) })),
      ),
    };
    reply.header('cache-control', 'no-store');
    return successEnvelope(status, now());
  });

  app.get('/archive/:feed', async (request, reply) => {
    const raw = (request.params as { feed: string }).feed;
    const csv = raw.endsWith('.csv');
    if (csv) (request.params as { feed: string }).feed = raw.slice(0, -4);
    const feed = feedOf(request, reply);
    if (!feed) return reply;
    const q = parseQuery(request, reply);
    if (!q) return reply;
    const account = await admit(request, reply, [feed], q.account);
    if (!account) return reply;
    const range: RowQuery = { from: q.from === undefined ? undefined : Number(q.from), to: q.to === undefined ? undefined : Number(q.to), ref: q.ref };
    reply.header('cache-control', 'no-store');

    if (csv) {
      // Streamed page by page from the database: memory stays flat for a million rows.
      const total = await store.count(feed, account.name, range);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${feed}-${account.name}.csv"`);
      reply.header('x-archive-rows', String(total));
      const pages = store.iterateCsv(feed, account.name, range);
      // A page of lines at a time; Readable.from pulls the next only when the socket
      // drains, and ends the generator (no more pages read) if the browser goes away.
      const header = archiveCsvHeader(feed);
      async function* file() {
        yield header;
        yield* pages;
      }
      return reply.send(Readable.from(file(), { objectMode: false }));
    }

    const limit = q.limit === undefined ? DEFAULT_LIMIT : Math.min(Number(q.limit), ARCHIVE_MAX_LIMIT);
    const after = q.after === undefined ? undefined : rowKeyOf(q.after);
    const rows = await store.rows(feed, account.name, range, limit, after);
    const complete = await store.spans(feed, account.name);
    const apiWindowFrom = windowFrom(feed, account.name);
    const last = rows.at(-1);
    const meta: ArchiveMeta = {
      feed,
      account: account.name,
      complete,
      gaps: shownGaps(await store.gaps(feed, account.name)),
      apiWindowFrom,
      archiveOnly: apiWindowFrom === null ? 0 : rows.filter((r) => r.time < apiWindowFrom).length,
      total: await store.count(feed, account.name, range),
      next: rows.length === limit && last ? rowKeyText(last) : null,
      notice: rangeNotice(feed, complete, range.from, range.to),
    };
    const page: ArchivePage = { rows: rows.map((r) => JSON.parse(r.body) as Record<string, unknown>), meta };
    return successEnvelope(page, now());
  });

  app.post('/archive/sync', async (request, reply) => {
    const q = request.query as { account?: string; feed?: string };
    const feeds = q.feed === undefined ? [...archiveFeeds] : q.feed.split(',');
    const unknown = feeds.find((f) => !(archiveFeeds as readonly string[]).includes(f));
    if (unknown !== undefined) return replyError(request, reply, 'DESK400', { field: 'feed', detail: `must be one of ${archiveFeeds.join(', ')}` }, now());
    const account = await admit(request, reply, feeds as ArchiveFeed[], q.account, true);
    if (!account) return reply;
    const reports = await sync.syncAll({ account: account.name, feeds: feeds as ArchiveFeed[] });
    return successEnvelope(reports, now());
  });
}
