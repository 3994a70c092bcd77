// WebSocket trade operations (spec 6.4, websocket.md "Place Order" ... "Batch Modify
// Order"). The same order service and the same validation as REST: an op rejected at entry
// answers {"event":"error","id","code","msg"} and changes nothing, so no order push follows
// (spec 7 rule 2). Answers carry code "0" and, per topic, the args websocket.md documents:
// place-order [{symbol, orderId, clientOid, cTime}]; cancel-order and modify-order
// [{orderId, clientOid}]; batches a code and msg per order (a batch may succeed in part),
// batch-place with the symbol too.
import type { Locale } from '@contract/core/errors';
import { tradeArgsByTopic, wsTradeRequest, type TradeTopic } from '@contract/schemas/ws-private';
import type { ModifyOrderRequest, CancelOrderRequest } from '@contract/schemas/orders';
import { check } from '@contract/core/validation';
import type { PlaceInput } from '../../trading/order-entry';
import type { OrderService } from '../../trading/order-service';
import { paramError, SimError } from '../../core/sim-error';

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
  const placing = topic === 'place-order' || topic === 'batch-place';
  const describe = (item: unknown, r: Result): TradeAnswerArg => {
    if (!placing) return { orderId: r.orderId, clientOid: r.clientOid };
    const o = orders.orders.get(r.orderId);
    const symbol = o?.inst.symbol ?? (item as { symbol?: string }).symbol;
    const head = { ...(symbol !== undefined ? { symbol } : {}), orderId: r.orderId, clientOid: r.clientOid };
    return topic === 'place-order' ? { ...head, cTime: String(o?.createdTime ?? now()) } : head;
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
        return { code: '0', msg: 'success', ...describe(item, one(item, i)) };
      } catch (error) {
        if (!(error instanceof SimError)) throw error;
        const { clientOid, orderId, symbol } = item as { clientOid?: string; orderId?: string; symbol?: string };
        return {
          code: error.code,
          msg: error.messageIn(locale),
          ...(placing && symbol !== undefined ? { symbol } : {}),
          orderId: orderId ?? '',
          clientOid: clientOid ?? '',
        };
      }
    }),
  );
}

function refusal(id: string | undefined, error: unknown, locale: Locale): TradeOpAnswer {
  if (!(error instanceof SimError)) throw error;
  return { event: 'error', ...(id !== undefined ? { id } : {}), code: error.code, msg: error.messageIn(locale) };
}

