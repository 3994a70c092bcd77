// The filters of the history lists (spec 4.6 time range; category, symbol or coin), and
// their translation into query parameters. Time inputs are local date-times; the range
// is checked before anything is sent.
export interface HistoryFilters {
  /** Unix ms as text, or '' for open-ended. */
  start: string;
  end: string;
  category: '' | 'spot' | 'margin' | 'usdt-futures';
  /** A symbol for orders and fills, a coin for financial records. */
  symbol: string;
}

export const noFilters: HistoryFilters = { start: '', end: '', category: '', symbol: '' };

/** "2024-05-01T12:30:05" (local, as a datetime-local input gives it) -> "1714566605000"; '' stays ''. */
export function localInputToMs(value: string): string | null {
  if (value === '') return '';
  const t = new Date(value).getTime();
  return Number.isFinite(t) && t >= 0 ? String(t) : null;
}

/** Unix ms as text -> the datetime-local value (seconds precision) in local time. */
export function msToLocalInput(ms: string): string {
  if (!/^\d+$/.test(ms)) return '';
  const d = new Date(Number(ms));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
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
