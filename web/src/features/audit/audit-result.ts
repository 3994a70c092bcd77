// How the audit screen words a row's result. A row still `sent` was written before the
// call left and never completed (the proxy stopped mid-call, or the log failed to take
// the answer): it is no success and no failure; the order may exist.
import type { AuditRow } from '@web/lib/api/audit-log';

export type AuditResultTone = 'ok' | 'failed' | 'unknown';

export interface AuditResult {
  tone: AuditResultTone;
  /** The code column's text: the answer's code, or `sent` when there is none. */
  code: string;
  text: string;
}

export function auditResultOf(row: Pick<AuditRow, 'state' | 'code' | 'msg'>): AuditResult {
  if (row.state === 'unknown') return { tone: 'unknown', code: 'unknown', text: 'unknown, checking: the answer never came and the order may exist; the desk is checking it by clientOid' };
  if (row.state === 'sent') return { tone: 'unknown', code: 'sent', text: 'no result recorded: the call was sent and the order may exist; check it by its clientOid' };
  return { tone: row.code === '00000' || row.code === '0' ? 'ok' : 'failed', code: row.code, text: row.msg };
}

export const auditResultClass: Readonly<Record<AuditResultTone, string>> = { ok: 'text-buy', failed: 'text-sell', unknown: 'text-warn' };
