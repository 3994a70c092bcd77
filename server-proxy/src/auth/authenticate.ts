import type { IncomingHttpHeaders } from 'node:http';
import { readCookie, SESSION_COOKIE } from './session-cookie';
import type { Session, SessionStore } from './session-store';

/** The session a request's cookie names, if any (used by REST routes and the WS upgrade). */
export async function sessionOf(headers: IncomingHttpHeaders, sessions: SessionStore, fresh = false): Promise<Session | undefined> {
  const checked = await sessions.check(readCookie(headers.cookie, SESSION_COOKIE), fresh);
  return 'session' in checked ? checked.session : undefined;
}

/** The session of a request when the store has it checked and cached (no wait), else undefined: then call sessionOf. */
export function cachedSessionOf(headers: IncomingHttpHeaders, sessions: SessionStore): Session | undefined {
  return sessions.cached(readCookie(headers.cookie, SESSION_COOKIE));
}
