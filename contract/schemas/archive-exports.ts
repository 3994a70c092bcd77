// A CSV export of the archive run as a job in the proxy (issue 20 item 4, issue 21): the
// proxy builds the file in the background and keeps it in the desk's database, so it
// survives a reload of the page and can be downloaded from any proxy on that database.
import { z } from 'zod';
import { archiveFeeds, archiveRangeFields, rangeInOrder } from './archive';

/** POST /archive/exports: what to export (the same range fields as the archive's query). */
export const archiveExportRequestSchema = z
  .strictObject({
    feed: z.enum(archiveFeeds, { error: `must be one of ${archiveFeeds.join(', ')}` }),
    ...archiveRangeFields,
  })
  .superRefine(rangeInOrder);
export type ArchiveExportRequest = z.input<typeof archiveExportRequestSchema>;

/**
 * running: being built; done: the file can be downloaded; canceled: stopped by its user,
 * its file deleted; failed: given up after repeated errors (its `error` says which), what
 * it wrote kept, so a retry goes on after the last chunk.
 */
export const archiveExportStates = ['running', 'done', 'canceled', 'failed'] as const;
export type ArchiveExportState = (typeof archiveExportStates)[number];

/** One export job as the screens list it. */
export const archiveExportSchema = z.object({
  id: z.number(),
  account: z.string(),
  user: z.string(),
  feed: z.enum(archiveFeeds),
  /** The range asked (null: open on that side; ref null: every record). */
  from: z.number().nullable(),
  to: z.number().nullable(),
  ref: z.string().nullable(),
  state: z.enum(archiveExportStates),
  /** Rows written so far, of the rows the range held when the job (re)started. */
  rows: z.number(),
  total: z.number(),
  /** Why a failed export stopped (null in every other state). */
  error: z.string().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type ArchiveExport = z.infer<typeof archiveExportSchema>;
