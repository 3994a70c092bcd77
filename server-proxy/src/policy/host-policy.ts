import { networkInterfaces } from 'node:os';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '::1'];
const ANY_ADDRESS = new Set(['0.0.0.0', '::']);

/** The name part of a Host header value: "[::1]:8080" -> "::1", "Desk.Local:80" -> "desk.local". */
export function hostNameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon < 0 || h.indexOf(':') !== colon ? h : h.slice(0, colon);
}

/**
 * The Host header check against DNS rebinding (issue 16 item 4): a page served from
 * evil.example whose name then resolves to 127.0.0.1 reaches the desk with
 * `Host: evil.example`. Only the desk's own names are answered: the loopback names, the
 * host it listens on (every local address when that is 0.0.0.0 or ::), the hosts of the
 * allowed origins and any configured extra names. Ports are not compared: the name is what
 * rebinding changes.
 */
export class HostPolicy {
  readonly #names = new Set<string>(LOOPBACK_NAMES);
  /** The last Host header allowed, as sent: a browser sends the same one on every call, so the parse is skipped. */
  #lastAllowed = '';

  constructor(listenHost: string, allowedOrigins: readonly string[], extraNames: readonly string[]) {
    if (ANY_ADDRESS.has(listenHost)) {
      for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) this.#names.add(a.address.toLowerCase());
    } else {
      this.#names.add(listenHost.toLowerCase());
    }
    for (const origin of allowedOrigins) {
      try {
        this.#names.add(hostNameOf(new URL(origin).host));
      } catch {
        // A malformed origin names no host.
      }
    }
    for (const name of extraNames) this.#names.add(hostNameOf(name));
  }

  isAllowed(host: string | string[] | undefined): boolean {
    if (typeof host !== 'string' || host === '') return false;
    if (host === this.#lastAllowed) return true;
    if (!this.#names.has(hostNameOf(host))) return false;
    this.#lastAllowed = host;
    return true;
  }
}

/** The DESK421 answer's params for a Host that is not the desk's: the header as sent, printable and bounded. */
export function unknownHostRefusal(host: string | string[] | undefined): { detail: string } {
  return { detail: String(host ?? '(none)').replace(/[^\x20-\x7e]/g, '?').slice(0, 100) };
}
