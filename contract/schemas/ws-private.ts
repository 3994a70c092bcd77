// Private WebSocket messages (spec 6.1, 6.2, 6.4; upstream-facts.md "WS v3"): login,
// subscriptions to order/account/position, their pushes, and trade operations with answers.
import { z } from 'zod';
import { category, decimalString, signedDecimalString } from './common';
import { check, type Checked } from '../core/validation';
import { assetRow, assets, position, type Assets } from './account';
import { cancelOrderRequest, fillPushItem, MAX_BATCH, modifyOrderRequest, orderRecord, wsPlaceOrderArg } from './orders';
import { strategyOrderRecord } from './strategy-orders';

export const wsLoginRequest = z.object({
  op: z.literal('login'),
  args: z
    .array(
      z.object({
        apiKey: z.string(),
        passphrase: z.string(),
        // Seconds or milliseconds, as text or, as bitget-api sends it, as a number.
        timestamp: z.union([z.string(), z.number().int().nonnegative()]).transform(String).pipe(z.string().regex(/^\d{10,13}$/, 'must be Unix seconds or milliseconds')),
        sign: z.string(),
      }),
    )
    .length(1),
});
/** Login answer: numeric code 0 on success (bitget-api needs the number). */
export const wsLoginAnswer = z.object({ event: z.literal('login'), code: z.union([z.literal(0), z.literal('0')]), msg: z.string() });

export const privateTopics = ['order', 'account', 'position', 'fill', 'strategy-order'] as const;
/** `symbol`: websocket.md's strategy-order channel takes `default` (all symbols), the only value it supports. */
export const privateArg = z.object({ instType: z.literal('UTA'), topic: z.enum(privateTopics), symbol: z.literal('default').optional() });
export type PrivateArg = z.infer<typeof privateArg>;

export const wsSubscribeRequest = z.object({
  op: z.enum(['subscribe', 'unsubscribe']),
  args: z.array(z.record(z.string(), z.string())).min(1).max(50),
});

export const wsSubscribeAnswer = z.object({ event: z.enum(['subscribe', 'unsubscribe']), arg: z.record(z.string(), z.string()) });

export const wsErrorAnswer = z.object({
  event: z.literal('error'),
  code: z.union([z.string(), z.number()]),
  msg: z.string(),
  // The trading docs show the id of a failed trade op as a number; it parses to text.
  id: z.union([z.string(), z.number().transform(String)]).optional(),
  arg: z.unknown().optional(),
});

/** An order push: the order record plus, on a fill, the fill's fields (spec 3.1: each fill gets a tradeId). */
export const orderPushItem = orderRecord.and(
  z.object({
    tradeId: z.string().optional(),
    execPrice: decimalString.optional(),
    execQty: decimalString.optional(),
    execValue: decimalString.optional(),
    tradeScope: z.enum(['maker', 'taker']).optional(),
    fee: z.string().optional(),
    feeCoin: z.string().optional(),
  }),
);
export type OrderPushItem = z.infer<typeof orderPushItem>;

/**
 * The live `account` push (websocket.md): `totalEquity` and `unrealisedPnL` where GET
 * assets has accountEquity and unrealisedPnl, a `coin` list whose rows carry `debts` and
 * `borrow`, and no USDT or BTC equity.
 */
const liveAccountPushItem = z
  .object({
    totalEquity: signedDecimalString,
    effEquity: signedDecimalString,
    mmr: decimalString,
    imr: decimalString,
    mgnRatio: decimalString,
    positionMgnRatio: decimalString,
    unrealisedPnL: signedDecimalString,
    coin: z.array(assetRow.omit({ debt: true }).extend({ debts: decimalString })),
  })
  .transform(({ totalEquity, unrealisedPnL, coin, ...rest }) => ({
    ...rest,
    accountEquity: totalEquity,
    unrealisedPnl: unrealisedPnL,
    usdtEquity: undefined as string | undefined,
    btcEquity: undefined as string | undefined,
    assets: coin.map(({ debts, ...row }) => ({ ...row, debt: debts })),
  }));

/**
 * An `account` push in either dialect: the seed sends the GET assets shape, the live
 * exchange its own (above). Both parse to the assets shape, where usdtEquity and
 * btcEquity are undefined when the push did not carry them: see mergeAccountPush.
 */
export const accountPushItem = z.union([assets, liveAccountPushItem]);
export type AccountPushItem = z.infer<typeof accountPushItem>;

/**
 * The account after a push. A live push carries no USDT or BTC equity, so those keep the
 * values of the last GET assets; with no earlier answer to take them from, the result is
 * undefined and the caller fetches GET assets instead.
 */
export function mergeAccountPush(before: Assets | undefined, item: AccountPushItem): Assets | undefined {
  const usdtEquity = item.usdtEquity ?? before?.usdtEquity;
  const btcEquity = item.btcEquity ?? before?.btcEquity;
  if (usdtEquity === undefined || btcEquity === undefined) return undefined;
  return { ...item, usdtEquity, btcEquity };
}

function push<T extends z.ZodType>(topic: (typeof privateTopics)[number], item: T) {
  return z.object({
    arg: z.object({ instType: z.literal('UTA'), topic: z.literal(topic) }),
    action: z.enum(['snapshot', 'update']).optional(),
    data: z.array(item),
    ts: z.number(),
  });
}
export const orderPush = push('order', orderPushItem);
export const accountPush = push('account', accountPushItem);
/** Position pushes parse to the GET current-position names (see `position`). */
export const positionPush = push('position', position);
export const fillPush = push('fill', fillPushItem);
/** websocket.md "Strategy Order Channel": a strategy order placed, changed, fired or cancelled (lower-case category, with type, side, reduceOnly, triggerType). */
export const strategyOrderPush = push('strategy-order', strategyOrderRecord);

export const tradeTopics = ['place-order', 'modify-order', 'cancel-order', 'batch-place', 'batch-modify', 'batch-cancel'] as const;
export type TradeTopic = (typeof tradeTopics)[number];

const batchOf = <T extends z.ZodType>(item: T, max: number) =>
  z.array(item).min(1, 'must hold at least 1 order').max(max, `must hold at most ${max} orders`);

/** The args of each trade topic (spec 6.4): singles carry one element, batches at most 20. */
export const tradeArgsByTopic = {
  'place-order': batchOf(wsPlaceOrderArg, 1),
  'modify-order': batchOf(modifyOrderRequest, 1),
  'cancel-order': batchOf(cancelOrderRequest, 1),
  'batch-place': batchOf(wsPlaceOrderArg, MAX_BATCH),
  'batch-modify': batchOf(modifyOrderRequest, MAX_BATCH),
  'batch-cancel': batchOf(cancelOrderRequest, MAX_BATCH),
} as const satisfies Record<TradeTopic, z.ZodType>;

/** The envelope of a trade op; its args are checked per topic with tradeArgsByTopic. */
export const wsTradeRequest = z.object({
  op: z.literal('trade'),
  id: z.string().min(1).max(64),
  category: category.optional(),
  topic: z.enum(tradeTopics),
  args: z.array(z.unknown()),
});
export type WsTradeRequest = z.infer<typeof wsTradeRequest>;

/**
 * The answer to a trade op (websocket.md): code "0" on success; batch items carry their
 * own code and msg, singles none. connId names the upstream connection.
 */
export const wsTradeAnswer = z.object({
  event: z.literal('trade'),
  id: z.string(),
  category: z.string().optional(),
  topic: z.enum(tradeTopics),
  args: z.array(
    z.object({
      symbol: z.string().optional(),
      orderId: z.string().optional(),
      clientOid: z.string().optional(),
      cTime: z.string().optional(),
      code: z.string().optional(),
      msg: z.string().optional(),
    }),
  ),
  code: z.string(),
  msg: z.string(),
  connId: z.string().optional(),
  ts: z.string(),
});
export type WsTradeAnswer = z.infer<typeof wsTradeAnswer>;

/**
 * Validates a whole trade op, args included. A problem names the field (e.g.
 * "args.0.clientOid"), so the answer can say what to fix.
 */
export function checkTradeOp(msg: unknown): Checked<WsTradeRequest> {
  const head = check(wsTradeRequest, msg);
  if (!head.ok) return head;
  const args = check(tradeArgsByTopic[head.data.topic], head.data.args, ['args']);
  if (!args.ok) return args;
  // Hand back the parsed args (categories lower-cased, coinList decoded), not the raw ones.
  return { ok: true, data: { ...head.data, args: args.data } };
}
