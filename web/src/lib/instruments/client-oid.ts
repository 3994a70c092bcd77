// Client order IDs (spec 8: 1 to 32 characters of digits, letters, and _ : # - + or spaces).
// Every order the desk sends carries one, so a retry can be recognised (issue 9).
import { CLIENT_OID_RE } from '@contract/schemas/common';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** "desk-" + time + random, 26 characters, inside the spec's charset. */
export function newClientOid(random: (n: number) => Uint8Array = randomBytes, now: number = Date.now()): string {
  const bytes = random(12);
  let tail = '';
  for (const b of bytes) tail += ALPHABET[b % ALPHABET.length];
  return `desk-${now.toString(36).slice(-9)}${tail}`.slice(0, 32);
}

export function isValidClientOid(s: string): boolean {
  return CLIENT_OID_RE.test(s);
}

function randomBytes(n: number): Uint8Array {
  const out = new Uint8Array(n);
  globalThis.crypto.getRandomValues(out);
  return out;
}
