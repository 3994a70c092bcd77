// The desk's own job API (issue 20): a bulk auto-transfer runs as a job in the proxy, not
// in the browser. These are the shapes the web sends and reads at /jobs; the proxy keeps
// the job and each row's outcome in its database.
import { z } from 'zod';
import { coin, uid } from './common';
import { autoTransferAccountTypes } from './earn-broker-convert';

/** Rows per job: more than a broker's whole list for one coin; a bigger file is split. */
export const MAX_JOB_ROWS = 1500;
/** The body limit of POST /jobs/autotransfer: MAX_JOB_ROWS rows of about 70 bytes, with room. */
export const JOB_BODY_LIMIT_BYTES = 160 * 1024;

export const jobStates = ['running', 'paused', 'cancelled', 'done'] as const;
export type JobState = z.infer<typeof jobState>;
export const jobState = z.enum(jobStates);

/**
 * pending: not sent yet; sending: sent, answer not recorded (after a crash: unknown, to be
 * checked); applied: the exchange said success; failed: the exchange (or the desk) refused
 * it; skipped: the job was cancelled before the row was sent.
 */
export const jobRowStates = ['pending', 'sending', 'applied', 'failed', 'skipped'] as const;
export const jobRowState = z.enum(jobRowStates);
export type JobRowState = z.infer<typeof jobRowState>;

export const autoTransferJobRow = z.strictObject({
  subUid: uid,
  coin,
  toAccountType: z.enum(autoTransferAccountTypes),
});
export type AutoTransferJobRow = z.infer<typeof autoTransferJobRow>;

export const createAutoTransferJob = z
  .strictObject({
    rows: z.array(autoTransferJobRow).min(1, 'must hold at least one row').max(MAX_JOB_ROWS, `must hold at most ${MAX_JOB_ROWS} rows; split the file`),
  })
  .superRefine((job, ctx) => {
    const seen = new Map<string, number>();
    job.rows.forEach((r, i) => {
      const key = `${r.subUid}|${r.coin}`;
      const first = seen.get(key);
      if (first !== undefined) ctx.addIssue({ code: 'custom', path: ['rows', i], message: `repeats row ${first + 1} (sub-account ${r.subUid}, ${r.coin})` });
      else seen.set(key, i);
    });
  });
export type CreateAutoTransferJob = z.infer<typeof createAutoTransferJob>;

export const jobActions = ['pause', 'resume', 'cancel', 'retry-failed'] as const;
export const jobAction = z.enum(jobActions);
export type JobAction = z.infer<typeof jobAction>;

export const jobSummary = z.object({
  id: z.number(),
  kind: z.literal('autotransfer'),
  account: z.string(),
  user: z.string(),
  state: jobState,
  createdAt: z.number(),
  updatedAt: z.number(),
  total: z.number(),
  applied: z.number(),
  failed: z.number(),
  skipped: z.number(),
  /** Rows not yet settled (pending or sending). */
  remaining: z.number(),
  /** Rows settled per second over the last few seconds; null before there is a measure. */
  ratePerSecond: z.number().nullable(),
  /** Estimated time left at that rate; null when unknown or nothing remains. */
  etaMs: z.number().nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobRow = z.object({
  seq: z.number(),
  subUid: z.string(),
  coin: z.string(),
  toAccountType: z.enum(autoTransferAccountTypes),
  state: jobRowState,
  code: z.string(),
  msg: z.string(),
  attempts: z.number(),
  updatedAt: z.number(),
});
export type JobRow = z.infer<typeof jobRow>;

/** The last setting this desk applied per sub-account and coin (the exchange has no read-back). */
export const deskSetting = z.object({ subUid: z.string(), coin: z.string(), toAccountType: z.enum(autoTransferAccountTypes), setAt: z.number(), jobId: z.number() });
export type DeskSetting = z.infer<typeof deskSetting>;
