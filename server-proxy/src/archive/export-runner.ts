// Builds the CSV exports run as jobs (issue 20 item 4) in the background: a page of archive
// rows at a time, oldest first, each page one chunk of the file written with the job's
// progress (export-store.ts). The lines are the streamed .csv route's (ArchiveStore.csvPage).
// A job left running by a proxy that stopped is taken up at the next start, or, with other
// proxies on the database, by whichever claims it once its lease has run out; it goes on
// after the last chunk written. A run that fails is tried again after a backoff
// (LeasedRunner); after EXPORT_ATTEMPTS failures in a row the export is given up as
// failed, with the error on its line, and its user can retry it.
import type { Logger } from 'pino';
import { archiveCsvHeader } from '@contract/schemas/archive';
import type { Clock } from '@contract/core/clock';
import type { ArchiveStore } from './archive-store';
import type { ExportStore } from './export-store';
import { LeasedRunner } from '../core/leased-runner';

/** Rows per chunk: the archive's read page (bounded memory, one transaction a page). */
export const EXPORT_PAGE_ROWS = 1_000;
/** Runs that may fail in a row (about 15 s of backoff) before an export is given up. */
export const EXPORT_ATTEMPTS = 5;

export interface ExportRunnerDeps {
  exports: ExportStore;
  archive: Pick<ArchiveStore, 'csvPage' | 'count'>;
  clock: Clock;
  logger?: Logger | undefined;
  /** Who this process is, for the lease (install-jobs.ts: 'embedded', or host:pid on a shared database). */
  owner: string;
  /** How long a claim holds an export (the jobs' lease). */
  leaseMs: number;
  /** The wait before retry n of a failed run (tests shorten it). */
  backoffMs?: (attempt: number) => number;
}

export class ExportRunner extends LeasedRunner {
  constructor(private readonly deps: ExportRunnerDeps) {
    super('export', deps.logger, deps.backoffMs);
  }

  protected override async failed(id: number, attempts: number, message: string): Promise<boolean> {
    if (attempts < EXPORT_ATTEMPTS) return true;
    const { exports, owner, clock } = this.deps;
    const given = await exports.fail(id, owner, `stopped after ${attempts} failed attempts: ${message}`, clock.now());
    if (given) this.emit('progress', id);
    // Not given up (another proxy holds it, or it was canceled meanwhile): nothing more to do here.
    return false;
  }

  protected runnable(): Promise<number[]> {
    return this.deps.exports.runnable();
  }

  protected async run(id: number): Promise<void> {
    const { exports, archive, clock, owner, leaseMs } = this.deps;
    let counted = false;
    for (;;) {
      if (this.closed) return;
      const job = await exports.get(id);
      if (!job || job.state !== 'running') return;
      const now = clock.now();
      if (!(await exports.claim(id, owner, now, now + leaseMs))) return;
      if (!counted) {
        // Rows archived since the job began (a sync ran) are in the file too: the total says so.
        await exports.setTotal(id, Math.max(job.rows, await archive.count(job.feed, job.account, job.range)), owner);
        counted = true;
      }
      const page = await archive.csvPage(job.feed, job.account, job.range, EXPORT_PAGE_ROWS, job.after ?? undefined);
      const chunk = { header: archiveCsvHeader(job.feed), csv: page.text, rows: page.rows, after: page.last ?? job.after };
      // An empty last page still writes a chunk when the file has none (the header alone).
      if ((page.rows > 0 || job.after === null) && !(await exports.append(id, owner, chunk, clock.now()))) return;
      this.emit('progress', id);
      if (page.rows < EXPORT_PAGE_ROWS) {
        if (await exports.finish(id, owner, clock.now())) this.deps.logger?.info({ export: id, feed: job.feed, account: job.account, rows: job.rows + page.rows }, 'export done');
        return;
      }
    }
  }
}
