// WebSocket trade operations (spec 6.4, upstream-facts.md "WS v3"). The same order service
// and the same validation as REST: an op rejected at entry answers
// {"event":"error","id","code","msg"} and changes nothing, so no order push follows
// (spec 7 rule 2). Singles answer code "0" with [{symbol, orderId, clientOid, cTime}];
// batches answer code "0" with a code and msg per order, as REST batches do (spec 4.7
// rule 4: a batch may succeed in part).
import type { Locale } from '@contract/errors';
import { tradeArgsByTopic, wsTradeRequest, type TradeTopic } from '@contract/schemas/ws-private';
import type { ModifyOrderRequest, CancelOrderRequest } from '@contract/schemas/orders';
import { check } from '@contract/validation';
import type { OrderService, PlaceInput } from '../../trading/order-service';
import { paramError, SimError } from '../../sim-error';

type PlaceArg = Omit<PlaceInput, 'category'> & { category?: string | undefined };
type Result = { orderId: string; clientOid: string };

export interface TradeAnswerArg {
  symbol?: string;
  orderId?: string;
  clientOid?: string;
  cTime?: string;
  code?: string;
  msg?: string;
}

export type TradeOpAnswer =
  | { event: 'trade'; id: string; category?: string; topic: TradeTopic; args: TradeAnswerArg[]; code: '0'; msg: 'success'; ts: string }
  | { event: 'error'; id?: string; code: string; msg: string };

const batchTopics: ReadonlySet<TradeTopic> = new Set(['batch-place', 'batch-modify', 'batch-cancel']);

export function runTradeOp(orders: OrderService, uid: number, msg: unknown, now: () => number, locale: Locale = 'en-US'): TradeOpAnswer {
  const id = typeof (msg as { id?: unknown }).id === 'string' ? (msg as { id: string }).id : undefined;
  const head = check(wsTradeRequest, msg);
  if (!head.ok) return refusal(id, paramError(head.field, head.message), locale);
  const { topic, category } = head.data;
  const args = check(tradeArgsByTopic[topic], head.data.args, ['args']);
  if (!args.ok) return refusal(id, paramError(args.field, args.message), locale);
  const items = args.data as unknown[];

  const one = (item: unknown, index: number): Result => {
    switch (topic) {
      case 'place-order':
      case 'batch-place': {
        const arg = item as PlaceArg;
        const cat = arg.category ?? category;
        if (cat === undefined) throw paramError(`args.${index}.category`, 'is required on the message or the order');
        return orders.place(uid, { ...arg, category: cat });
      }
      case 'modify-order':
      case 'batch-modify':
        return orders.modify(uid, item as ModifyOrderRequest);
      case 'cancel-order':
      case 'batch-cancel':
        return orders.cancel(uid, item as CancelOrderRequest);
    }
  };
  const describe = (item: unknown, r: Result): TradeAnswerArg => {
    const o = orders.orders.get(r.orderId);
    const symbol = o?.inst.symbol ?? (item as { symbol?: string }).symbol;
    return { ...(symbol !== undefined ? { symbol } : {}), orderId: r.orderId, clientOid: r.clientOid, cTime: String(o?.createdTime ?? now()) };
  };
  const answer = (answerArgs: TradeAnswerArg[]): TradeOpAnswer => ({
    event: 'trade',
    id: head.data.id,
    ...(category !== undefined ? { category } : {}),
    topic,
    args: answerArgs,
    code: '0',
    msg: 'success',
    ts: String(now()),
  });

  if (!batchTopics.has(topic)) {
    try {
      return answer([describe(items[0], one(items[0], 0))]);
    } catch (error) {
      return refusal(head.data.id, error, locale);
    }
  }
  return answer(
    items.map((item, i) => {
      try {
        return { ...describe(item, one(item, i)), code: '0', msg: 'success' };
      } catch (error) {
        if (!(error instanceof SimError)) throw error;
        const clientOid = (item as { clientOid?: string }).clientOid;
        return { ...(clientOid !== undefined ? { clientOid } : {}), orderId: '', code: error.code, msg: error.messageIn(locale) };
      }
    }),
  );
}

function refusal(id: string | undefined, error: unknown, locale: Locale): TradeOpAnswer {
  if (!(error instanceof SimError)) throw error;
  return { event: 'error', ...(id !== undefined ? { id } : {}), code: error.code, msg: error.messageIn(locale) };
}

