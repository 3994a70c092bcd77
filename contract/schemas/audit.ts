// The desk's audit log (GET /audit on the proxy): not part of the exchange interface,
// but shared by the proxy, which writes and serves it, and the web app, which reads it.
import { z } from 'zod';

export const auditEntrySchema = z.strictObject({
  time: z.number().int(),
  user: z.string(),
  account: z.string(),
  /** Catalog endpoint id, or `ws:<topic>` for WebSocket trade ops. */
  endpoint: z.string(),
  method: z.string(),
  path: z.string(),
  channel: z.enum(['rest', 'ws']),
  requestBody: z.string(),
  httpStatus: z.number().int(),
  code: z.string(),
  msg: z.string(),
  orderIds: z.array(z.string()),
  clientOids: z.array(z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditRowSchema = auditEntrySchema.extend({ id: z.number().int() });
export type AuditRow = z.infer<typeof auditRowSchema>;

const digits = (field: string) => z.string().regex(/^\d{1,16}$/, `${field}: must be a whole number`);

/** GET /audit query: filters and paging (newest first, cursor = the last id seen). */
export const auditQuerySchema = z.strictObject({
  user: z.string().max(64).optional(),
  account: z.string().max(32).optional(),
  endpoint: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
  from: digits('from').transform(Number).optional(),
  to: digits('to').transform(Number).optional(),
  cursor: digits('cursor').transform(Number).optional(),
  limit: digits('limit')
    .transform(Number)
    .pipe(z.number().int().min(1, 'limit: must be 1 to 100').max(100, 'limit: must be 1 to 100'))
    .optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ list: z.array(auditRowSchema), cursor: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
