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
