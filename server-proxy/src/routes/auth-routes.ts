import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { loginRequest, type meSchema } from '@contract/schemas/session';
import { check } from '@contract/core/validation';
import type { DeskContext } from './desk-context';
import { replyError, successEnvelope } from '../http/error-reply';
import { checkJsonShape } from '../policy/json-shape';
import { csrfMatches } from '../policy/origin-policy';
import { sessionOf } from '../auth/authenticate';
import { dummyPasswordHash, verifyPassword } from '../auth/password-hash';
import { permissionsOf } from '../auth/roles';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from '../auth/session-cookie';
import type { NewSession, Session } from '../auth/session-store';

/** The GET /auth/me answer, in the shape the web app parses (contract/schemas/session). */
export function describeSession(session: Session, ctx: DeskContext): z.input<typeof meSchema> {
  const accounts = session.accounts.flatMap((name) => {
    const account = ctx.keyStore.get(name);
    return account ? [{ name, uid: account.uid ?? '' }] : [];
  });
  return {
    user: session.user,
    role: session.role,
    permissions: [...permissionsOf(session.role)],
    accounts,
    defaultAccount: accounts[0]?.name ?? null,
    csrfToken: session.csrfToken,
  };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: DeskContext): void {
  /** A new sign-in ends the session the browser held before (another user's, say): one cookie, one session. */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, grant: NewSession): Promise<Session> => {
    const previous = readCookie(request.headers.cookie, SESSION_COOKIE);
    if (previous) await ctx.sessions.delete(previous, 'signed in again');
    const session = await ctx.sessions.create(grant);
    reply.header('set-cookie', sessionCookie(session.id, Math.floor(ctx.config.sessionTtlMs / 1000), false));
    return session;
  };

  // The printed "Open ..." URL: a one-time token becomes a session cookie, then the app.
  app.get('/auth/token', async (request, reply) => {
    const t = (request.query as Record<string, unknown>).t;
    const grant = ctx.loginTokens.redeem(typeof t === 'string' ? t : undefined);
    if (!grant) {
      ctx.logger.warn({ ip: request.ip }, 'login token refused (unknown, used or expired)');
      return replyError(request, reply, 'DESK401', {}, ctx.clock.now());
    }
    await startSession(request, reply, grant);
    ctx.logger.info({ user: grant.user }, 'signed in with the one-time token');
    return reply.code(302).header('location', ctx.config.loginRedirect).header('cache-control', 'no-store').send();
  });

  app.post('/auth/login', async (request, reply) => {
    // A login from another site would sign the victim into the attacker's account.
    if (request.headers.origin !== undefined && !ctx.origins.isAllowed(request.headers.origin)) {
      return replyError(request, reply, 'DESK403O', { detail: 'login from another origin' }, ctx.clock.now());
    }
    const text = typeof request.body === 'string' ? request.body : '';
    const shape = checkJsonShape(text);
    if (shape !== null) return replyError(request, reply, 'DESK400', shape, ctx.clock.now());
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return replyError(request, reply, 'DESK400', { field: '(body)', detail: 'must be JSON {"username","password"}' }, ctx.clock.now());
    }
    const body = check(loginRequest, parsed);
    if (!body.ok) return replyError(request, reply, 'DESK400', { field: body.field, detail: body.message }, ctx.clock.now());
    const { username, password } = body.data;
    const verdict = ctx.loginThrottle.checkLogin(username, request.ip);
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      return replyError(request, reply, 'DESK429L', { detail: String(verdict.retryAfterSeconds) }, ctx.clock.now());
    }
    const user = await ctx.userStore?.get(username);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok) {
      ctx.loginThrottle.recordLoginFailure(username, request.ip);
      ctx.logger.warn({ user: username.slice(0, 64), ip: request.ip }, 'login failed');
      return replyError(request, reply, 'DESK401', {}, ctx.clock.now());
    }
    ctx.loginThrottle.loginSucceeded(username);
    const session = await startSession(request, reply, { user: user.name, role: user.role, accounts: user.accounts });
    ctx.logger.info({ user: user.name, role: user.role }, 'signed in');
    return successEnvelope(describeSession(session, ctx), ctx.clock.now());
  });

  app.post('/auth/logout', async (request: FastifyRequest, reply) => {
    const session = await sessionOf(request.headers, ctx.sessions);
    if (session) {
      if (!csrfMatches(session.csrfToken, request.headers['x-desk-csrf'])) {
        return replyError(request, reply, 'DESK403O', { detail: 'the x-desk-csrf token is missing or wrong' }, ctx.clock.now());
      }
      await ctx.sessions.delete(session.id);
      ctx.logger.info({ user: session.user }, 'signed out');
    }
    reply.header('set-cookie', clearedSessionCookie());
    return successEnvelope('success', ctx.clock.now());
  });

  app.get('/auth/me', async (request, reply) => {
    const checked = await ctx.sessions.check(readCookie(request.headers.cookie, SESSION_COOKIE));
    // A session the desk ended says why (the page may learn it here before its sockets close).
    if ('ended' in checked && checked.ended !== 'unknown session') return replyError(request, reply, 'DESK401S', { detail: checked.ended }, ctx.clock.now());
    const session = 'session' in checked ? checked.session : undefined;
    if (!session) return replyError(request, reply, 'DESK401', {}, ctx.clock.now());
    reply.header('cache-control', 'no-store');
    return describeSession(session, ctx);
  });
}
