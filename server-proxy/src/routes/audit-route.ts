import type { FastifyInstance } from 'fastify';
import { check } from '@contract/validation';
import { sessionOf } from '../auth/authenticate';
import { roleMay } from '../auth/roles';
import type { DeskContext } from './desk-context';
import { replyError, successEnvelope } from '../http/error-reply';
import { auditQuerySchema } from '@contract/schemas/audit';

/** GET /audit: the audit log for roles with audit.read (admin, ops), newest first. */
export function registerAuditRoute(app: FastifyInstance, ctx: DeskContext): void {
  app.get('/audit', async (request, reply) => {
    const session = sessionOf(request.headers, ctx.sessions);
    if (!session) return replyError(request, reply, 'DESK401', {}, ctx.clock.now());
    if (!roleMay(session.role, 'audit.read')) {
      return replyError(request, reply, 'DESK403', { role: session.role, permission: 'audit.read' }, ctx.clock.now());
    }
    const q = check(auditQuerySchema, request.query ?? {});
    if (!q.ok) return replyError(request, reply, 'DESK400', { field: q.field, detail: q.message }, ctx.clock.now());
    reply.header('cache-control', 'no-store');
    return successEnvelope(ctx.auditStore.query(q.data), ctx.clock.now());
  });
}
