// spec 5 and upstream-facts.md "Signing": ACCESS-KEY, ACCESS-SIGN, ACCESS-PASSPHRASE and
// ACCESS-TIMESTAMP, with the signature checked over the raw query string and the raw body
// exactly as they arrived (clients differ in how they order and encode the query, so
// re-serialising would reject valid requests). The timestamp is in ms, within 30 s.
import { signaturesMatch, signRest } from '@contract/core/signing';
import type { Account, AccountStore } from '../../accounts/account-store';
import { SimError } from '../../core/sim-error';

export const TIMESTAMP_WINDOW_MS = 30_000;

export interface SignedRequest {
  headers: Record<string, string | string[] | undefined>;
  method: string;
  /** The path as received, without the query. */
  path: string;
  /** The raw query string without '?', '' when none. */
  rawQuery: string;
  /** The raw body text, '' when none. */
  rawBody: string;
}

function header(headers: SignedRequest['headers'], name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function authenticate(req: SignedRequest, accounts: AccountStore, now: number): Account {
  const key = header(req.headers, 'ACCESS-KEY');
  const sign = header(req.headers, 'ACCESS-SIGN');
  const timestamp = header(req.headers, 'ACCESS-TIMESTAMP');
  const passphrase = header(req.headers, 'ACCESS-PASSPHRASE');
  if (!key) throw new SimError('40001');
  if (!sign) throw new SimError('40002');
  if (!timestamp) throw new SimError('40003');
  if (!passphrase) throw new SimError('40004');
  if (!/^\d{1,16}$/.test(timestamp)) throw new SimError('40005');
  if (Math.abs(now - Number(timestamp)) > TIMESTAMP_WINDOW_MS) throw new SimError('40008');
  const account = accounts.byApiKey(key);
  if (!account) throw new SimError('40006');
  if (account.passphrase !== passphrase) throw new SimError('40012');
  const expected = signRest({ secret: account.secret, timestamp, method: req.method, path: req.path, query: req.rawQuery, body: req.rawBody });
  if (!signaturesMatch(expected, sign)) throw new SimError('40009');
  return account;
}
