// The filters of the history lists (spec 4.6 time range; category, symbol or coin), and
// their translation into query parameters. Time inputs are local date-times; the range
// is checked before anything is sent.
import type { TradedCategory } from '@contract/schemas/common';
import { formatLocalDateTime, parseLocalDateTime } from '@web/lib/format/format-time';

export interface HistoryFilters {
  /** Unix ms as text, or '' for open-ended. */
  start: string;
  end: string;
  category: '' | TradedCategory;
  /** A symbol for orders and fills, a coin for financial records. */
  symbol: string;
}

export const noFilters: HistoryFilters = { start: '', end: '', category: '', symbol: '' };

/** A datetime-local value -> Unix ms as text ('' for an open end), or null when it is not a time. */
export function localInputToMs(value: string): string | null {
  if (value === '') return '';
  const ms = parseLocalDateTime(value);
  return ms === undefined ? null : String(ms);
}

/** Unix ms as text -> the datetime-local value (seconds precision); '' for an open end. */
export function msToLocalInput(ms: string): string {
  return /^\d+$/.test(ms) ? formatLocalDateTime(Number(ms)) : '';
}

/** The problem with a range, naming the field, or null when it is fine. */
export function rangeProblem(f: Pick<HistoryFilters, 'start' | 'end'>): { field: 'end'; message: string } | null {
  if (f.start && f.end && BigInt(f.end) < BigInt(f.start)) return { field: 'end', message: 'The end of the range must not be before its start' };
  return null;
}

/** The spec 4.6 query of a filter set (without cursor and limit); empty filters are left out. */
export function filterParams(f: HistoryFilters, symbolParam: 'symbol' | 'coin') {
  return {
    ...(f.start ? { startTime: f.start } : {}),
    ...(f.end ? { endTime: f.end } : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.symbol ? { [symbolParam]: f.symbol } : {}),
  };
}
