// The browser's only door to the exchange: exchange paths on the proxy, with the
// desk's account and CSRF headers added and the envelope unwrapped (spec 2.1, 7.1).
import { anyEnvelope, SUCCESS } from '@contract/schemas/envelope';
import { DeskApiError, clientErrorCodes } from './api-error';

export type QueryValue = string | number | boolean | undefined | null;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT';
  /** The exchange path as the catalog names it, e.g. `/api/v3/trade/place-order`. */
  path: string;
  query?: Readonly<Record<string, QueryValue>> | undefined;
  body?: unknown;
  /** Overrides the session's current account for this call. */
  account?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface SessionHeaders {
  account: string | null;
  csrfToken: string | null;
  locale?: string | undefined;
}

export interface ApiFetchDeps {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  session: () => SessionHeaders;
}

export type ApiFetch = <T = unknown>(request: ApiRequest) => Promise<T>;

export function buildQueryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function createApiFetch(deps: ApiFetchDeps): ApiFetch {
  return async function apiFetch<T>(request: ApiRequest): Promise<T> {
    const method = request.method ?? 'GET';
    const session = deps.session();
    const headers: Record<string, string> = { accept: 'application/json' };
    const account = request.account ?? session.account;
    if (account) headers['x-desk-account'] = account;
    if (session.locale) headers.locale = session.locale;
    if (method !== 'GET' && session.csrfToken) headers['x-desk-csrf'] = session.csrfToken;
    const init: RequestInit = { method, headers, credentials: 'same-origin' };
    if (request.signal) init.signal = request.signal;
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(request.body);
    }

    let response: Response;
    try {
      response = await deps.fetch(request.path + buildQueryString(request.query), init);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') throw e;
      throw new DeskApiError({ code: clientErrorCodes.network, msg: `the desk server did not answer (${describe(e)})`, status: 0 });
    }

    const text = await response.text();
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `HTTP ${response.status}: the answer is not JSON`, status: response.status });
    }
    const parsed = anyEnvelope.safeParse(raw);
    if (!parsed.success) {
      throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `HTTP ${response.status}: the answer is not an exchange envelope`, status: response.status });
    }
    const env = parsed.data;
    if (env.code !== SUCCESS || !response.ok) {
      throw new DeskApiError({ code: env.code, msg: env.msg, status: response.status, field: fieldOf(raw) });
    }
    return env.data as T;
  };
}

/** The proxy may name the offending request field beside the envelope (`field`). */
function fieldOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const field = (raw as { field?: unknown }).field;
  return typeof field === 'string' && field ? field : undefined;
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
