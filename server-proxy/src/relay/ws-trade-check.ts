// The checks a WebSocket trade op passes before it goes upstream: the same permission
// and the same schemas as the REST path (issue 5 item 7), so a role that cannot place an
// order over REST cannot over the socket either, and a batch of 21 or a bad clientOid
// is refused here with nothing forwarded.

import { errorMessage, type Locale } from '@contract/core/errors';
import { z } from 'zod';
import { checkTradeOp, wsTradeRequest, type WsTradeRequest } from '@contract/schemas/ws-private';
import { check } from '@contract/core/validation';
import type { RelaySession, TradeOpCheck } from './ws-relay-types';

export const TRADE_PERMISSION = 'trade.write';

/** The envelope closed: a field the contract does not name (uid, apiKey, ...) is refused, not sent upstream. */
const closedEnvelope = z.strictObject(wsTradeRequest.shape);

export type TradeOpVerdict =
  | { ok: true; op: WsTradeRequest }
  | { ok: false; id: string | undefined; code: string; msg: string; field: string | undefined };

export function checkWsTrade(
  msg: unknown,
  session: RelaySession,
  locale: Locale,
  extra?: (msg: unknown) => TradeOpCheck,
): TradeOpVerdict {
  const rawId = (msg as { id?: unknown }).id;
  const id = typeof rawId === 'string' ? rawId : undefined;
  if (!session.permissions.includes(TRADE_PERMISSION)) {
    return {
      ok: false,
      id,
      code: 'DESK403',
      msg: errorMessage('DESK403', locale, { role: session.role, permission: TRADE_PERMISSION }),
      field: undefined,
    };
  }
  const closed = check(closedEnvelope, msg);
  const checked = closed.ok ? checkTradeOp(msg) : closed;
  if (!checked.ok) {
    return {
      ok: false,
      id,
      code: 'DESK400',
      msg: errorMessage('DESK400', locale, { field: checked.field, detail: checked.message }),
      field: checked.field,
    };
  }
  const more = extra?.(msg);
  if (more !== undefined && !more.ok) return { ok: false, id, code: more.code, msg: more.msg, field: undefined };
  return { ok: true, op: checked.data };
}
