import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalog, errorEnvelope, localeFrom, type ErrorCode, type ErrorParams } from '@contract/errors';

/**
 * Answers with a proxy-made error in the exchange's envelope {code,msg,requestTime,data:null},
 * in the caller's `locale` (spec 9). A 400 also names the offending `field` beside the
 * envelope, which the web app shows next to that field.
 */
export function replyError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, params: ErrorParams = {}, now = Date.now()): FastifyReply {
  const body: Record<string, unknown> = { ...errorEnvelope(code, localeFrom(request.headers.locale), params, now) };
  if (params.field) body.field = params.field;
  return reply.code(errorCatalog[code].status).header('content-type', 'application/json; charset=utf-8').send(body);
}

export function successEnvelope<T>(data: T, now = Date.now()) {
  return { code: '00000', msg: 'success', requestTime: now, data };
}
