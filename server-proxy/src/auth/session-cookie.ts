export const SESSION_COOKIE = 'desk_session';

const COOKIE_VALUE_RE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Reads one cookie from a Cookie header without pulling in a cookie library: the first
 * `name=value` pair (name trimmed) among the ';'-separated parts, if its value is a
 * well-formed token. Scans in place rather than splitting: this runs on every API call.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let start = 0;
  while (start <= header.length) {
    let end = header.indexOf(';', start);
    if (end < 0) end = header.length;
    const eq = header.indexOf('=', start);
    if (eq >= 0 && eq < end && header.slice(start, eq).trim() === name) {
      const value = header.slice(eq + 1, end).trim();
      return COOKIE_VALUE_RE.test(value) ? value : undefined;
    }
    start = end + 1;
  }
  return undefined;
}

/** HttpOnly (no script can read it), SameSite=Strict (no cross-site sends), Path=/. */
export function sessionCookie(id: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${maxAgeSeconds}${secure ? '; Secure' : ''}`;
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`;
}
