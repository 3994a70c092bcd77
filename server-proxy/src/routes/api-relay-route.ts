import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EndpointDef } from '@contract/catalog/endpoints';
import { errorEnvelope, httpStatusOf, localeFrom } from '@contract/core/errors';
import type { AuditIntent } from '@contract/schemas/audit';
import type { AccountCredentials } from '../keys/account-credentials';
import { collectOrderRefs } from '../audit/order-refs';
import { cachedSessionOf, sessionOf } from '../auth/authenticate';
import type { Session } from '../auth/session-store';
import type { DeskContext } from './desk-context';
import { replyError } from '../http/error-reply';
import { admitCall, validateCall, type AdmittedCall, type Refusal } from '../policy/call-policy';
import { shapedPerSecond } from '../policy/rate-shaper';
import { UpstreamUnavailable, type UpstreamResponse } from '../upstream/upstream-client';
import { upstreamPathOf } from '../upstream/upstream-path';

declare module 'fastify' {
  interface FastifyRequest {
    deskSession: Session | null;
    deskCall: AdmittedCall | null;
  }
}

/** Upstream failures that mean the call never left (no connection was made). */
const NOT_SENT_REASONS = new Set(['connection refused', 'host not found']);

const LOCALE_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/;

/** The `locale` header passed upstream (spec 9): a well-formed tag, else the default. */
function upstreamLocale(header: string | string[] | undefined): string {
  return typeof header === 'string' && LOCALE_RE.test(header) ? header : localeFrom(header);
}

function parseEnvelope(body: Buffer): { code: string; msg: string; data: unknown } | undefined {
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    if (typeof v !== 'object' || v === null) return undefined;
    const o = v as Record<string, unknown>;
    return { code: String(o.code ?? ''), msg: String(o.msg ?? ''), data: o.data };
  } catch {
    return undefined;
  }
}

/**
 * /api/*: the exchange's own paths, relayed after the policy of ARCHITECTURE.md
 * "Data flow in the proxy". Header checks run in onRequest (before the body is read);
 * validation, shaping, signing, relay and audit run in the handler.
 */
export function registerApiRelay(app: FastifyInstance, ctx: DeskContext): void {
  app.decorateRequest('deskSession', null);
  app.decorateRequest('deskCall', null);

  /** The part of a mutation's audit row known before anything is sent. */
  const intentOf = (request: FastifyRequest, who: { session: Session; account: AccountCredentials; endpoint: EndpointDef; path: string }, body: unknown): AuditIntent => {
    const refs = collectOrderRefs(body);
    return {
      time: ctx.clock.now(),
      user: who.session.user,
      account: who.account.name,
      endpoint: who.endpoint.id,
      method: who.endpoint.method,
      path: who.path,
      channel: 'rest',
      requestBody: typeof request.body === 'string' ? request.body : '',
      orderIds: refs.orderIds,
      clientOids: refs.clientOids,
      requestId: request.id,
    };
  };

  /** The browser still gets its answer (for a sent call the order may exist): the header and the log say the row is short of it. */
  const auditIncomplete = (reply: FastifyReply, err: unknown, fields: Record<string, unknown>, what: string) => {
    reply.header('x-desk-audit', 'incomplete');
    ctx.logger.error({ ...fields, err: (err instanceof Error ? err.message : String(err)).slice(0, 200) }, what);
  };

  /** One complete row for a mutation that was never sent (refused, or given up while queued). */
  const auditUnsent = async (reply: FastifyReply, intent: AuditIntent, result: { status: number; code: string; msg: string }) => {
    try {
      await ctx.auditStore.record({ ...intent, httpStatus: result.status, code: result.code, msg: result.msg });
    } catch (err) {
      auditIncomplete(reply, err, { user: intent.user, endpoint: intent.endpoint, code: result.code }, 'audit write of a refused mutation failed');
    }
  };

  /** Completes the row begin() wrote; a failure never hides the upstream's answer. */
  const auditOutcome = async (reply: FastifyReply, { id, intent }: { id: number; intent: AuditIntent }, result: { status: number; code: string; msg: string }, body: unknown, data: unknown) => {
    const refs = collectOrderRefs(body, data);
    try {
      await ctx.auditStore.complete(id, { httpStatus: result.status, code: result.code, msg: result.msg, orderIds: refs.orderIds, clientOids: refs.clientOids });
    } catch (err) {
      auditIncomplete(reply, err, { user: intent.user, endpoint: intent.endpoint, auditId: id, status: result.status, code: result.code }, 'audit result not recorded; the row stays "sent"');
    }
  };

  /** Answers a refusal; a refused mutation is audited too (who tried what, and why not). */
  const refuse = async (request: FastifyRequest, reply: FastifyReply, session: Session, refusal: Refusal, call?: AdmittedCall, body?: unknown) => {
    const endpoint = call?.endpoint ?? refusal.endpoint;
    const account = call?.account ?? refusal.account;
    const now = ctx.clock.now();
    if (endpoint?.mutating && account) {
      const envelope = errorEnvelope(refusal.code, 'en-US', refusal.params, now);
      const intent = intentOf(request, { session, account, endpoint, path: call?.path ?? refusal.path ?? endpoint.path }, body);
      await auditUnsent(reply, intent, { status: httpStatusOf(refusal.code), code: refusal.code, msg: envelope.msg });
    }
    ctx.logger.debug({ user: session.user, url: request.url.slice(0, 200), code: refusal.code }, 'api call refused');
    return replyError(request, reply, refusal.code, refusal.params, now);
  };

  // Callback style, not async: this runs on every call, and an async hook costs a promise
  // and a microtask turn for nothing (a read whose session is cached waits for nothing). A
  // refusal answers here and does not call done().
  app.addHook('onRequest', (request, reply, done) => {
    // A mutation reads the session and its user afresh (no cache): nothing is placed or
    // audited under a user removed or changed a moment ago by another process.
    const mutating = request.method !== 'GET' && request.method !== 'HEAD';
    const cached = mutating ? undefined : cachedSessionOf(request.headers, ctx.sessions);
    if (cached) return admitSession(request, reply, done, cached);
    sessionOf(request.headers, ctx.sessions, mutating).then(
      (session) => admitSession(request, reply, done, session),
      (err: unknown) => {
        ctx.logger.error({ err: err instanceof Error ? err.message : String(err) }, 'session store unavailable; call refused');
        replyError(request, reply, 'DESK503S', { detail: 'the sessions cannot be read' }, ctx.clock.now());
      },
    );
  });

  const admitSession = (request: FastifyRequest, reply: FastifyReply, done: () => void, session: Session | undefined) => {
    if (!session) {
      replyError(request, reply, 'DESK401', {}, ctx.clock.now());
      return;
    }
    request.deskSession = session;
    const admitted = admitCall(session, request.method, request.url, request.headers, ctx.keyStore, ctx.origins);
    if ('code' in admitted) {
      void refuse(request, reply, session, admitted);
      return;
    }
    request.deskCall = admitted;
    done();
  };

  app.all('/api/*', async (request, reply) => {
    const session = request.deskSession;
    const call = request.deskCall;
    if (!session || !call) return replyError(request, reply, 'DESK401', {}, ctx.clock.now());
    const { endpoint, account } = call;
    const rawBody = typeof request.body === 'string' ? request.body : undefined;
    const validated = validateCall(call, request.query, request.headers['content-type'], rawBody, session, ctx.keyStore);
    if ('code' in validated) return refuse(request, reply, session, validated, call);

    const perSecond = shapedPerSecond(endpoint.rateLimit, ctx.config.rate);
    const laneKey = `${endpoint.auth === 'public' ? 'public' : account.rateKey}|${endpoint.rateLimit.group}`;
    const admission = ctx.shaper.admit(laneKey, perSecond);
    if (admission === 'full') {
      const detail = `${ctx.config.rate.queueBound} calls are already waiting for ${endpoint.path}`;
      return refuse(request, reply, session, { code: 'DESK429', params: { detail } }, call, validated.body);
    }
    if (admission !== 'go') {
      try {
        await admission;
      } catch (err) {
        // The shared budget's database failed: the shaper gave the slot back; nothing is sent.
        const detail = (err instanceof Error ? err.message : String(err)).slice(0, 200);
        ctx.logger.error({ reqId: request.id, user: session.user, endpoint: endpoint.id, err: detail }, 'shared rate budget unavailable; call not sent');
        return replyError(request, reply, 'DESK503R', { detail: 'its database does not answer' }, ctx.clock.now());
      }
      // The browser gave up while the call waited: sending it now could place an order the
      // user believes failed (and then retries). Let the slot go and send nothing.
      if (request.raw.socket?.destroyed) {
        ctx.shaper.release(laneKey);
        ctx.logger.info({ user: session.user, endpoint: endpoint.id }, 'browser left while the call was queued; not sent');
        if (endpoint.mutating) {
          await auditUnsent(reply, intentOf(request, { session, ...call }, validated.body), { status: 0, code: 'DESK499', msg: 'the browser closed the request while it was queued; not sent' });
        }
        return reply.code(499).send();
      }
    }

    // Write-ahead: a mutation leaves only once its row is committed, so the log never
    // lacks an attempt; no log, no order.
    let written: { id: number; intent: AuditIntent } | undefined;
    if (endpoint.mutating) {
      const intent = intentOf(request, { session, ...call }, validated.body);
      try {
        written = { id: await ctx.auditStore.begin(intent), intent };
      } catch (err) {
        ctx.shaper.release(laneKey);
        ctx.logger.error({ user: session.user, endpoint: endpoint.id, err: (err instanceof Error ? err.message : String(err)).slice(0, 200) }, 'audit log unavailable; mutation not sent');
        return replyError(request, reply, 'DESK503', {}, ctx.clock.now());
      }
    }

    let upstream: UpstreamResponse;
    try {
      upstream = await ctx.upstream.send({
        method: endpoint.method,
        path: upstreamPathOf(endpoint, ctx),
        query: endpoint.method === 'GET' ? call.rawQuery : '',
        body: endpoint.method === 'GET' ? '' : (rawBody ?? ''),
        account: endpoint.auth === 'private' ? account : undefined,
        locale: upstreamLocale(request.headers.locale),
      });
      ctx.shaper.release(laneKey);
    } catch (err) {
      ctx.shaper.release(laneKey);
      const reason = err instanceof UpstreamUnavailable ? err.reason : 'request failed';
      ctx.logger.warn({ endpoint: endpoint.id, account: account.name, reason }, 'upstream unavailable');
      if (written && NOT_SENT_REASONS.has(reason)) {
        // The connection was never made: nothing reached the exchange, so this is a plain failure.
        await auditOutcome(reply, written, { status: 502, code: 'DESK502', msg: `${reason}; nothing was sent` }, validated.body, undefined);
      } else if (written) {
        // The call may have been carried out: the row says unknown (never failed) and the
        // reconciler looks the orders up by clientOid and completes it with the truth.
        const refs = collectOrderRefs(validated.body);
        void ctx.reconciler.settle({ row: written.id, account: account.name, endpoint: endpoint.id, clientOids: refs.clientOids, orderIds: refs.orderIds }, reason);
        return replyError(request, reply, 'DESK502U', { detail: reason }, ctx.clock.now());
      }
      return replyError(request, reply, 'DESK502', { detail: reason }, ctx.clock.now());
    }

    if (written) {
      const env = parseEnvelope(upstream.body);
      // Recorded before the answer leaves; if it cannot be, the answer still goes (marked).
      await auditOutcome(reply, written, { status: upstream.status, code: env?.code ?? '', msg: env?.msg ?? '' }, validated.body, env?.data);
      ctx.logger.info({ user: session.user, account: account.name, endpoint: endpoint.id, status: upstream.status, code: env?.code }, 'mutation relayed');
    }
    return reply.code(upstream.status).header('content-type', upstream.contentType).header('cache-control', 'no-store').send(upstream.body);
  });
}
