// One route per catalog entry (and per alias), all handled the same way: authenticate
// (private endpoints), parse the query (GET) or JSON body (POST) with the entry's request
// schema, run the guards, call the registered handler, answer the envelope of spec 2.1.
// Errors answer `{code, msg, requestTime, data: null}` in the caller's locale (spec 9).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints, type EndpointDef, type EndpointId } from '@contract/catalog/endpoints';
import { reviseHistoryQueryAt } from '@contract/schemas/earn-broker-convert';
import { errorEnvelope, errorMessage, localeFrom, SUCCESS_CODE, type Locale } from '@contract/core/errors';
import { check } from '@contract/core/validation';
import type { AccountStore } from '../../accounts/account-store';
import type { Clock } from '@contract/core/clock';
import type { Dialect } from '../../core/dialect';
import { paramError, SimError } from '../../core/sim-error';
import { authenticate } from './authenticate';
import type { HandlerRegistry, RequestContext, RequestGuard } from './handler-registry';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received, for signature checks. */
    rawBody?: string;
  }
}

export interface CatalogRouteDeps {
  accounts: AccountStore;
  clock: Clock;
  handlers: HandlerRegistry;
  guards: RequestGuard[];
  /** `live`: each endpoint answers at its public API path only (upstreamPath), as documented. */
  dialect?: Dialect;
  /** Check every answer against the catalog's response schema (on in tests and by default). */
  validateResponses: boolean;
}

/** Keeps the raw body text of every request; JSON is parsed by the route so errors use our envelope. */
export function keepRawBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (req, body, done) => {
    req.rawBody = typeof body === 'string' ? body : body.toString('utf8');
    done(null, req.rawBody);
  });
}

function splitUrl(url: string): { path: string; rawQuery: string } {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, rawQuery: '' } : { path: url.slice(0, q), rawQuery: url.slice(q + 1) };
}

function queryObject(rawQuery: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) {
    if (k in out) throw paramError(k, 'is given more than once');
    out[k] = v;
  }
  return out;
}

function bodyValue(raw: string): unknown {
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    throw paramError('(body)', 'is not valid JSON');
  }
}

export function sendError(reply: FastifyReply, error: unknown, locale: Locale, now: number): FastifyReply {
  if (error instanceof SimError) {
    return reply.status(error.status).send({ code: error.code, msg: error.messageIn(locale), requestTime: now, data: null });
  }
  reply.log.error({ err: error }, 'simulator handler failed');
  return reply.status(500).send(errorEnvelope('45001', locale, {}, now));
}

export function registerCatalogRoutes(app: FastifyInstance, deps: CatalogRouteDeps): void {
  for (const id of Object.keys(endpoints) as EndpointId[]) {
    const catalogEntry: EndpointDef = endpoints[id];
    // "The past three months" (spec 4.1) is judged by the simulator's clock, not the wall
    // clock, so tests with a manual clock see the same window the handler applies.
    const endpoint: EndpointDef =
      id === 'reviseHistory' ? { ...catalogEntry, request: reviseHistoryQueryAt(() => deps.clock.now()) } : catalogEntry;
    // The live exchange knows only its own paths: the native-token conversion under its
    // public name, instruments under /market/ (where category is required, below).
    const urls = deps.dialect === 'live' ? [endpoint.upstreamPath ?? endpoint.path] : [endpoint.path, ...endpoint.aliases];
    for (const url of urls) {
      app.route({ method: endpoint.method, url, handler: (req, reply) => handle(id, endpoint, req, reply, deps) });
    }
  }
  app.setNotFoundHandler((req, reply) => {
    const now = deps.clock.now();
    void reply.status(404).send(errorEnvelope('40404', localeFrom(req.headers.locale), {}, now));
  });
}

async function handle(id: EndpointId, endpoint: EndpointDef, req: FastifyRequest, reply: FastifyReply, deps: CatalogRouteDeps): Promise<FastifyReply> {
  const now = deps.clock.now();
  const locale = localeFrom(req.headers.locale);
  try {
    const { path, rawQuery } = splitUrl(req.raw.url ?? req.url);
    const rawBody = endpoint.method === 'POST' ? (req.rawBody ?? '') : '';
    const account =
      endpoint.auth === 'private'
        ? authenticate({ headers: req.headers, method: endpoint.method, path, rawQuery, rawBody }, deps.accounts, now)
        : null;
    const input = endpoint.method === 'GET' ? queryObject(rawQuery) : bodyValue(rawBody);
    if (deps.dialect === 'live' && id === 'instruments' && (input as Record<string, string>).category === undefined) {
      throw paramError('category', 'is required (SPOT, MARGIN, USDT-FUTURES, ...)');
    }
    const checked = check(endpoint.request, input);
    if (!checked.ok) throw paramError(checked.field, checked.message);
    const ctx: RequestContext = { account, locale, now };
    for (const guard of deps.guards) await guard({ ...ctx, endpointId: id });
    const handler = deps.handlers.get(id);
    if (!handler) {
      // Not implemented yet: a clear refusal, never a fake success.
      return reply.status(503).send({
        code: '45002',
        msg: `${errorMessage('45002', locale)}: ${endpoint.method} ${endpoint.path} has no handler in this simulator`,
        requestTime: now,
        data: null,
      });
    }
    const data: unknown = await handler(checked.data as never, ctx);
    if (deps.validateResponses) {
      const problem = check(endpoint.response, data, ['data']);
      if (!problem.ok) throw new Error(`${id} answered a shape the catalog rejects: ${problem.field}: ${problem.message}`);
    }
    return reply.status(200).send({ code: SUCCESS_CODE, msg: 'success', requestTime: now, data });
  } catch (error) {
    return sendError(reply, error, locale, now);
  }
}
