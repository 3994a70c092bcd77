import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalog, errorEnvelope, localeFrom, type ErrorCode, type ErrorParams } from '@contract/core/errors';

/** How long a caller answered 429 should wait (seconds) when nothing more exact is known. */
export const DEFAULT_RETRY_AFTER_S = 1;

/**
 * Answers with a proxy-made error in the exchange's envelope {code,msg,requestTime,data:null},
 * in the caller's `locale` (spec 9). A 400 also names the offending `field` beside the
 * envelope, which the web app shows next to that field.
 */
export function replyError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, params: ErrorParams = {}, now = Date.now()): FastifyReply {
  const body: Record<string, unknown> = { ...errorEnvelope(code, localeFrom(request.headers.locale), params, now) };
  if (params.field) body.field = params.field;
  const status = errorCatalog[code].status;
  // Every 429 says when to come back (a more exact value set by the caller stands).
  if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_S));
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(body);
}

export function successEnvelope<T>(data: T, now = Date.now()) {
  return { code: '00000', msg: 'success', requestTime: now, data };
}

/**
 * The desk's envelope written straight to a socket, for answers made before any request
 * object exists (a malformed request line, headers too large, a refused upgrade).
 */
export function writeRawError(socket: Duplex, code: ErrorCode, params: ErrorParams = {}, now = Date.now()): void {
  if (socket.destroyed || !socket.writable) return;
  const status = errorCatalog[code].status;
  const body = JSON.stringify({ ...errorEnvelope(code, 'en-US', params, now), ...(params.field ? { field: params.field } : {}) });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      (status === 429 ? `Retry-After: ${DEFAULT_RETRY_AFTER_S}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
