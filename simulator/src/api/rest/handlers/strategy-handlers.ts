// Strategy order endpoints (strategy.md): place, modify and cancel a take-profit / stop-loss
// or trigger order, the open ones (a bare array, filtered by category and type; the docs
// give this list no paging) and the history (newest first, cursor paging and a time range).
import type { StrategyOrderService } from '../../../trading/strategy-orders';
import { isOpenStrategy, type SimStrategyOrder } from '../../../trading/sim-strategy-order';
import { cursorPage } from '../../../trading/cursor-page';
import { accountOf, type HandlerRegistry } from '../handler-registry';

export function registerStrategyHandlers(handlers: HandlerRegistry, strategies: StrategyOrderService): void {
  handlers.set('placeStrategyOrder', (req, ctx) => strategies.place(accountOf(ctx).uid, req));
  handlers.set('modifyStrategyOrder', (req, ctx) => strategies.modify(accountOf(ctx).uid, req));
  handlers.set('cancelStrategyOrder', (req, ctx) => {
    strategies.cancel(accountOf(ctx).uid, req);
    return null;
  });

  const matches = (q: { category: string; type?: string | undefined }) => (s: SimStrategyOrder) => s.inst.category === q.category && (q.type === undefined || s.type === q.type);

  handlers.set('unfilledStrategyOrders', (q, ctx) => {
    const keep = matches(q);
    return strategies
      .openOf(accountOf(ctx).uid)
      .filter(keep)
      .reverse()
      .map((s) => strategies.record(s, false));
  });

  handlers.set('historyStrategyOrders', (q, ctx) => {
    const keep = matches(q);
    const page = cursorPage(strategies.newestFirst(accountOf(ctx).uid), (s) => s.orderId, (s) => s.createdTime, q, (s) => !isOpenStrategy(s) && keep(s));
    return { list: page.list.map((s) => strategies.record(s, true)), cursor: page.cursor };
  });
}
