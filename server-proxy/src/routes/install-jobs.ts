// Puts the jobs on a proxy: the store on the given database, the runner, and /jobs.
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@contract/catalog/endpoints';
import type { DeskDb } from '../core/storage/open-storage';
import type { DeskContext } from './desk-context';
import { upstreamPathOf } from '../upstream/upstream-path';
import { registerJobRoutes } from './job-routes';
import { JOB_LEASE_MS, JobRunner } from '../jobs/job-runner';
import { KyselyJobStore, type JobStore } from '../jobs/job-store';

export interface InstalledJobs {
  store: JobStore;
  runner: JobRunner;
  /** Continues the jobs an earlier process left running. */
  resumeAll(): Promise<number>;
  close(): void;
}

export interface JobOwnership {
  /**
   * Who runs jobs here. One proxy owns an embedded SQLite file, so a restarted process is
   * the same owner ('embedded') and takes its jobs back at once. On a shared database
   * (issue 22) each process is its own owner (host:pid) and waits out another's lease.
   */
  owner: string;
  /** Whether other proxies share the database: then running jobs are looked for every lease / 3. */
  shared: boolean;
  leaseMs?: number | undefined;
}

export function installJobs(app: FastifyInstance, ctx: DeskContext, db: DeskDb, ownership: JobOwnership = { owner: 'embedded', shared: false }): InstalledJobs {
  const store = new KyselyJobStore(db);
  const leaseMs = ownership.leaseMs ?? JOB_LEASE_MS;
  const runner = new JobRunner({
    store,
    audit: ctx.auditStore,
    shaper: ctx.shaper,
    upstream: ctx.upstream,
    keyStore: ctx.keyStore,
    clock: ctx.clock,
    logger: ctx.logger,
    upstreamPath: upstreamPathOf(endpoints.setSubaccountAutotransfer, ctx),
    owner: ownership.owner,
    leaseMs,
  });
  registerJobRoutes(app, ctx, { store, runner });
  if (ownership.shared) runner.watch(Math.max(100, Math.floor(leaseMs / 3)));
  return { store, runner, resumeAll: () => runner.resumeAll(), close: () => runner.close() };
}
