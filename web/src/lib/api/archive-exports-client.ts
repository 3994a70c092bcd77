// CSV exports of the archive run as jobs in the proxy (POST/GET /archive/exports): the
// proxy builds the file and keeps it, so it survives a reload; the screens start one,
// list the account's, and link to a finished file. A request is checked against the
// contract's schema first and refused before sending, naming the field.
import { archiveExportRequestSchema, archiveExportSchema, type ArchiveExport, type ArchiveExportRequest } from '@contract/schemas/archive-exports';
import type { ApiFetch } from './api-fetch';
import { checkedBeforeSending, utcMinute } from './archive-client';

export type { ArchiveExport, ArchiveExportRequest };

export async function startArchiveExport(apiFetch: ApiFetch, request: ArchiveExportRequest): Promise<ArchiveExport> {
  const sent = checkedBeforeSending(archiveExportRequestSchema, request);
  return archiveExportSchema.parse(await apiFetch({ method: 'POST', path: '/archive/exports', body: sent, account: sent.account }));
}

export async function fetchArchiveExports(apiFetch: ApiFetch, account: string | null, signal?: AbortSignal): Promise<ArchiveExport[]> {
  return archiveExportSchema.array().parse(await apiFetch({ path: '/archive/exports', query: { account }, signal }));
}

/** Stops a running export of the user's; the proxy deletes what it wrote. Answers the export as it now is. */
export async function cancelArchiveExport(apiFetch: ApiFetch, job: Pick<ArchiveExport, 'id' | 'account'>): Promise<ArchiveExport> {
  return archiveExportSchema.parse(await apiFetch({ method: 'POST', path: `/archive/exports/${job.id}/cancel`, account: job.account }));
}

/** Goes on with a failed export of the user's after its last chunk. Answers the export as it now is. */
export async function retryArchiveExport(apiFetch: ApiFetch, job: Pick<ArchiveExport, 'id' | 'account'>): Promise<ArchiveExport> {
  return archiveExportSchema.parse(await apiFetch({ method: 'POST', path: `/archive/exports/${job.id}/retry`, account: job.account }));
}

export const archiveExportFileUrl = (id: number) => `/archive/exports/${id}/csv`;

/** The proxy's push of the list (server-sent events), for the account or the user's default one. */
export const archiveExportEventsUrl = (account: string | null) => `/archive/exports/events${account === null ? '' : `?account=${encodeURIComponent(account)}`}`;

/** A pushed list, checked as the GET's answer is; undefined for anything else (the next push or poll corrects it). */
export function parsePushedExports(text: string): ArchiveExport[] | undefined {
  try {
    const parsed = archiveExportSchema.array().safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The state as the list says it. */
export const exportStateText: Record<ArchiveExport['state'], string> = { running: 'building', done: 'done', canceled: 'canceled', failed: 'failed' };

/** While one is being built and no push arrives, the list asks again; when none is, it stops asking. */
export const exportsStillRunning = (jobs: readonly ArchiveExport[] | undefined) => (jobs ?? []).some((j) => j.state === 'running');

/** "fills from 2025-01-01 00:00 UTC to 2025-02-01 00:00 UTC, ref 123": what the export holds. */
export function exportRangeText(job: Pick<ArchiveExport, 'feed' | 'from' | 'to' | 'ref'>): string {
  const from = job.from === null ? 'the first record' : utcMinute(job.from);
  const to = job.to === null ? 'the last record' : utcMinute(job.to);
  return `${job.feed} from ${from} to ${to}${job.ref === null ? '' : `, ${job.ref} only`}`;
}

/**
 * "1,000 of 2,500 rows written" while running; "2,500 rows" when done; "stopped at 1,000 of
 * 2,500 rows; file deleted" once canceled; "stopped at 1,000 of 2,500 rows: <why>" once failed.
 */
export function exportProgressText(job: Pick<ArchiveExport, 'state' | 'rows' | 'total' | 'error'>): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (job.state === 'done') return `${n(job.rows)} rows`;
  if (job.state === 'canceled') return `stopped at ${n(job.rows)} of ${n(job.total)} rows; file deleted`;
  if (job.state === 'failed') return `stopped at ${n(job.rows)} of ${n(job.total)} rows: ${job.error ?? 'no reason recorded'}`;
  return `${n(job.rows)} of ${n(job.total)} rows written`;
}
