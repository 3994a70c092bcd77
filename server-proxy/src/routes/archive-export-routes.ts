// CSV exports of the archive run as jobs (issue 20 item 4, issue 21):
//   POST /archive/exports                { feed, account?, from?, to?, ref? }  start one (201)
//   GET  /archive/exports?account=       the user's exports of the account, newest first
//   GET  /archive/exports/events?account= the same list, pushed as server-sent events when one moves
//   GET  /archive/exports/<id>/csv       the finished file
//   POST /archive/exports/<id>/cancel    stop a running or failed one; what it wrote is deleted
//   POST /archive/exports/<id>/retry     go on with a failed one after its last chunk
// Each is checked as the feed's archive read is (archive-access.ts); starting or canceling
// one is a change, so it also needs the desk's Origin and CSRF token. An export is its user's: no
// one else sees or downloads it, even on the same account.
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { archiveRangeFields } from '@contract/schemas/archive';
import { archiveExportRequestSchema } from '@contract/schemas/archive-exports';
import { check } from '@contract/core/validation';
import { sessionOf } from '../auth/authenticate';
import type { Session } from '../auth/session-store';
import { streamProgress } from '../http/progress-stream';
import { roleMay } from '../auth/roles';
import { replyError, successEnvelope } from '../http/error-reply';
import { parseJsonBody } from '../policy/json-shape';
import { feedDefs } from '../archive/archive-feeds';
import type { ArchiveStore, RowQuery } from '../archive/archive-store';
import type { ExportRunner } from '../archive/export-runner';
import { summaryOfExport, type ExportRecord, type ExportStore } from '../archive/export-store';
import { admitArchive, type ArchiveAccessCtx } from './archive-access';
import type { DeskContext } from './desk-context';

/** How many exports the list shows, and a user keeps per account: older finished files are deleted. */
const LIST_LIMIT = 20;
const PUSH_EVERY_MS = 250;

const listQuery = z.strictObject({ account: archiveRangeFields.account });
const idParam = z.object({ id: z.string().regex(/^\d{1,12}$/, 'must be an export number').transform(Number) });

export interface ExportDeps {
  exports: ExportStore;
  runner: ExportRunner;
  archive: ArchiveStore;
}

export function registerArchiveExportRoutes(app: FastifyInstance, ctx: ArchiveAccessCtx & Pick<DeskContext, 'logger'>, deps: ExportDeps): void {
  const now = () => ctx.clock.now();
  const refuse = (request: FastifyRequest, reply: FastifyReply, field: string, detail: string) => replyError(request, reply, 'DESK400', { field, detail }, now());

  app.post('/archive/exports', async (request, reply) => {
    const json = parseJsonBody(request.body);
    if (!json.ok) return refuse(request, reply, json.field, json.detail);
    const body = check(archiveExportRequestSchema, json.value);
    if (!body.ok) return refuse(request, reply, body.field, body.message);
    const { feed, account: accountName, ...q } = body.data;
    const admitted = await admitArchive(ctx, request, reply, [feed], accountName, { mutating: true });
    if (!admitted) return reply;
    const { session, account } = admitted;
    const range: RowQuery = { from: q.from === undefined ? undefined : Number(q.from), to: q.to === undefined ? undefined : Number(q.to), ref: q.ref };
    const total = await deps.archive.count(feed, account.name, range);
    const id = await deps.exports.create({ account: account.name, user: session.user, feed, range, total }, now());
    const pruned = await deps.exports.prune(account.name, session.user, LIST_LIMIT);
    ctx.logger.info({ user: session.user, account: account.name, export: id, feed, ...range, total, pruned }, 'archive export created');
    void deps.runner.kick(id);
    deps.runner.emit('progress', id);
    return reply.code(201).send(successEnvelope(summaryOfExport((await deps.exports.get(id))!), now()));
  });

  /** The user's exports of the account that their role may read now (a role changed since one began). */
  const shownExports = async (session: Session, account: string) =>
    (await deps.exports.list(account, session.user, LIST_LIMIT)).filter((e) => roleMay(session.role, feedDefs[e.feed].permission)).map(summaryOfExport);

  /** The list's reader, admitted to the account the query names (or refused, and the reply says why). */
  const admitList = async (request: FastifyRequest, reply: FastifyReply) => {
    const q = check(listQuery, request.query ?? {});
    if (!q.ok) return void refuse(request, reply, q.field, q.message);
    return admitArchive(ctx, request, reply, [], q.data.account);
  };

  app.get('/archive/exports', async (request, reply) => {
    const admitted = await admitList(request, reply);
    if (!admitted) return reply;
    reply.header('cache-control', 'no-store');
    return successEnvelope(await shownExports(admitted.session, admitted.account.name), now());
  });

  // The list again whenever one of its exports moves (at most 4 a second), so the screens
  // follow a build without asking every second.
  app.get('/archive/exports/events', async (request, reply) => {
    const admitted = await admitList(request, reply);
    if (!admitted) return reply;
    const { session, account } = admitted;
    let listed = new Set<number>();
    let newest = 0;
    streamProgress(request, reply, {
      runner: deps.runner,
      // A new export of the user's is not listed yet: any id above the newest listed may be it.
      concerns: (id) => listed.has(id) || id > newest,
      snapshot: async () => {
        const shown = await shownExports(session, account.name);
        listed = new Set(shown.map((e) => e.id));
        newest = shown[0]?.id ?? 0; // newest first
        return shown;
      },
      moving: (shown) => shown.some((e) => e.state === 'running'),
      everyMs: PUSH_EVERY_MS,
      logger: ctx.logger,
      about: { user: session.user, account: account.name, exports: 'list' },
    });
  });

  /**
   * The export the URL names, when it is the session's user's and they may still read its
   * feed on its account (as when it was started); otherwise the reply says why.
   */
  async function ownExport(request: FastifyRequest, reply: FastifyReply, mutating: boolean): Promise<ExportRecord | undefined> {
    const session = await sessionOf(request.headers, ctx.sessions);
    if (!session) return void replyError(request, reply, 'DESK401', {}, now());
    const p = check(idParam, request.params);
    const job = p.ok ? await deps.exports.get(p.data.id) : undefined;
    if (!job || job.user !== session.user) return void refuse(request, reply, 'export', 'no such export of yours');
    return (await admitArchive(ctx, request, reply, [job.feed], job.account, { mutating })) ? job : undefined;
  }

  app.post('/archive/exports/:id/cancel', async (request, reply) => {
    const job = await ownExport(request, reply, true);
    if (!job) return reply;
    if (!(await deps.exports.cancel(job.id, job.user, now()))) {
      const state = (await deps.exports.get(job.id))?.state;
      return refuse(request, reply, 'export', `it is ${state === 'done' ? 'done already' : 'canceled already'}; only a running or failed export can be canceled`);
    }
    ctx.logger.info({ user: job.user, account: job.account, export: job.id, feed: job.feed, rows: job.rows }, 'archive export canceled');
    deps.runner.emit('progress', job.id);
    return successEnvelope(summaryOfExport((await deps.exports.get(job.id))!), now());
  });

  app.post('/archive/exports/:id/retry', async (request, reply) => {
    const job = await ownExport(request, reply, true);
    if (!job) return reply;
    if (!(await deps.exports.retry(job.id, job.user, now()))) {
      const state = (await deps.exports.get(job.id))?.state ?? job.state;
      return refuse(request, reply, 'export', `it is ${state === 'running' ? 'being built' : state}; only a failed export can be retried`);
    }
    ctx.logger.info({ user: job.user, account: job.account, export: job.id, feed: job.feed, rows: job.rows, error: job.error }, 'archive export retried');
    // The answer is the export as the retry left it (running), read before the runner moves it on.
    const retried = summaryOfExport((await deps.exports.get(job.id))!);
    void deps.runner.kick(job.id);
    deps.runner.emit('progress', job.id);
    return successEnvelope(retried, now());
  });

  app.get('/archive/exports/:id/csv', async (request, reply) => {
    const job = await ownExport(request, reply, false);
    if (!job) return reply;
    if (job.state === 'canceled') return refuse(request, reply, 'export', 'it was canceled; its file was deleted');
    if (job.state === 'failed') return refuse(request, reply, 'export', `it failed at ${job.rows} of ${job.total} rows (${job.error ?? 'no reason recorded'}); retry it to go on`);
    if (job.state !== 'done') return refuse(request, reply, 'export', `not done yet: ${job.rows} of ${job.total} rows written; download it when it is done`);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${job.feed}-${job.account}.csv"`)
      .header('cache-control', 'no-store')
      .header('x-archive-rows', String(job.rows))
      .send(Readable.from(deps.exports.file(job.id), { objectMode: false }));
  });
}
