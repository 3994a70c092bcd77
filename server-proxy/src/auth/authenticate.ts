import type { IncomingHttpHeaders } from 'node:http';
import { readCookie, SESSION_COOKIE } from './session-cookie';
import type { Session, SessionStore } from './session-store';

/** The session a request's cookie names, if any (used by REST routes and the WS upgrade). */
export function sessionOf(headers: IncomingHttpHeaders, sessions: SessionStore, fresh = false): Session | undefined {
  const checked = sessions.check(readCookie(headers.cookie, SESSION_COOKIE), fresh);
  return 'session' in checked ? checked.session : undefined;
}
