// Request signing shared by the proxy (which signs) and the simulator (which verifies).
// REST: base64(HMAC-SHA256(secret, timestamp + METHOD + requestPath + ('?' + query) + body)),
// with the query string and body exactly as sent on the wire (upstream-facts.md "Signing").
// WebSocket login: the same HMAC over timestamp + 'GET' + '/user/verify', timestamp in seconds.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { HmacSha256 } from './hmac-sha256';

export function restPrehash(timestamp: string, method: string, requestPath: string, query: string, body: string): string {
  return `${timestamp}${method.toUpperCase()}${requestPath}${query ? `?${query}` : ''}${body}`;
}

export function hmacBase64(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64');
}

export interface RestSignInput {
  secret: string;
  /** Unix milliseconds as text. */
  timestamp: string;
  method: string;
  /** The path without the query, e.g. /api/v3/trade/place-order. */
  path: string;
  /** The raw query string without '?', exactly as it will be sent. */
  query?: string;
  /** The raw body text exactly as it will be sent ('' for GET). */
  body?: string;
}

export function signRest(input: RestSignInput): string {
  return hmacBase64(input.secret, prehashOf(input));
}

/** The text a REST call's signature covers, from its parts. */
function prehashOf(input: Omit<RestSignInput, 'secret'>): string {
  return restPrehash(input.timestamp, input.method, input.path, input.query ?? '', input.body ?? '');
}

/**
 * signRest for one secret, keyed once: what the proxy signs each relayed call with
 * (hmac-sha256.ts says why it is not createHmac). The same signature as signRest.
 */
export class RestSigner {
  readonly #mac: HmacSha256;

  constructor(secret: string) {
    this.#mac = new HmacSha256(secret);
  }

  sign(input: Omit<RestSignInput, 'secret'>): string {
    return this.#mac.base64(prehashOf(input));
  }
}

/** Constant-time comparison of two base64 signatures. */
export function signaturesMatch(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function wsLoginPrehash(timestamp: string): string {
  return `${timestamp}GET/user/verify`;
}

export function wsLoginSign(secret: string, timestamp: string): string {
  return hmacBase64(secret, wsLoginPrehash(timestamp));
}

export interface WsLoginInput {
  apiKey: string;
  passphrase: string;
  secret: string;
  /** Unix seconds as text; every public client sends seconds (upstream-facts.md). */
  timestamp: string;
}

export function buildWsLogin(input: WsLoginInput) {
  return {
    op: 'login' as const,
    args: [
      {
        apiKey: input.apiKey,
        passphrase: input.passphrase,
        timestamp: input.timestamp,
        sign: wsLoginSign(input.secret, input.timestamp),
      },
    ],
  };
}

/** The REST headers of spec 5 for one signed call. */
export function signedHeaders(key: { apiKey: string; secret: string; passphrase: string }, req: Omit<RestSignInput, 'secret'>, locale = 'en-US') {
  return {
    'ACCESS-KEY': key.apiKey,
    'ACCESS-SIGN': signRest({ ...req, secret: key.secret }),
    'ACCESS-TIMESTAMP': req.timestamp,
    'ACCESS-PASSPHRASE': key.passphrase,
    'Content-Type': 'application/json',
    locale,
  };
}
