import { timingSafeEqual } from 'node:crypto';

/**
 * Same-origin check for state-changing requests: the Origin header (sent by every
 * browser on a POST) must be one of the proxy's own origins or an allowed one.
 */
export class OriginPolicy {
  readonly #allowed = new Set<string>();

  constructor(origins: readonly string[] = []) {
    for (const o of origins) this.allow(o);
  }

  allow(origin: string): void {
    this.#allowed.add(origin.replace(/\/+$/, '').toLowerCase());
  }

  /** The proxy's own origins once its port is known. */
  allowServer(host: string, port: number): void {
    this.allow(`http://${host.includes(':') ? `[${host}]` : host}:${port}`);
    if (host === '127.0.0.1') this.allow(`http://localhost:${port}`);
  }

  isAllowed(origin: string | string[] | undefined): boolean {
    return typeof origin === 'string' && this.#allowed.has(origin.toLowerCase());
  }
}

/** Constant-time CSRF token comparison. */
export function csrfMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
