// The pledge-rate history filters (spec 4.1) turned into the query the contract accepts.
// The range rule ("only the past three months can be queried") is checked here with the
// contract's own schema, so the reason shows before anything is sent.
import { reviseHistoryQueryAt, REVISE_HISTORY_MAX_PAGE_SIZE, type reviseSides } from '@contract/schemas/earn-broker-convert';
import { check } from '@contract/core/validation';
import { parseLocalDateTime } from '@web/lib/format/format-time';

export interface ReviseFilters {
  orderId: string;
  reviseSide: '' | (typeof reviseSides)[number];
  pledgeCoin: string;
  /** Local date-time text of an <input type="datetime-local">, e.g. "2025-03-01T09:30". */
  from: string;
  to: string;
  pageSize: string;
}

export type ReviseQuery = ReturnType<ReturnType<typeof reviseHistoryQueryAt>['parse']>;

/** The form's field for a field of the request, so the reason sits next to what the user typed. */
const formFieldOf: Record<string, keyof ReviseFilters> = { startTime: 'from', endTime: 'to', orderId: 'orderId', reviseSide: 'reviseSide', pledgeCoin: 'pledgeCoin', pageSize: 'pageSize' };

export type BuiltQuery = { ok: true; query: ReviseQuery } | { ok: false; field: keyof ReviseFilters; reason: string };

/** The query for page 1 (the caller sets pageNo), or the first problem named by its form field. */
export function buildReviseQuery(f: ReviseFilters, now: number): BuiltQuery {
  const start = parseLocalDateTime(f.from);
  if (start === undefined) return { ok: false, field: 'from', reason: 'must be a date and time' };
  const end = parseLocalDateTime(f.to);
  if (end === undefined) return { ok: false, field: 'to', reason: 'must be a date and time' };
  const raw: Record<string, string> = { startTime: String(start), endTime: String(end), pageNo: '1', pageSize: f.pageSize.trim() || '10' };
  if (f.orderId.trim()) raw.orderId = f.orderId.trim();
  if (f.reviseSide) raw.reviseSide = f.reviseSide;
  if (f.pledgeCoin.trim()) raw.pledgeCoin = f.pledgeCoin.trim().toUpperCase();
  const checked = check(reviseHistoryQueryAt(() => now), raw);
  if (!checked.ok) {
    const reason = checked.field === 'pageSize' ? `must be a whole number from 1 to ${REVISE_HISTORY_MAX_PAGE_SIZE}` : checked.message;
    return { ok: false, field: formFieldOf[checked.field] ?? 'from', reason };
  }
  return { ok: true, query: checked.data };
}
