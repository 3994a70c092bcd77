import { inspect } from 'node:util';
import { z } from 'zod';
import { buildWsLogin, RestSigner, type RestSignInput } from '@contract/core/signing';
import { maskKeyId } from './mask-key-id';

export const ACCOUNT_NAME_RE = /^[a-z0-9][a-z0-9_-]{0,31}$/;
export const accountNameSchema = z.string().regex(ACCOUNT_NAME_RE, 'must be 1 to 32 characters of lowercase letters, digits, _ or -');

/** One named exchange account as stored (key file entry or environment). */
export const storedAccountSchema = z.strictObject({
  name: accountNameSchema,
  uid: z.string().regex(/^\d{1,20}$/, 'must be the numeric exchange UID').optional(),
  apiKey: z.string().min(1, 'must not be empty'),
  secret: z.string().min(1, 'must not be empty'),
  passphrase: z.string().min(1, 'must not be empty'),
});
export type StoredAccount = z.infer<typeof storedAccountSchema>;

/** What may be shown about an account: never the secret or passphrase, the key masked. */
export interface AccountSummary {
  name: string;
  uid: string | undefined;
  keyId: string;
}

/**
 * Holds one account's secrets in private fields, so that JSON.stringify, util.inspect,
 * a logger or an error serializer can only ever see the masked summary. The secrets
 * leave this object only as arguments to signing functions (upstream/, relay/).
 */
export class AccountCredentials {
  readonly name: string;
  readonly uid: string | undefined;
  readonly #apiKey: string;
  readonly #secret: string;
  readonly #passphrase: string;
  /** Keyed once with the secret: every relayed call of this account is signed with it. */
  readonly #signer: RestSigner;

  constructor(stored: StoredAccount) {
    this.name = stored.name;
    this.uid = stored.uid;
    this.#apiKey = stored.apiKey;
    this.#secret = stored.secret;
    this.#passphrase = stored.passphrase;
    this.#signer = new RestSigner(stored.secret);
  }

  /** The rate-limit key: the exchange counts per UID (spec 5); without a UID, per key. */
  get rateKey(): string {
    return this.uid ?? `key:${this.#apiKey}`;
  }

  summary(): AccountSummary {
    return { name: this.name, uid: this.uid, keyId: maskKeyId(this.#apiKey) };
  }

  /**
   * Adds the ACCESS-* headers of spec 5 for one REST call to `headers` (the caller adds
   * locale, Content-Type): filled in place, as this runs on every relayed call.
   */
  addRestAuthHeaders(headers: Record<string, string>, req: Omit<RestSignInput, 'secret'>): void {
    headers['ACCESS-KEY'] = this.#apiKey;
    headers['ACCESS-SIGN'] = this.#signer.sign(req);
    headers['ACCESS-TIMESTAMP'] = req.timestamp;
    headers['ACCESS-PASSPHRASE'] = this.#passphrase;
  }

  /** The upstream WebSocket login message (timestamp in seconds, upstream-facts "Signing"). */
  wsLogin(timestampSeconds: string): ReturnType<typeof buildWsLogin> {
    return buildWsLogin({ apiKey: this.#apiKey, passphrase: this.#passphrase, secret: this.#secret, timestamp: timestampSeconds });
  }

  /** Lends the secrets to a signing function; the caller must not keep or log them. */
  withSecrets<T>(use: (secrets: { apiKey: string; secret: string; passphrase: string }) => T): T {
    return use({ apiKey: this.#apiKey, secret: this.#secret, passphrase: this.#passphrase });
  }

  /** For writing the encrypted key file only. */
  toStored(): StoredAccount {
    return { name: this.name, uid: this.uid, apiKey: this.#apiKey, secret: this.#secret, passphrase: this.#passphrase };
  }

  toJSON(): AccountSummary {
    return this.summary();
  }

  [inspect.custom](): string {
    return `AccountCredentials(${JSON.stringify(this.summary())})`;
  }
}
