// Puts the archive into a proxy: its store in the given database (main.ts passes the
// archive store: archive.sqlite beside the audit log, or the team's PostgreSQL), the sync,
// and the routes. A proxy given no database (most tests) keeps the archive in memory and
// syncs only when asked.
import type { FastifyInstance } from 'fastify';
import type { DeskContext } from './desk-context';
import { memoryStore, type DeskDb } from '../core/storage/open-storage';
import { registerArchiveRoutes } from './archive-routes';
import { ArchiveStore } from '../archive/archive-store';
import { ArchiveSync } from '../archive/archive-sync';
import { archiveFetcher } from '../archive/archive-upstream';

export interface ArchiveOptions {
  db?: DeskDb | undefined;
  /** How often the sync runs by itself (ms); 0: only on request. Default 60 s with a file, else 0. */
  intervalMs?: number | undefined;
}

export async function installArchive(app: FastifyInstance, ctx: DeskContext, options: ArchiveOptions = {}): Promise<{ store: ArchiveStore; sync: ArchiveSync }> {
  const store = new ArchiveStore(options.db ?? (await memoryStore('archive')));
  const sync = new ArchiveSync({
    store,
    fetch: archiveFetcher(ctx),
    accounts: () => ctx.keyStore.names().flatMap((name) => ctx.keyStore.get(name) ?? []),
    clock: ctx.clock,
    logger: ctx.logger,
  });
  registerArchiveRoutes(app, ctx, store, sync);
  const intervalMs = options.intervalMs ?? (options.db ? 60_000 : 0);
  if (intervalMs > 0) app.addHook('onListen', async () => sync.start(intervalMs));
  app.addHook('onClose', async () => sync.stop());
  return { store, sync };
}
