// Puts the archive into a proxy: its store in the given SQLite file (main.ts opens
// archive.sqlite beside the audit log), the sync, and the routes. A proxy given no file
// (most tests) keeps the archive in memory and syncs only when asked.
import type { Database } from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import type { DeskContext } from './desk-context';
import { openDatabase } from '../core/open-database';
import { registerArchiveRoutes } from './archive-routes';
import { ArchiveStore } from '../archive/archive-store';
import { ArchiveSync } from '../archive/archive-sync';
import { archiveFetcher } from '../archive/archive-upstream';

export interface ArchiveOptions {
  db?: Database | undefined;
  /** How often the sync runs by itself (ms); 0: only on request. Default 60 s with a file, else 0. */
  intervalMs?: number | undefined;
}

export function installArchive(app: FastifyInstance, ctx: DeskContext, options: ArchiveOptions = {}): { store: ArchiveStore; sync: ArchiveSync } {
  const store = new ArchiveStore(options.db ?? openDatabase(':memory:'));
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
