// GET /audit, the proxy's audit log (issue 5: every mutating call and WebSocket trade
// op; roles with audit.read). Not an exchange path, so not in the catalog: the query is
// checked against the contract's schema here, and refused before sending, naming the field.
import type { z } from 'zod';
import { auditPageSchema, auditQuerySchema, type AuditPage, type AuditRow } from '@contract/schemas/audit';
import { check } from '@contract/core/validation';
import { DeskApiError, clientErrorCodes } from './api-error';
import type { ApiFetch } from './api-fetch';

export type { AuditPage, AuditRow };

/** The query as it travels: text values (`from`, `to` and `cursor` as Unix milliseconds / ids). */
export type AuditQueryInput = z.input<typeof auditQuerySchema>;

/** One page, newest first; `cursor` is null on the last page. */
export async function fetchAuditPage(apiFetch: ApiFetch, query: AuditQueryInput, opts: { signal?: AbortSignal | undefined } = {}): Promise<AuditPage> {
  const sent = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as AuditQueryInput;
  const checked = check(auditQuerySchema, sent);
  if (!checked.ok) throw new DeskApiError({ code: clientErrorCodes.invalidRequest, msg: `${checked.field}: ${checked.message}; nothing was sent`, status: 0, field: checked.field });
  const raw = await apiFetch({ path: '/audit', query: sent, signal: opts.signal });
  const parsed = auditPageSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `/audit answered with an unexpected ${field}: ${issue?.message ?? 'shape'}`, status: 200, field });
  }
  return parsed.data;
}

/** Every row matching the query, newest first, following the cursor (at most `maxPages` pages of 100). */
export async function fetchAuditRows(
  apiFetch: ApiFetch,
  query: Omit<AuditQueryInput, 'cursor' | 'limit'>,
  opts: { maxPages?: number; signal?: AbortSignal } = {},
): Promise<{ rows: AuditRow[]; complete: boolean }> {
  const rows: AuditRow[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < (opts.maxPages ?? 50); page++) {
    const parsed = await fetchAuditPage(apiFetch, { ...query, limit: '100', cursor: cursor ?? undefined }, { signal: opts.signal });
    rows.push(...parsed.list);
    cursor = parsed.cursor;
    if (!cursor) return { rows, complete: true };
  }
  return { rows, complete: false };
}
