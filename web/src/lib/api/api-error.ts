// The one error value the UI sees from REST and WebSocket calls alike (STYLE.md:
// errors are values with a code and a message, shown where the user acted). It is
// the contract's ApiError, so `instanceof` holds for errors from either side, with
// the envelope's `msg` named as the envelope names it; its own name says it is the
// desk client's, not the contract's class.
import { ApiError as ContractApiError } from '@contract/core/errors';

export class DeskApiError extends ContractApiError {
  constructor(init: { code: string; msg: string; status: number; field?: string | undefined }) {
    super(init.code, init.msg, init.status, init.field);
  }

  /** The exchange's (or proxy's) message, as in the envelope's `msg`. */
  get msg(): string {
    return this.message;
  }
}

/** Codes the desk's own client raises (never sent by the exchange or the proxy). */
export const clientErrorCodes = {
  network: 'desk.network',
  invalidRequest: 'desk.invalid-request',
  badResponse: 'desk.bad-response',
  wsNotConnected: 'desk.ws.not-connected',
  wsClosed: 'desk.ws.closed',
  wsTimeout: 'desk.ws.timeout',
  wsDuplicateId: 'desk.ws.duplicate-id',
} as const;

export function isApiError(e: unknown): e is ContractApiError {
  return e instanceof ContractApiError;
}
