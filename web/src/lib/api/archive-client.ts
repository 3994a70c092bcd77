// The proxy's archive (GET /archive/...): history the exchange no longer serves. Not an
// exchange path, so not in the catalog: queries are checked against the contract's schema
// here and refused before sending, naming the field. Used by the ops and history screens.
import { archivePageSchema, archiveQuerySchema, archiveStatusSchema, archiveSyncReportSchema, type ArchiveFeed, type ArchiveMeta, type ArchivePage, type ArchiveQuery, type ArchiveStatus, type ArchiveSyncReport } from '@contract/schemas/archive';
import { check } from '@contract/core/validation';
import type { z } from 'zod';
import { DeskApiError, clientErrorCodes } from './api-error';
import { buildQueryString, type ApiFetch } from './api-fetch';

export type { ArchiveFeed, ArchivePage, ArchiveQuery, ArchiveStatus };

/** What is sent of a request to the archive: empty fields left out (no bound), the rest checked, or refused naming the field. */
export function checkedBeforeSending<T extends object>(schema: z.ZodType, request: T): T {
  const sent = Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined && v !== '')) as T;
  const c = check(schema, sent);
  if (!c.ok) throw new DeskApiError({ code: clientErrorCodes.invalidRequest, msg: `${c.field}: ${c.message}; nothing was sent`, status: 0, field: c.field });
  return sent;
}

const checked = (query: ArchiveQuery): ArchiveQuery => checkedBeforeSending(archiveQuerySchema, query);

function parsed<S extends z.ZodType>(schema: S, raw: unknown, path: string): z.infer<S> {
  const p = schema.safeParse(raw);
  if (p.success) return p.data;
  const issue = p.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `${path} answered with an unexpected ${field}: ${issue?.message ?? 'shape'}`, status: 200, field });
}

export async function fetchArchivePage(apiFetch: ApiFetch, feed: ArchiveFeed, query: ArchiveQuery, opts: { signal?: AbortSignal | undefined } = {}): Promise<ArchivePage> {
  const path = `/archive/${feed}`;
  return parsed(archivePageSchema, await apiFetch({ path, query: checked(query), signal: opts.signal }), path);
}

/** Every matching row, oldest first, following `next` (at most `maxRows`). */
export async function fetchArchiveRows(apiFetch: ApiFetch, feed: ArchiveFeed, query: Omit<ArchiveQuery, 'after' | 'limit'>, maxRows = 50_000): Promise<ArchivePage> {
  let page = await fetchArchivePage(apiFetch, feed, { ...query, limit: '5000' });
  const rows = [...page.rows];
  let archiveOnly = page.meta.archiveOnly;
  while (page.meta.next !== null && rows.length < maxRows) {
    page = await fetchArchivePage(apiFetch, feed, { ...query, limit: '5000', after: page.meta.next });
    rows.push(...page.rows);
    archiveOnly += page.meta.archiveOnly;
  }
  return { rows, meta: { ...page.meta, archiveOnly, next: page.meta.next } };
}

export async function fetchArchiveStatus(apiFetch: ApiFetch): Promise<ArchiveStatus> {
  return parsed(archiveStatusSchema, await apiFetch({ path: '/archive/status' }), '/archive/status');
}

/** Runs a sync pass of the given feeds for the current account now; resolves when it ends. */
export async function syncArchive(apiFetch: ApiFetch, feeds: readonly ArchiveFeed[]): Promise<ArchiveSyncReport[]> {
  return parsed(archiveSyncReportSchema.array(), await apiFetch({ method: 'POST', path: '/archive/sync', query: { feed: feeds.join(',') } }), '/archive/sync');
}

/** What a "Sync now" did: new records, why it stopped, and which feeds another proxy of the desk is syncing. */
export function syncReportText(reports: readonly ArchiveSyncReport[]): string {
  const failed = reports.filter((r) => !r.ok);
  if (failed.length) return `Sync stopped: ${failed.map((r) => r.error).join('; ')}`;
  const added = reports.reduce((n, r) => n + r.added, 0);
  const elsewhere = [...new Set(reports.filter((r) => r.skipped !== undefined).map((r) => r.feed))];
  const note = elsewhere.length ? ` Another proxy of this desk is syncing ${elsewhere.join(', ')}; its records appear as it stores them.` : '';
  return `Synced: ${added.toLocaleString('en-US')} new records.${note}`;
}

/**
 * The archive's CSV of a range, streamed from the proxy; `onProgress` hears rows read
 * and the total the proxy announced. Resolves to the text and the number of rows.
 */
export async function readArchiveCsv(
  feed: ArchiveFeed,
  query: Omit<ArchiveQuery, 'after' | 'limit'>,
  account: string | null,
  onProgress: (rows: number, total: number) => void,
  signal?: AbortSignal,
): Promise<{ text: string; rows: number }> {
  const headers: Record<string, string> = { accept: 'text/csv' };
  if (account) headers['x-desk-account'] = account;
  const response = await fetch(`/archive/${feed}.csv${buildQueryString(checked(query))}`, { headers, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok || !response.body) {
    let msg = `HTTP ${response.status}`;
    try {
      msg = ((await response.json()) as { msg?: string }).msg ?? msg;
    } catch {
      // the status says enough
    }
    throw new DeskApiError({ code: clientErrorCodes.badResponse, msg, status: response.status });
  }
  const total = Number(response.headers.get('x-archive-rows') ?? '0');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const parts: string[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) lines++;
    onProgress(Math.max(0, lines - 1), total);
  }
  const rows = Math.max(0, lines - 1);
  onProgress(rows, total);
  return { text: parts.join(''), rows };
}

/** "2026-01-05 14:03 UTC": minutes are enough to read a span; the CSV has the milliseconds. */
export function utcMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The completeness note of an archive answer, in words (`noun`: what the rows are). */
export function archiveNote(meta: ArchiveMeta, shown: number, noun: string): string[] {
  const lines: string[] = [];
  const spans = meta.complete;
  if (spans.length === 0) lines.push('The archive has no complete span yet: a sync has not finished.');
  else lines.push(`The archive is complete from ${spans[0]!.from === 0 ? 'the first record' : utcMinute(spans[0]!.from)} to ${utcMinute(spans[spans.length - 1]!.to)}${spans.length > 1 ? `, in ${spans.length} spans` : ''}.`);
  for (const g of meta.gaps) {
    lines.push(
      g.state === 'lost'
        ? `Missing from ${utcMinute(g.from)} to ${utcMinute(g.to)}: it aged out of the exchange's window before it was archived.`
        : `Not yet archived from ${utcMinute(g.from)} to ${utcMinute(g.to)} (${g.reason}); retried on the next sync.`,
    );
  }
  if (meta.apiWindowFrom !== null) {
    lines.push(`${meta.archiveOnly} of ${shown} ${noun} shown are older than the exchange's three-month window (before ${utcMinute(meta.apiWindowFrom)}): they come from the archive only.`);
  }
  if (meta.notice) lines.push(meta.notice);
  return lines;
}
