// A job's results as CSV: one line per row, in the order of the job, with its outcome.
import type { StoredJobRow } from './job-store';

const HEADER = ['row', 'subUid', 'coin', 'toAccountType', 'outcome', 'code', 'message', 'attempts', 'updatedAtIso', 'updatedAtMs'];

/** RFC 4180 quoting; a leading =, +, - or @ is defused so a spreadsheet never runs it. */
export function csvField(v: string | number): string {
  let s = String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function jobResultsCsv(rows: readonly StoredJobRow[]): string {
  const lines = [HEADER.join(',')];
  for (const r of rows) {
    const outcome = r.state === 'sending' ? 'unknown, checking' : r.state;
    lines.push([r.seq, r.subUid, r.coin, r.toAccountType, outcome, r.code, r.msg, r.attempts, new Date(r.updatedAt).toISOString(), r.updatedAt].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
