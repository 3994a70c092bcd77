// GET /audit, the proxy's audit log (issue 5; admin, ops and broker roles hold audit.read).
import { auditPageSchema, type AuditRow } from '@contract/schemas/audit';
import type { ApiFetch } from '@web/lib/api/api-fetch';

export type { AuditRow };

export interface AuditFilter {
  endpoint?: string;
  account?: string;
  user?: string;
}

/** Every row matching the filter, newest first, following the cursor (at most `maxPages` pages of 100). */
export async function fetchAuditRows(apiFetch: ApiFetch, filter: AuditFilter, opts: { maxPages?: number; signal?: AbortSignal } = {}): Promise<{ rows: AuditRow[]; complete: boolean }> {
  const rows: AuditRow[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < (opts.maxPages ?? 50); page++) {
    const raw = await apiFetch({ path: '/audit', query: { ...filter, limit: 100, cursor: cursor ?? undefined }, signal: opts.signal });
    const parsed = auditPageSchema.parse(raw);
    rows.push(...parsed.list);
    cursor = parsed.cursor;
    if (!cursor) return { rows, complete: true };
  }
  return { rows, complete: false };
}
