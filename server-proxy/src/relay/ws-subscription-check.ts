// The strict checks a browser's subscribe or unsubscribe passes before the relay acts on
// it (issue 16 item 4): the contract's envelope (at most 50 args), no field the contract
// does not name (top level or per arg), a topic the socket serves, and the permission the
// matching REST read needs. A refusal is one error frame; nothing goes upstream.

import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '@contract/core/errors';
import { candleInterval } from '@contract/schemas/market';
import { depthInstTypeSchema, depthTopics } from '@contract/schemas/ws-depth';
import { privateArg, wsSubscribeRequest } from '@contract/schemas/ws-private';
import { check } from '@contract/core/validation';
import type { ChannelArg } from './ws-channel';
import type { RelaySession } from './ws-relay-types';

/** Subscriptions of the private channels need what the matching REST reads need. */
export const PRIVATE_TOPIC_PERMISSION: Readonly<Record<z.infer<typeof privateArg>['topic'], string>> = {
  order: 'trade.read',
  fill: 'trade.read',
  account: 'account.read',
  position: 'account.read',
  'strategy-order': 'trade.read',
};

const publicSymbol = z.string().regex(/^[A-Z0-9]{2,32}$/, 'must be upper-case letters and digits, like BTCUSDT');
// The depth channels and the market topics (issue 18); kline names its interval.
const publicArg = z.discriminatedUnion('topic', [
  z.strictObject({ instType: depthInstTypeSchema, topic: z.enum([...depthTopics, 'ticker', 'publicTrade']), symbol: publicSymbol }),
  z.strictObject({ instType: depthInstTypeSchema, topic: z.literal('kline'), symbol: publicSymbol, interval: candleInterval }),
]);

/** The contract's subscribe envelope, closed: op and args only, 1 to 50 args. */
const envelope = wsSubscribeRequest.pick({ op: true }).extend({ args: z.array(z.unknown()).min(1, 'must hold at least 1 channel').max(50, 'must hold at most 50 channels') }).strict();
const argSchema = { public: publicArg, private: privateArg.strict() } as const;

export type SubscriptionCheck = { ok: true; args: ChannelArg[] } | { ok: false; code: ErrorCode; params: ErrorParams };

export function checkSubscription(msg: unknown, socket: 'public' | 'private', session: Pick<RelaySession, 'role' | 'permissions'>): SubscriptionCheck {
  const head = check(envelope, msg);
  if (!head.ok) return { ok: false, code: '30016', params: { detail: `${head.field} ${head.message}` } };
  const args: ChannelArg[] = [];
  for (let i = 0; i < head.data.args.length; i++) {
    const arg = check(argSchema[socket], head.data.args[i], ['args', i]);
    if (!arg.ok) return { ok: false, code: '30016', params: { detail: `${arg.field} ${arg.message}` } };
    const need = socket === 'private' ? PRIVATE_TOPIC_PERMISSION[arg.data.topic as keyof typeof PRIVATE_TOPIC_PERMISSION] : 'market.read';
    if (head.data.op === 'subscribe' && !session.permissions.includes(need)) return { ok: false, code: 'DESK403', params: { role: session.role, permission: need } };
    args.push(arg.data);
  }
  return { ok: true, args };
}
