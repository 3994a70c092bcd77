import type { FastifyInstance } from 'fastify';
import { check } from '@contract/core/validation';
import type { DeskContext } from './desk-context';
import { sessionGate } from './session-gate';
import { replyError, successEnvelope } from '../http/error-reply';
import { auditQuerySchema } from '@contract/schemas/audit';

/** GET /audit: the audit log for roles with audit.read (admin, ops), newest first. */
export function registerAuditRoute(app: FastifyInstance, ctx: DeskContext): void {
  const gate = sessionGate(ctx, 'audit.read');
  app.get('/audit', { preHandler: gate.preHandler }, async (request, reply) => {
    const q = check(auditQuerySchema, request.query ?? {});
    if (!q.ok) return replyError(request, reply, 'DESK400', { field: q.field, detail: q.message }, ctx.clock.now());
    reply.header('cache-control', 'no-store');
    return successEnvelope(await ctx.auditStore.query(q.data), ctx.clock.now());
  });
}
