// The gate in front of the desk's own routes (audit, jobs): the session, the role's
// permission, and for a change also the Origin and the CSRF token, checked in one Fastify
// preHandler before the handler runs, with the same refusals everywhere (DESK401, DESK403
// naming the permission, DESK403O). The handler reads the admitted session from the gate.
// (/api/* is gated by the call policy from the endpoint catalog; the archive's permission
// depends on the feed in the path, so it admits per feed.)
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Permission } from '@contract/catalog/endpoints';
import { sessionOf } from '../auth/authenticate';
import { roleMay } from '../auth/roles';
import type { Session } from '../auth/session-store';
import { replyError } from '../http/error-reply';
import { csrfMatches } from '../policy/origin-policy';
import type { DeskContext } from './desk-context';

export interface SessionGate {
  preHandler(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** The session the gate admitted for this request (only after preHandler let it through). */
  session(request: FastifyRequest): Session;
}

/** Why a change is refused as cross-site (the Origin, then the CSRF token), or undefined when it is the desk's own. */
export function crossSiteRefusal(ctx: Pick<DeskContext, 'origins'>, request: FastifyRequest, session: Session): string | undefined {
  if (!ctx.origins.isAllowed(request.headers.origin)) return request.headers.origin === undefined ? 'the Origin header is missing' : 'the Origin is not this desk';
  if (!csrfMatches(session.csrfToken, request.headers['x-desk-csrf'])) return 'the x-desk-csrf token is missing or wrong';
  return undefined;
}

export function sessionGate(ctx: Pick<DeskContext, 'sessions' | 'origins' | 'clock'>, permission: Permission, opts: { mutating?: boolean } = {}): SessionGate {
  const mutating = opts.mutating ?? false;
  const admitted = new WeakMap<FastifyRequest, Session>();
  return {
    async preHandler(request, reply) {
      const now = ctx.clock.now();
      const session = await sessionOf(request.headers, ctx.sessions, mutating);
      if (!session) return replyError(request, reply, 'DESK401', {}, now);
      if (!roleMay(session.role, permission)) return replyError(request, reply, 'DESK403', { role: session.role, permission }, now);
      const crossSite = mutating ? crossSiteRefusal(ctx, request, session) : undefined;
      if (crossSite !== undefined) return replyError(request, reply, 'DESK403O', { detail: crossSite }, now);
      admitted.set(request, session);
      return undefined;
    },
    session(request) {
      const session = admitted.get(request);
      if (!session) throw new Error('sessionGate: the handler ran without the gate admitting the request');
      return session;
    },
  };
}
