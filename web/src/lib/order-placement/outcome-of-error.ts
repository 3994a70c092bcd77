// Was a failed call refused, or is its outcome unknown? (issue 9). A refusal (a 4xx with
// the exchange's code, or a request the client refused to send) means nothing happened. A
// network failure, a timeout, a 5xx or a 429 may hide a call the exchange did carry out:
// the order must be looked up by its clientOid before anything is sent again.
import { isApiError } from '@web/lib/api/api-error';
import { clientErrorCodes } from '@web/lib/api/api-error';

/** spec: the clientOid is already used by a pending order. For our own retry, that order is ours. */
export const DUPLICATE_CLIENT_OID = '25212';
/** The order does not exist / has nothing left to cancel / is already final. */
export const ALREADY_FINAL_CODES = new Set(['25204', '22001', '25205']);

export type ErrorOutcome = 'refused' | 'unknown' | 'duplicate';

export function outcomeOfError(e: unknown): ErrorOutcome {
  if (isTimeout(e)) return 'unknown';
  if (!isApiError(e)) return 'unknown';
  if (e.code === DUPLICATE_CLIENT_OID) return 'duplicate';
  if (e.code === clientErrorCodes.invalidRequest) return 'refused';
  if (e.code === clientErrorCodes.network || e.code === clientErrorCodes.badResponse) return 'unknown';
  if (e.status === 0 || e.status >= 500 || e.status === 429) return 'unknown';
  return 'refused';
}

export function isTimeout(e: unknown): boolean {
  return typeof e === 'object' && e !== null && 'name' in e && ((e as { name: unknown }).name === 'AbortError' || (e as { name: unknown }).name === 'TimeoutError');
}

export function errorText(e: unknown): string {
  if (isTimeout(e)) return 'no answer in time';
  return isApiError(e) ? `${e.message} (${e.code})` : e instanceof Error ? e.message : String(e);
}
