// REST calls typed from the catalog (contract/catalog/endpoints.ts): the parameters are the
// request schema's input, the result is the response schema's output, and both are
// checked here. Bad input is refused before anything is sent, naming the field; an
// answer that does not match the contract is refused too, rather than rendered wrong.
import type { z } from 'zod';
import type { EndpointDef } from '@contract/catalog/endpoints';
import { firstProblem } from '@contract/core/validation';
import { badInput } from '@web/lib/bad-input/bad-input-store';
import { DeskApiError, clientErrorCodes } from './api-error';
import type { ApiFetch, QueryValue } from './api-fetch';

export type ParamsOf<E extends EndpointDef> = z.input<E['request']>;
export type ResultOf<E extends EndpointDef> = z.infer<E['response']>;

export interface CallOptions {
  /** Another of the user's accounts than the session's current one. */
  account?: string | undefined;
  signal?: AbortSignal | undefined;
}

export const invalidRequestCode = clientErrorCodes.invalidRequest;

export type CallEndpoint = <E extends EndpointDef>(endpoint: E, params: ParamsOf<E>, options?: CallOptions) => Promise<ResultOf<E>>;

export function createCallEndpoint(apiFetch: ApiFetch): CallEndpoint {
  return async function callEndpoint<E extends EndpointDef>(endpoint: E, params: ParamsOf<E>, options: CallOptions = {}): Promise<ResultOf<E>> {
    const checked = endpoint.request.safeParse(params);
    if (!checked.success) {
      const { field, message } = firstProblem(checked.error);
      throw new DeskApiError({ code: invalidRequestCode, msg: `${field}: ${message}; nothing was sent`, status: 0, field });
    }
    // The caller's own values go on the wire (the schema's input is the wire form;
    // its output may be normalised differently), now known to be valid.
    const data = await apiFetch({
      method: endpoint.method,
      path: endpoint.path,
      ...(endpoint.method === 'GET' ? { query: params as Record<string, QueryValue> } : { body: params }),
      account: options.account,
      signal: options.signal,
    });
    const parsed = endpoint.response.safeParse(data);
    if (!parsed.success) {
      const { field, message } = firstProblem(parsed.error);
      // Refused, not rendered wrong, and never silently: counted and shown in the header too.
      badInput.report(endpoint.path, field, message);
      throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `${endpoint.path} answered with an unexpected ${field}: ${message}`, status: 200, field });
    }
    return parsed.data as ResultOf<E>;
  };
}
