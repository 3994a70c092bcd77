// An interface error raised inside the simulator. It carries the code and the message
// parameters, not a message: the REST layer renders it in the caller's locale (spec 9)
// and the WebSocket layer can do the same.
import { errorCatalog, errorMessage, type ErrorCode, type ErrorParams, type Locale } from '@contract/core/errors';

export class SimError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly params: ErrorParams = {},
  ) {
    super(errorMessage(code, 'en-US', params));
    this.name = 'SimError';
    this.status = errorCatalog[code].status;
  }

  messageIn(locale: Locale): string {
    return errorMessage(this.code, locale, this.params);
  }
}

/** 40017 naming the field (spec: bad input gets a clear error naming the field). */
export function paramError(field: string, message: string): SimError {
  return new SimError('40017', { field, detail: `${field}: ${message}` });
}
