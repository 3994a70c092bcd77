// The loaded audit rows as CSV (lib/csv): every field as the proxy sent it, the time both
// as Unix milliseconds (exact, sortable) and as local time (readable).
import type { AuditRow } from '@web/lib/api/audit-log';
import { buildCsv, type CsvColumn } from '@web/lib/csv/csv-build';
import { formatDateTime } from '@web/lib/format/format-time';

export const auditCsvColumns: readonly CsvColumn<AuditRow>[] = [
  { header: 'id', value: (r) => String(r.id) },
  { header: 'time', value: (r) => String(r.time) },
  { header: 'localTime', value: (r) => formatDateTime(r.time) },
  { header: 'user', value: (r) => r.user },
  { header: 'account', value: (r) => r.account },
  { header: 'endpoint', value: (r) => r.endpoint },
  { header: 'method', value: (r) => r.method },
  { header: 'path', value: (r) => r.path },
  { header: 'channel', value: (r) => r.channel },
  // `sent`: written before the call left, no result recorded (contract/schemas/audit.ts).
  { header: 'state', value: (r) => r.state ?? 'complete' },
  { header: 'httpStatus', value: (r) => String(r.httpStatus) },
  { header: 'code', value: (r) => r.code },
  { header: 'msg', value: (r) => r.msg },
  { header: 'orderIds', value: (r) => r.orderIds.join(' ') },
  { header: 'clientOids', value: (r) => r.clientOids.join(' ') },
  { header: 'requestBody', value: (r) => r.requestBody },
];

export function auditCsv(rows: readonly AuditRow[]): string {
  return buildCsv(auditCsvColumns, rows);
}
