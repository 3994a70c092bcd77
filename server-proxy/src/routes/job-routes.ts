// /jobs: the browser's side of the proxy's jobs (issue 20). A job is created from rows the
// browser has already checked; the proxy validates them again (shape, duplicates), stores
// them and runs them. Reading needs broker.write on the job's account, like sending does;
// changes also need the Origin and the CSRF token, as every mutating call does.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { createAutoTransferJob, JOB_BODY_LIMIT_BYTES, jobAction, type JobSummary } from '@contract/schemas/broker-jobs';
import { check } from '@contract/core/validation';
import type { Session } from '../auth/session-store';
import type { DeskContext } from './desk-context';
import { sessionGate } from './session-gate';
import { replyError, successEnvelope } from '../http/error-reply';
import { resolveAccount } from '../policy/call-policy';
import { parseJsonBody } from '../policy/json-shape';
import { jobResultsCsv } from '../jobs/job-csv';
import { streamProgress } from '../http/progress-stream';
import type { JobStore, JobRecord } from '../jobs/job-store';
import type { JobRunner } from '../jobs/job-runner';

const idParam = z.object({ id: z.string().regex(/^\d{1,12}$/, 'must be a job number').transform(Number) });
const PUSH_EVERY_MS = 250;

export interface JobDeps {
  store: JobStore;
  runner: JobRunner;
}

export async function summaryOf(job: JobRecord, deps: JobDeps, now: number): Promise<JobSummary> {
  const c = await deps.store.counts(job.id);
  const running = job.state === 'running';
  return {
    id: job.id,
    kind: job.kind,
    account: job.account,
    user: job.user,
    state: job.state,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    ...c,
    ratePerSecond: running ? deps.runner.meter.rate(job.id, now) : null,
    etaMs: running ? deps.runner.meter.etaMs(job.id, c.remaining, now) : null,
  };
}

export function registerJobRoutes(app: FastifyInstance, ctx: DeskContext, deps: JobDeps): void {
  const now = () => ctx.clock.now();

  // Broker work needs broker.write to read as well as to change; a change also needs the
  // desk's Origin and CSRF token (session-gate.ts).
  const reads = sessionGate(ctx, 'broker.write');
  const writes = sessionGate(ctx, 'broker.write', { mutating: true });

  /** The job named in the path, if the session may use its account. */
  const jobFor = async (request: FastifyRequest, reply: FastifyReply, session: Session): Promise<JobRecord | undefined> => {
    const p = check(idParam, request.params);
    const job = p.ok ? await deps.store.get(p.data.id) : undefined;
    if (!job || !session.accounts.includes(job.account)) {
      void replyError(request, reply, 'DESK400', { field: 'job', detail: 'no such job for your accounts' }, now());
      return undefined;
    }
    return job;
  };

  // A thousand rows are more than the desk's general 64 KB body limit allows.
  app.post('/jobs/autotransfer', { bodyLimit: JOB_BODY_LIMIT_BYTES, preHandler: writes.preHandler }, async (request, reply) => {
    const session = writes.session(request);
    const account = resolveAccount(session, request.headers['x-desk-account'], ctx.keyStore);
    if ('code' in account) return replyError(request, reply, account.code, account.params, now());
    const json = parseJsonBody(request.body);
    if (!json.ok) return replyError(request, reply, 'DESK400', { field: json.field, detail: json.detail }, now());
    const body = check(createAutoTransferJob, json.value);
    if (!body.ok) return replyError(request, reply, 'DESK400', { field: body.field, detail: body.message }, now());
    const id = await deps.store.create({ account: account.name, user: session.user, rows: body.data.rows }, now());
    ctx.logger.info({ user: session.user, account: account.name, job: id, rows: body.data.rows.length }, 'auto-transfer job created');
    void deps.runner.kick(id);
    return reply.code(201).send(successEnvelope(await summaryOf((await deps.store.get(id))!, deps, now()), now()));
  });

  app.get('/jobs', { preHandler: reads.preHandler }, async (request, reply) => {
    const session = reads.session(request);
    reply.header('cache-control', 'no-store');
    const jobs = await deps.store.list(session.accounts, 50);
    return successEnvelope(await Promise.all(jobs.map((j) => summaryOf(j, deps, now()))), now());
  });

  app.get('/jobs/desk-settings', { preHandler: reads.preHandler }, async (request, reply) => {
    const session = reads.session(request);
    const account = resolveAccount(session, request.headers['x-desk-account'], ctx.keyStore);
    if ('code' in account) return replyError(request, reply, account.code, account.params, now());
    reply.header('cache-control', 'no-store');
    return successEnvelope(await deps.store.deskSettings(account.name), now());
  });

  app.get('/jobs/:id', { preHandler: reads.preHandler }, async (request, reply) => {
    const job = await jobFor(request, reply, reads.session(request));
    if (!job) return reply;
    reply.header('cache-control', 'no-store');
    return successEnvelope(await summaryOf(job, deps, now()), now());
  });

  app.get('/jobs/:id/results.csv', { preHandler: reads.preHandler }, async (request, reply) => {
    const job = await jobFor(request, reply, reads.session(request));
    if (!job) return reply;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="autotransfer-job-${job.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(jobResultsCsv(await deps.store.rows(job.id)));
  });

  app.post('/jobs/:id/:action', { preHandler: writes.preHandler }, async (request, reply) => {
    const session = writes.session(request);
    const job = await jobFor(request, reply, session);
    if (!job) return reply;
    const a = check(jobAction, (request.params as { action?: string }).action);
    if (!a.ok) return replyError(request, reply, 'DESK400', { field: 'action', detail: a.message }, now());
    const t = now();
    const refuse = (detail: string) => replyError(request, reply, 'DESK400', { field: 'action', detail }, t);
    switch (a.data) {
      case 'pause':
        if (job.state !== 'running') return refuse(`a ${job.state} job cannot be paused`);
        await deps.store.setState(job.id, 'paused', t);
        break;
      case 'resume':
        if (job.state !== 'paused') return refuse(`a ${job.state} job cannot be resumed`);
        await deps.store.setState(job.id, 'running', t);
        break;
      case 'cancel':
        if (job.state === 'done' || job.state === 'cancelled') return refuse(`the job is already ${job.state}`);
        // A row being sent right now finishes and is recorded; the rest are skipped.
        await deps.store.setState(job.id, 'cancelled', t);
        await deps.store.skipPending(job.id, t);
        break;
      case 'retry-failed': {
        if (job.state === 'running') return refuse('wait for the job to finish, or pause it, before retrying');
        const n = await deps.store.retryFailed(job.id, t);
        if (n === 0) return refuse('the job has no failed rows');
        await deps.store.setState(job.id, 'running', t);
        break;
      }
    }
    ctx.logger.info({ user: session.user, job: job.id, action: a.data }, 'job changed');
    void deps.runner.kick(job.id);
    deps.runner.emit('progress', job.id);
    return successEnvelope(await summaryOf((await deps.store.get(job.id))!, deps, t), t);
  });

  // Server-sent events: the job's summary whenever it changes (at most 4 a second), and a
  // comment line as heartbeat. EventSource reconnects by itself after a proxy restart.
  app.get('/jobs/:id/events', { preHandler: reads.preHandler }, async (request, reply) => {
    const job = await jobFor(request, reply, reads.session(request));
    if (!job) return reply;
    streamProgress(request, reply, {
      runner: deps.runner,
      concerns: (id) => id === job.id,
      snapshot: async () => {
        const current = await deps.store.get(job.id);
        return current && summaryOf(current, deps, now());
      },
      moving: (summary) => summary.state === 'running',
      everyMs: PUSH_EVERY_MS,
      logger: ctx.logger,
      about: { job: job.id },
    });
  });
}
