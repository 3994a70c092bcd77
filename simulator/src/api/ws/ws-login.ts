// Private WebSocket login (upstream-facts.md "Signing", "WS v3"):
//   {"op":"login","args":[{"apiKey","passphrase","timestamp","sign"}]}
// sign = base64(HMAC-SHA256(secret, timestamp + 'GET' + '/user/verify')). Every public
// client sends the timestamp in seconds (the docs' prose says ms), some as a JSON number;
// both units and both types are accepted, within 30 s of the simulator's clock.
import { wsLoginRequest } from '@contract/schemas/ws-private';
import { signaturesMatch, wsLoginSign } from '@contract/core/signing';
import { check } from '@contract/core/validation';
import type { Account, AccountStore } from '../../accounts/account-store';

export type LoginOutcome = { ok: true; account: Account } | { ok: false; reason: string };

export function verifyLogin(msg: unknown, accounts: Pick<AccountStore, 'byApiKey'>, now: number, windowMs: number): LoginOutcome {
  const checked = check(wsLoginRequest, withTextTimestamp(msg));
  if (!checked.ok) return { ok: false, reason: `${checked.field}: ${checked.message}` };
  const { apiKey, passphrase, timestamp, sign } = checked.data.args[0]!;
  const account = accounts.byApiKey(apiKey);
  if (!account) return { ok: false, reason: 'invalid ACCESS-KEY' };
  if (account.passphrase !== passphrase) return { ok: false, reason: 'invalid ACCESS-PASSPHRASE' };
  const ms = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(now - ms) > windowMs) return { ok: false, reason: `timestamp ${timestamp} is more than ${windowMs / 1000} s from the server time ${now}` };
  if (!signaturesMatch(wsLoginSign(account.secret, timestamp), sign)) return { ok: false, reason: 'invalid signature' };
  return { ok: true, account };
}

/** bitget-api sends `timestamp` as a number; the contract's schema takes text. */
function withTextTimestamp(msg: unknown): unknown {
  if (typeof msg !== 'object' || msg === null) return msg;
  const args = (msg as { args?: unknown }).args;
  if (!Array.isArray(args)) return msg;
  return {
    ...msg,
    args: args.map((a: unknown) =>
      typeof a === 'object' && a !== null && typeof (a as { timestamp?: unknown }).timestamp === 'number'
        ? { ...a, timestamp: String((a as { timestamp: number }).timestamp) }
        : a,
    ),
  };
}
