// Times as the exchange sends them (Unix milliseconds as text) for display.

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** "1700000000123" -> "22:13:20" in local time; an empty or malformed value -> fallback. */
export function formatClock(ms: string | number | undefined, fallback = '—'): string {
  const d = toDate(ms);
  if (!d) return fallback;
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** "2023-11-14 22:13:20" in local time. */
export function formatDateTime(ms: string | number | undefined, fallback = '—'): string {
  const d = toDate(ms);
  if (!d) return fallback;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${formatClock(d.getTime())}`;
}

function toDate(ms: string | number | undefined): Date | null {
  if (ms === undefined || ms === '') return null;
  const n = typeof ms === 'number' ? ms : /^\d{1,16}$/.test(ms) ? Number(ms) : NaN;
  if (!Number.isFinite(n)) return null;
  return new Date(n);
}

// The text of an <input type="datetime-local"> and Unix milliseconds, both ways, in the
// browser's time zone: one pair for every screen with a time range (history, ops), so a
// range typed on one screen means the same instant on another.
const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** "2024-05-01T12:30" or "2024-05-01T12:30:05" (local) -> Unix ms; anything else -> undefined. */
export function parseLocalDateTime(text: string): number | undefined {
  if (!LOCAL_INPUT.test(text)) return undefined;
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) && ms >= 0 ? ms : undefined;
}

/** Unix ms -> the input's value in local time, to the second or to the minute. */
export function formatLocalDateTime(ms: number, precision: 'seconds' | 'minutes' = 'seconds'): string {
  const text = formatDateTime(ms).replace(' ', 'T');
  return precision === 'minutes' ? text.slice(0, 16) : text;
}
