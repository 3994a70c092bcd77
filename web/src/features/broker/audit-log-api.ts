// GET /audit, the proxy's audit log (issue 5; admin, ops and broker roles hold audit.read).
// The proxy owns these shapes (server-proxy/src/audit/audit-schemas.ts) and notes they
// move to contract/schemas/ once the web app reads them; until then this is the web's
// reading of them, limited to the fields the desk uses, and checked on arrival.
import { z } from 'zod';
import type { ApiFetch } from '@web/lib/api/api-fetch';

export const auditRowSchema = z.object({
  id: z.number().int(),
  time: z.number().int(),
  user: z.string(),
  account: z.string(),
  endpoint: z.string(),
  requestBody: z.string(),
  httpStatus: z.number().int(),
  code: z.string(),
  msg: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({ list: z.array(auditRowSchema), cursor: z.string().nullable() });

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
