// The one error value the UI sees from REST and WebSocket calls alike (STYLE.md:
// errors are values with a code and a message, shown where the user acted).
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly msg: string;
  /** HTTP status; 0 when no HTTP answer was involved (network failure, WebSocket). */
  readonly status: number;
  /** The request field the error is about, when the server named one. */
  readonly field: string | undefined;

  constructor(init: { code: string; msg: string; status: number; field?: string | undefined }) {
    super(`${init.code}: ${init.msg}`);
    this.code = init.code;
    this.msg = init.msg;
    this.status = init.status;
    this.field = init.field;
  }
}

/** Codes the desk's own client raises (never sent by the exchange or the proxy). */
export const clientErrorCodes = {
  network: 'desk.network',
  badResponse: 'desk.bad-response',
  wsNotConnected: 'desk.ws.not-connected',
  wsClosed: 'desk.ws.closed',
  wsTimeout: 'desk.ws.timeout',
  wsDuplicateId: 'desk.ws.duplicate-id',
} as const;

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
