// Puts the jobs on a proxy: the store on the given database, the runner, and /jobs.
import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contract/catalog/endpoints';
import type { DeskContext } from './desk-context';
import { upstreamPathOf } from '../upstream/upstream-path';
import { registerJobRoutes } from './job-routes';
import { JobRunner } from '../jobs/job-runner';
import { SqliteJobStore, type JobStore } from '../jobs/job-store';

export interface InstalledJobs {
  store: JobStore;
  runner: JobRunner;
  /** Continues the jobs an earlier process left running. */
  resumeAll(): number;
  close(): void;
}

export function installJobs(app: FastifyInstance, ctx: DeskContext, db: Database): InstalledJobs {
  const store = new SqliteJobStore(db);
  const runner = new JobRunner({
    store,
    audit: ctx.auditStore,
    shaper: ctx.shaper,
    upstream: ctx.upstream,
    keyStore: ctx.keyStore,
    clock: ctx.clock,
    logger: ctx.logger,
    upstreamPath: upstreamPathOf(endpoints.setSubaccountAutotransfer, ctx),
    // One proxy owns an embedded SQLite file, so a restarted process is the same owner and
    // takes its jobs back at once. On a shared database (issue 22) it becomes host:pid.
    owner: 'embedded',
  });
  registerJobRoutes(app, ctx, { store, runner });
  return { store, runner, resumeAll: () => runner.resumeAll(), close: () => runner.close() };
}
