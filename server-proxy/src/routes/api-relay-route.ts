// /api/*: the exchange's own paths, relayed after the policy of ARCHITECTURE.md "Data flow
// in the proxy": session, account, catalog and role (before the body is read), then input
// validation, rate shaping, the write-ahead audit of a mutation, signing, the relay, and
// the audit's outcome.
//
// It runs on bare node:http (issue 23 item 3): app.ts hands every /api/* request to
// ApiRelay.serve() ahead of Fastify, whose per-request machinery (request and reply
// objects, hook runners, routing, content-type parsing, serialisation) cost several times
// what the policy itself costs. What Fastify gave these calls is done here with the same
// shared pieces: the Host check, the request ID, the body limit, the error envelope and
// the /metrics count. The Fastify route below only forwards app.inject()'s calls (the
// tests) to the same serve(), so every test of a policy outcome runs this code.
//
// A GET whose session is cached runs from start to answer without a promise or a closure:
// RelayedCall is the one object per call and takes the upstream's answer itself.
// (Over 400 lines on purpose: RelayedCall's steps are one call's policy in its order,
// and each reads the call's state; split across files, the order would be hard to see.)
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import { errorEnvelope, httpStatusOf, localeFrom, type ErrorCode, type ErrorParams } from '@contract/core/errors';
import type { AuditIntent } from '@contract/schemas/audit';
import { collectOrderRefs } from '../audit/order-refs';
import { cachedSessionOf, sessionOf } from '../auth/authenticate';
import type { Session } from '../auth/session-store';
import type { DeskContext } from './desk-context';
import { writeError } from '../http/error-reply';
import type { DeskMetrics } from '../ops/desk-metrics';
import { requestIdOf } from '../ops/request-id';
import { admitCall, validateCall, type AdmittedCall, type Refusal } from '../policy/call-policy';
import { unknownHostRefusal, type HostPolicy } from '../policy/host-policy';
import { shapedPerSecond } from '../policy/rate-shaper';
import type { UpstreamSink } from '../upstream/upstream-client';
import { upstreamPathOf } from '../upstream/upstream-path';
import { briefMessageOf } from '../core/error-message';

/** Upstream failures that mean the call never left (no connection was made). */
const NOT_SENT_REASONS = new Set(['connection refused', 'host not found']);

const LOCALE_RE = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8}){0,2}$/;

/** The metrics route of an /api call refused before its endpoint was known (Fastify's route pattern, as before). */
const UNKNOWN_ROUTE = '/api/*';

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

/** Whether a request target is one of the exchange's paths, which ApiRelay serves. */
export function isApiPath(url: string | undefined): boolean {
  return url !== undefined && url.startsWith('/api/');
}

export interface ApiRelayDeps {
  hosts: HostPolicy;
  metrics: Pick<DeskMetrics, 'countRequest'>;
}

/** Serves /api/* on node:http; see the top of this file. */
export class ApiRelay {
  constructor(
    readonly ctx: DeskContext,
    readonly deps: ApiRelayDeps,
  ) {}

  /** Takes one /api/* request to its answer. `requestId` is the one Fastify already gave it (inject), else made on first use. */
  serve(req: IncomingMessage, res: ServerResponse, requestId?: string): void {
    const call = new RelayedCall(this.ctx, this.deps, req, res, requestId);
    try {
      call.start();
    } catch (err) {
      call.crash(err);
    }
  }
}

/** What Fastify's error handler answered for a body it could not read. */
const BODY_SIZE_MISMATCH = 'Request body size did not match Content-Length';

/** One relayed call, from its request to its answer. */
class RelayedCall implements UpstreamSink {
  session: Session | undefined;
  call: AdmittedCall | undefined;
  rawBody: string | undefined;
  /** The parsed body (for the audit); undefined for a GET. */
  body: unknown;
  laneKey = '';
  written: { id: number; intent: AuditIntent } | undefined;
  answered = false;
  #id: string | undefined;

  constructor(
    readonly ctx: DeskContext,
    readonly deps: ApiRelayDeps,
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    id: string | undefined,
  ) {
    this.#id = id;
  }

  /** The request ID (ops/request-id.ts), made when first needed: for a relayed call, while the upstream answers. */
  get id(): string {
    return (this.#id ??= requestIdOf(this.req));
  }

  start(): void {
    const { req, ctx } = this;
    // Before anything else: a Host that is not one of the desk's names (DNS rebinding) gets nothing.
    const host = req.headers.host;
    if (!this.deps.hosts.isAllowed(host)) {
      ctx.logger.warn({ reqId: this.id, host: String(host ?? '').slice(0, 100) }, 'request for an unknown host refused');
      return this.fail('DESK421', unknownHostRefusal(host));
    }
    // A mutation reads the session and its user afresh (no cache): nothing is placed or
    // audited under a user removed or changed a moment ago by another process.
    const mutating = req.method !== 'GET' && req.method !== 'HEAD';
    const cached = mutating ? undefined : cachedSessionOf(req.headers, ctx.sessions);
    if (cached) return this.admit(cached);
    sessionOf(req.headers, ctx.sessions, mutating).then(
      (session) => this.guarded(() => this.admit(session)),
      (err: unknown) => {
        ctx.logger.error({ reqId: this.id, err: briefMessageOf(err) }, 'session store unavailable; call refused');
        this.fail('DESK503S', { detail: 'the sessions cannot be read' });
      },
    );
  }

  /** The header-only checks (call-policy.ts); a refused caller's body is never read. */
  admit(session: Session | undefined): void {
    if (!session) return this.fail('DESK401');
    this.session = session;
    const { req } = this;
    const admitted = admitCall(session, req.method ?? '', req.url ?? '/', req.headers, this.ctx.keyStore, this.ctx.origins);
    if ('code' in admitted) return this.refuse(admitted);
    this.call = admitted;
    // The catalog holds GETs and POSTs: a GET's body is not read, as before (Fastify ignored it).
    if (admitted.endpoint.method === 'GET') return this.validate();
    this.readBody();
  }

  /** The body as the exact text received (that text is what gets signed and sent), within the body limit. */
  readBody(): void {
    const { req } = this;
    const limit = this.ctx.config.bodyLimit;
    const declared = Number(req.headers['content-length']);
    if (declared > limit) return this.tooLarge(limit);
    const chunks: Buffer[] = [];
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        stop();
        this.tooLarge(limit);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (err?: Error) => {
      stop();
      if (err) return this.fail('DESK400', { field: '(request)', detail: briefMessageOf(err) });
      if (!Number.isNaN(declared) && received !== declared) return this.fail('DESK400', { field: '(request)', detail: BODY_SIZE_MISMATCH });
      this.rawBody = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
      this.guarded(() => this.validate());
    };
    const stop = () => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onEnd);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onEnd);
    req.resume();
  }

  tooLarge(limit: number): void {
    this.res.setHeader('connection', 'close');
    this.fail('DESK413', { detail: `${limit} bytes` });
  }

  /** Input validation, then the call's rate lane. */
  validate(): void {
    const { ctx, req } = this;
    const call = this.call!;
    const query = call.rawQuery === '' ? undefined : parseQuery(call.rawQuery);
    const validated = validateCall(call, query, req.headers['content-type'], this.rawBody, this.session, ctx.keyStore);
    if ('code' in validated) return this.refuse(validated);
    this.body = validated.body;

    const { endpoint, account } = call;
    const perSecond = shapedPerSecond(endpoint.rateLimit, ctx.config.rate);
    this.laneKey = `${endpoint.auth === 'public' ? 'public' : account.rateKey}|${endpoint.rateLimit.group}`;
    const admission = ctx.shaper.admit(this.laneKey, perSecond);
    if (admission === 'go') return this.leave();
    if (admission === 'full') {
      const detail = `${ctx.config.rate.queueBound} calls are already waiting for ${endpoint.path}`;
      return this.refuse({ code: 'DESK429', params: { detail } });
    }
    admission.then(
      () => this.guarded(() => this.afterQueue()),
      (err: unknown) => {
        // The shared budget's database failed: the shaper gave the slot back; nothing is sent.
        ctx.logger.error({ reqId: this.id, user: this.session?.user, endpoint: endpoint.id, err: briefMessageOf(err) }, 'shared rate budget unavailable; call not sent');
        this.fail('DESK503R', { detail: 'its database does not answer' });
      },
    );
  }

  afterQueue(): void {
    // The browser gave up while the call waited: sending it now could place an order the
    // user believes failed (and then retries). Let the slot go and send nothing.
    if (!this.req.socket?.destroyed) return this.leave();
    const { ctx } = this;
    const endpoint = this.call!.endpoint;
    ctx.shaper.release(this.laneKey);
    ctx.logger.info({ reqId: this.id, user: this.session?.user, endpoint: endpoint.id }, 'browser left while the call was queued; not sent');
    const unsent = endpoint.mutating ? this.auditUnsent(this.intent(), { status: 0, code: 'DESK499', msg: 'the browser closed the request while it was queued; not sent' }) : Promise.resolve();
    void unsent.then(() => this.answer(499, undefined, undefined));
  }

  /** Write-ahead: a mutation leaves only once its row is committed, so the log never lacks an attempt; no log, no order. */
  leave(): void {
    if (!this.call!.endpoint.mutating) return this.send();
    const intent = this.intent();
    this.ctx.auditStore.begin(intent).then(
      (id) => {
        this.written = { id, intent };
        this.guarded(() => this.send());
      },
      (err: unknown) => {
        this.ctx.shaper.release(this.laneKey);
        this.ctx.logger.error({ reqId: this.id, user: this.session?.user, endpoint: this.call!.endpoint.id, err: briefMessageOf(err) }, 'audit log unavailable; mutation not sent');
        this.fail('DESK503');
      },
    );
  }

  /** Signs and relays the call; the answer comes to onAnswer or onNoAnswer. */
  send(): void {
    const { ctx, req } = this;
    const { endpoint, account, rawQuery } = this.call!;
    const get = endpoint.method === 'GET';
    ctx.upstream.relay(
      {
        method: endpoint.method,
        path: upstreamPathOf(endpoint, ctx),
        query: get ? rawQuery : '',
        body: get ? '' : (this.rawBody ?? ''),
        account: endpoint.auth === 'private' ? account : undefined,
        locale: upstreamLocale(req.headers.locale),
      },
      this,
    );
    // The call is on its way: what is left to prepare is done while the upstream works.
    void this.id;
  }

  onAnswer(status: number, contentType: string, body: Buffer): void {
    const written = this.written;
    if (!written) {
      // The browser's answer first: the slot's release and the count can wait a moment.
      this.answer(status, contentType, body);
      this.ctx.shaper.release(this.laneKey);
      return;
    }
    this.ctx.shaper.release(this.laneKey);
    const env = parseEnvelope(body);
    // Recorded before the answer leaves; if it cannot be, the answer still goes (marked).
    void this.auditOutcome(written, { status, code: env?.code ?? '', msg: env?.msg ?? '' }, env?.data).then(() => {
      const { session, call } = this;
      this.ctx.logger.info({ reqId: this.id, user: session?.user, account: call!.account.name, endpoint: call!.endpoint.id, status, code: env?.code }, 'mutation relayed');
      this.answer(status, contentType, body);
    });
  }

  onNoAnswer(reason: string): void {
    const { ctx } = this;
    const { endpoint, account } = this.call!;
    ctx.shaper.release(this.laneKey);
    ctx.logger.warn({ reqId: this.id, endpoint: endpoint.id, account: account.name, reason }, 'upstream unavailable');
    const written = this.written;
    if (!written) return this.fail('DESK502', { detail: reason });
    if (NOT_SENT_REASONS.has(reason)) {
      // The connection was never made: nothing reached the exchange, so this is a plain failure.
      void this.auditOutcome(written, { status: 502, code: 'DESK502', msg: `${reason}; nothing was sent` }, undefined).then(() => this.fail('DESK502', { detail: reason }));
      return;
    }
    // The call may have been carried out: the row says unknown (never failed) and the
    // reconciler looks the orders up by clientOid and completes it with the truth.
    const refs = collectOrderRefs(this.body);
    void ctx.reconciler.settle({ row: written.id, account: account.name, endpoint: endpoint.id, clientOids: refs.clientOids, orderIds: refs.orderIds }, reason);
    this.fail('DESK502U', { detail: reason });
  }

  /** Answers a refusal; a refused mutation is audited too (who tried what, and why not). */
  refuse(refusal: Refusal): void {
    this.refused(refusal).catch((err: unknown) => this.crash(err));
  }

  async refused(refusal: Refusal): Promise<void> {
    const { ctx } = this;
    const endpoint = this.call?.endpoint ?? refusal.endpoint;
    const account = this.call?.account ?? refusal.account;
    if (endpoint?.mutating && account) {
      const envelope = errorEnvelope(refusal.code, 'en-US', refusal.params, ctx.clock.now());
      const intent = this.intent({ endpoint, account, path: this.call?.path ?? refusal.path ?? endpoint.path });
      await this.auditUnsent(intent, { status: httpStatusOf(refusal.code), code: refusal.code, msg: envelope.msg });
    }
    ctx.logger.debug({ reqId: this.id, user: this.session?.user, url: (this.req.url ?? '').slice(0, 200), code: refusal.code }, 'api call refused');
    this.fail(refusal.code, refusal.params);
  }

  /** The part of a mutation's audit row known before anything is sent. */
  intent(who: Pick<AdmittedCall, 'endpoint' | 'account' | 'path'> = this.call!): AuditIntent {
    const refs = collectOrderRefs(this.body);
    return {
      time: this.ctx.clock.now(),
      user: this.session!.user,
      account: who.account.name,
      endpoint: who.endpoint.id,
      method: who.endpoint.method,
      path: who.path,
      channel: 'rest',
      requestBody: this.rawBody ?? '',
      orderIds: refs.orderIds,
      clientOids: refs.clientOids,
      requestId: this.id,
    };
  }

  /** One complete row for a mutation that was never sent (refused, or given up while queued). */
  async auditUnsent(intent: AuditIntent, result: { status: number; code: string; msg: string }): Promise<void> {
    try {
      await this.ctx.auditStore.record({ ...intent, httpStatus: result.status, code: result.code, msg: result.msg });
    } catch (err) {
      this.auditIncomplete(err, { user: intent.user, endpoint: intent.endpoint, code: result.code }, 'audit write of a refused mutation failed');
    }
  }

  /** Completes the row begin() wrote; a failure never hides the upstream's answer. */
  async auditOutcome({ id, intent }: { id: number; intent: AuditIntent }, result: { status: number; code: string; msg: string }, data: unknown): Promise<void> {
    const refs = collectOrderRefs(this.body, data);
    try {
      await this.ctx.auditStore.complete(id, { httpStatus: result.status, code: result.code, msg: result.msg, orderIds: refs.orderIds, clientOids: refs.clientOids });
    } catch (err) {
      this.auditIncomplete(err, { user: intent.user, endpoint: intent.endpoint, auditId: id, status: result.status, code: result.code }, 'audit result not recorded; the row stays "sent"');
    }
  }

  /** The browser still gets its answer (for a sent call the order may exist): the header and the log say the row is short of it. */
  auditIncomplete(err: unknown, fields: Record<string, unknown>, what: string): void {
    this.res.setHeader('x-desk-audit', 'incomplete');
    this.ctx.logger.error({ reqId: this.id, ...fields, err: briefMessageOf(err) }, what);
  }

  /** The upstream's answer, its bytes as they came (or an empty 499). */
  answer(status: number, contentType: string | undefined, body: Buffer | undefined): void {
    if (this.answered) return;
    this.answered = true;
    const length = body ? String(body.length) : '0';
    this.res.writeHead(
      status,
      contentType === undefined
        ? ['x-request-id', this.id, 'content-length', length]
        : ['x-request-id', this.id, 'content-type', contentType, 'cache-control', 'no-store', 'content-length', length],
    );
    this.res.end(body);
    this.counted(status);
  }

  /** An error in the desk's envelope (http/error-reply.ts). */
  fail(code: ErrorCode, params: ErrorParams = {}): void {
    if (this.answered) return;
    this.answered = true;
    this.res.setHeader('x-request-id', this.id);
    this.counted(writeError(this.req.headers, this.res, code, params, this.ctx.clock.now()));
  }

  /** A bug on this path: logged, and answered as Fastify's error handler did. */
  crash(err: unknown): void {
    this.ctx.logger.error({ reqId: this.id, err: briefMessageOf(err), url: (this.req.url ?? '').slice(0, 300) }, 'unexpected error');
    if (!this.res.headersSent) this.fail('45001');
  }

  /** Runs a step that continues after a wait, so a throw in it is answered, not lost. */
  guarded(step: () => void): void {
    try {
      step();
    } catch (err) {
      this.crash(err);
    }
  }

  counted(status: number): void {
    // A relayed call is counted by its catalog endpoint, not the relay's one wildcard.
    this.deps.metrics.countRequest(this.call?.endpoint.path ?? UNKNOWN_ROUTE, status);
  }
}

/**
 * The /api/* route of app.inject() (the tests): the network's calls never reach Fastify
 * (app.ts serves them first), so this hands what inject() sends to the same ApiRelay,
 * before Fastify reads the body.
 */
export function registerApiRelay(app: FastifyInstance, relay: ApiRelay): void {
  app.all(
    '/api/*',
    {
      onRequest: (request, reply, _done) => {
        reply.hijack();
        relay.serve(request.raw, reply.raw, request.id);
      },
    },
    () => {
      throw new Error('the /api relay answers in onRequest');
    },
  );
}
