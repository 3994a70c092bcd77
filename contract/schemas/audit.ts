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
  /** The proxy's ID of the HTTP request (x-request-id), also in its log lines; absent on WebSocket ops and older rows. */
  requestId: z.string().max(64).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * A mutation's row is written before it is sent (state `sent`: the result is not known,
 * httpStatus 0, code and msg empty) and completed when the answer comes (`complete`).
 * A row still `sent` means the proxy never learnt the outcome (it stopped mid-call, or
 * the log failed to take the result): the order may exist.
 */
/* `unknown`: the answer never came (timed out, or the link dropped): the order may exist,
 * and the proxy is checking it by clientOid; the row is completed with what it finds. */
export const auditStates = ['sent', 'unknown', 'complete'] as const;
export const auditStateSchema = z.enum(auditStates);
export type AuditState = z.infer<typeof auditStateSchema>;

/** The part of a row known before the call is sent (the orderIds/clientOids the request names). */
export const auditIntentSchema = auditEntrySchema.omit({ httpStatus: true, code: true, msg: true });
export type AuditIntent = z.infer<typeof auditIntentSchema>;

/** The outcome that completes a `sent` row; the refs replace the request's (they include them). */
export const auditOutcomeSchema = auditEntrySchema.pick({ httpStatus: true, code: true, msg: true, orderIds: true, clientOids: true });
export type AuditOutcome = z.infer<typeof auditOutcomeSchema>;

export const auditRowSchema = auditEntrySchema.extend({
  id: z.number().int(),
  // Optional only so rows built before this field still type-check; the proxy always sends it.
  state: auditStateSchema.optional(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

const digits = (field: string) => z.string().regex(/^\d{1,16}$/, `${field}: must be a whole number`);

/** GET /audit query: filters and paging (newest first, cursor = the last id seen). */
export const auditQuerySchema = z.strictObject({
  user: z.string().max(64).optional(),
  account: z.string().max(32).optional(),
  endpoint: z.string().max(64).optional(),
  code: z.string().max(16).optional(),
  state: auditStateSchema.optional(),
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
