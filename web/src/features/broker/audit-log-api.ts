// The audit log reader lives in lib/api (the audit screen reads it too); the row type is
// named here for this feature's own modules.
export type { AuditRow } from '@web/lib/api/audit-log';
