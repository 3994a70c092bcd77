// Puts the archive into a proxy: its store in the given database (main.ts passes the
// archive store: archive.sqlite beside the audit log, or the team's PostgreSQL), the sync,
// the routes, and the export jobs (built by whichever proxy holds their lease, as jobs are).
// A proxy given no database (most tests) keeps the archive in memory and
// syncs only when asked.
import type { FastifyInstance } from 'fastify';
import type { DeskContext } from './desk-context';
import { memoryStore, type DeskDb } from '../core/storage/open-storage';
import { registerArchiveRoutes } from './archive-routes';
import { registerArchiveExportRoutes } from './archive-export-routes';
import type { JobOwnership } from './install-jobs';
import { JOB_LEASE_MS } from '../jobs/job-runner';
import { ExportRunner } from '../archive/export-runner';
import { ExportStore } from '../archive/export-store';
import { ArchiveStore } from '../archive/archive-store';
import { ArchiveSync } from '../archive/archive-sync';
import { archiveFetcher } from '../archive/archive-upstream';

export interface ArchiveOptions {
  /** Who builds export jobs here (the jobs' ownership: other proxies may share the database). */
  ownership?: JobOwnership | undefined;
  db?: DeskDb | undefined;
  /** How often the sync runs by itself (ms); 0: only on request. Default 60 s with a file, else 0. */
  intervalMs?: number | undefined;
}

export interface InstalledArchive {
  store: ArchiveStore;
  sync: ArchiveSync;
  exports: ExportStore;
  /** Goes on with the exports an earlier process left running. */
  resumeExports(): Promise<number>;
}

export async function installArchive(app: FastifyInstance, ctx: DeskContext, options: ArchiveOptions = {}): Promise<InstalledArchive> {
  const db = options.db ?? (await memoryStore('archive'));
  const store = new ArchiveStore(db);
  const ownership = options.ownership ?? { owner: 'embedded', shared: false };
  const leaseMs = ownership.leaseMs ?? JOB_LEASE_MS;
  const sync = new ArchiveSync({
    store,
    fetch: archiveFetcher(ctx),
    accounts: () => ctx.keyStore.names().flatMap((name) => ctx.keyStore.get(name) ?? []),
    clock: ctx.clock,
    logger: ctx.logger,
    // Feeds are claimed as jobs are: with other proxies on the database, one syncs each.
    owner: ownership.owner,
    leaseMs,
  });
  registerArchiveRoutes(app, ctx, store, sync);
  const exports = new ExportStore(db);
  const runner = new ExportRunner({ exports, archive: store, clock: ctx.clock, logger: ctx.logger, owner: ownership.owner, leaseMs });
  registerArchiveExportRoutes(app, ctx, { exports, runner, archive: store });
  if (ownership.shared) runner.watch(Math.max(100, Math.floor(leaseMs / 3)));
  app.addHook('onClose', async () => runner.close());
  const intervalMs = options.intervalMs ?? (options.db ? 60_000 : 0);
  if (intervalMs > 0) app.addHook('onListen', async () => sync.start(intervalMs));
  app.addHook('onClose', async () => sync.stop());
  return { store, sync, exports, resumeExports: () => runner.resumeAll() };
}
