import { STATUS_CODES, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCatalog, errorEnvelope, localeFrom, type ErrorCode, type ErrorParams } from '@contract/core/errors';

/** How long a caller answered 429 should wait (seconds) when nothing more exact is known. */
export const DEFAULT_RETRY_AFTER_S = 1;

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A proxy-made error in the exchange's envelope {code,msg,requestTime,data:null}, in the
 * caller's `locale` (spec 9). A 400 also names the offending `field` beside the envelope,
 * which the web app shows next to that field. Every writer below answers with this.
 */
export function errorAnswer(code: ErrorCode, params: ErrorParams, locale: string | string[] | undefined, now: number): { status: number; body: Record<string, unknown> } {
  const body: Record<string, unknown> = { ...errorEnvelope(code, localeFrom(locale), params, now) };
  if (params.field) body.field = params.field;
  return { status: errorCatalog[code].status, body };
}

/** Answers a Fastify request with the desk's error envelope (errorAnswer). */
export function replyError(request: FastifyRequest, reply: FastifyReply, code: ErrorCode, params: ErrorParams = {}, now = Date.now()): FastifyReply {
  const { status, body } = errorAnswer(code, params, request.headers.locale, now);
  // Every 429 says when to come back (a more exact value set by the caller stands).
  if (status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(DEFAULT_RETRY_AFTER_S));
  return reply.code(status).header('content-type', JSON_TYPE).send(body);
}

/**
 * The same answer on a bare node:http response (the /api relay's lean path), with the
 * headers Fastify would add; returns the status for the caller's metrics.
 */
export function writeError(headers: IncomingHttpHeaders, res: ServerResponse, code: ErrorCode, params: ErrorParams = {}, now = Date.now()): number {
  const { status, body } = errorAnswer(code, params, headers.locale, now);
  const text = JSON.stringify(body);
  if (status === 429 && !res.hasHeader('retry-after')) res.setHeader('retry-after', String(DEFAULT_RETRY_AFTER_S));
  res.writeHead(status, ['content-type', JSON_TYPE, 'content-length', String(Buffer.byteLength(text))]);
  res.end(text);
  return status;
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
  const { status, body: envelope } = errorAnswer(code, params, undefined, now);
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\nConnection: close\r\nContent-Type: ${JSON_TYPE}\r\n` +
      (status === 429 ? `Retry-After: ${DEFAULT_RETRY_AFTER_S}\r\n` : '') +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
