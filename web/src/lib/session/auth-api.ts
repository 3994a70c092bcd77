// The proxy's session routes (/auth/*). Not exchange paths, so not in the catalog.
import { DeskApiError, clientErrorCodes } from '@web/lib/api/api-error';
import { meSchema, type Me } from '@contract/schemas/session';
import { sessionEndedNotice } from './session-ended-notice';

type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

const defaultFetch: FetchLike = (input, init) => fetch(input, init);

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `HTTP ${response.status}: the answer is not JSON`, status: response.status });
  }
}

function errorFrom(response: Response, body: unknown): DeskApiError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as { code?: unknown; msg?: unknown; field?: unknown };
  return new DeskApiError({
    code: typeof b.code === 'string' ? b.code : `HTTP${response.status}`,
    msg: typeof b.msg === 'string' ? b.msg : `HTTP ${response.status}`,
    status: response.status,
    field: typeof b.field === 'string' ? b.field : undefined,
  });
}

/** Unwraps `{code:'00000', data}` if the proxy wraps its answer in the envelope. */
function unwrap(body: unknown): unknown {
  if (typeof body === 'object' && body !== null && 'code' in body && 'data' in body) return (body as { data: unknown }).data;
  return body;
}

async function send(fetchImpl: FetchLike, path: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetchImpl(path, { credentials: 'same-origin', ...init, headers: { accept: 'application/json', ...init.headers } });
  } catch (e) {
    throw new DeskApiError({ code: clientErrorCodes.network, msg: `the desk server did not answer (${e instanceof Error ? e.message : String(e)})`, status: 0 });
  }
  const body = await readJson(response);
  if (!response.ok) throw errorFrom(response, body);
  return body;
}

/** The signed-in user, or null when there is no session (401). */
export async function fetchMe(fetchImpl: FetchLike = defaultFetch, signal?: AbortSignal): Promise<Me | null> {
  try {
    const body = await send(fetchImpl, '/auth/me', signal ? { signal } : {});
    const parsed = meSchema.safeParse(unwrap(body));
    if (!parsed.success) {
      throw new DeskApiError({ code: clientErrorCodes.badResponse, msg: `/auth/me: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(), status: 200 });
    }
    return parsed.data;
  } catch (e) {
    if (e instanceof DeskApiError && e.status === 401) {
      if (e.code === 'DESK401S') sessionEndedNotice.setState({ message: e.message });
      return null;
    }
    throw e;
  }
}

export async function login(username: string, password: string, fetchImpl: FetchLike = defaultFetch): Promise<void> {
  await send(fetchImpl, '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

export async function logout(csrfToken: string | null, fetchImpl: FetchLike = defaultFetch): Promise<void> {
  await send(fetchImpl, '/auth/logout', { method: 'POST', headers: csrfToken ? { 'x-desk-csrf': csrfToken } : {} });
}
