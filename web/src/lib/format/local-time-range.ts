// A time range typed into two <input type="datetime-local"> fields ("From", "To"), read
// into Unix ms as text for a query, or the problem to show beside the field that caused
// it. The archive screens (history's archive tab, ops' pledge-rate history) read their
// ranges with it, so the same text is refused the same way on both.
import { parseLocalDateTime } from './format-time';

export type TimeRangeField = 'from' | 'to';
export type LocalTimeRange =
  | { ok: true; range: { from?: string; to?: string } }
  | { ok: false; field: TimeRangeField; reason: string };

/** Empty text is an open end; anything else must be a local date and time, and "To" not before "From". */
export function readLocalTimeRange(from: string, to: string): LocalTimeRange {
  const f = from ? parseLocalDateTime(from) : undefined;
  const t = to ? parseLocalDateTime(to) : undefined;
  if (from && f === undefined) return { ok: false, field: 'from', reason: 'must be a date and time' };
  if (to && t === undefined) return { ok: false, field: 'to', reason: 'must be a date and time' };
  if (f !== undefined && t !== undefined && t < f) return { ok: false, field: 'to', reason: 'the range ends before it starts: "To" must not be before "From"' };
  return { ok: true, range: { ...(f !== undefined ? { from: String(f) } : {}), ...(t !== undefined ? { to: String(t) } : {}) } };
}
