// The audit screen's filter form, as typed, turned into the GET /audit query (issue 5,
// contract/schemas/audit.ts). Times are typed as local date-times and sent as Unix
// milliseconds; a `to` covers the whole minute (or second) it names, so "until 10:00"
// includes what happened at 10:00:30.
import { auditQuerySchema } from '@contract/schemas/audit';
import { check } from '@contract/core/validation';
import type { AuditQueryInput } from '@web/lib/api/audit-log';

export interface AuditFilterForm {
  user: string;
  account: string;
  endpoint: string;
  code: string;
  /** `datetime-local` values: "2024-05-01T09:30" or "2024-05-01T09:30:15"; empty for none. */
  from: string;
  to: string;
  /** Rows per page, 1 to 100. */
  limit: string;
}

export type AuditFilterField = keyof AuditFilterForm;

export const emptyAuditFilter: AuditFilterForm = { user: '', account: '', endpoint: '', code: '', from: '', to: '', limit: '50' };

export type AuditQueryResult = { ok: true; query: Omit<AuditQueryInput, 'cursor'> } | { ok: false; field: AuditFilterField; message: string };

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Local date-time -> [first ms, last ms] of the minute (or second) it names; null when malformed. */
export function localTimeRange(text: string): [number, number] | null {
  const m = LOCAL_DATE_TIME.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? '0'));
  const start = date.getTime();
  // The Date constructor rolls over (Feb 30 -> Mar 1): refuse instead of querying another day.
  if (!Number.isFinite(start) || date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d) || start < 0) return null;
  return [start, start + (s === undefined ? 59_999 : 999)];
}

export function auditQueryFrom(form: AuditFilterForm): AuditQueryResult {
  const query: Omit<AuditQueryInput, 'cursor'> = {};
  for (const key of ['user', 'account', 'endpoint', 'code'] as const) {
    const v = form[key].trim();
    if (v) query[key] = v;
  }
  let from: number | undefined;
  if (form.from) {
    const range = localTimeRange(form.from);
    if (!range) return { ok: false, field: 'from', message: 'must be a date and time' };
    from = range[0];
    query.from = String(from);
  }
  if (form.to) {
    const range = localTimeRange(form.to);
    if (!range) return { ok: false, field: 'to', message: 'must be a date and time' };
    if (from !== undefined && range[1] < from) return { ok: false, field: 'to', message: 'must not be before From' };
    query.to = String(range[1]);
  }
  const limit = form.limit.trim();
  if (!/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > 100) return { ok: false, field: 'limit', message: 'must be a whole number from 1 to 100' };
  query.limit = String(Number(limit));
  // The contract's own bounds (lengths) too, so the proxy never has to refuse what the form let through.
  const checked = check(auditQuerySchema, query);
  if (!checked.ok) return { ok: false, field: (checked.field in emptyAuditFilter ? checked.field : 'user') as AuditFilterField, message: checked.message };
  return { ok: true, query };
}
