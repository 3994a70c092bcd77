// An error as the user reads it where they acted (STYLE.md: errors are values with a
// code and a message): the exchange's or the proxy's message, the request field it
// names, and its code, so a support question can quote it.
import { isApiError } from './api-error';

export function describeError(e: unknown): string {
  if (isApiError(e)) {
    const field = e.field && !e.message.startsWith(`${e.field}:`) && !e.message.startsWith(`${e.field} `) ? `${e.field}: ` : '';
    return `${field}${e.message} (${e.code})`;
  }
  if (e instanceof Error) return e.message || e.name;
  return String(e);
}
