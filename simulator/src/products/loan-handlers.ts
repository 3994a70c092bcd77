// The crypto-loan reads of the v2 earn API: pledge-rate revisions (spec 4.1), ongoing
// orders and borrow history. All three see the loans as of the history clock
// (loan-revisions.ts), which tests move forward to age records out of the API's window.
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import type { HandlerRegistry } from '../api/rest/handler-registry';
import { accountOf } from '../api/rest/handler-registry';
import { paramError } from '../core/sim-error';
import type { LoanRevisionBook } from './loan-revisions';
import { queryRevisions } from './loan-revisions';

function page<T>(items: readonly T[], pageNo: string | undefined, pageSize: string | undefined, fallback: number): T[] {
  const no = Number(pageNo ?? '1');
  const size = Number(pageSize ?? String(fallback));
  return items.slice((no - 1) * size, no * size);
}

export function registerLoanHandlers(handlers: HandlerRegistry, loans: LoanRevisionBook): void {
  handlers.set('reviseHistory', (q, ctx) => {
    // The catalog route judges "the past three months" by the simulator's clock; the
    // history clock may be ahead of it, and then it is the stricter judge.
    const historyNow = loans.historyNow(ctx.now);
    if (Number(q.startTime) < historyNow - REVISE_HISTORY_WINDOW_MS) throw paramError('startTime', 'only the past three months can be queried');
    return queryRevisions(loans.of(accountOf(ctx).uid, ctx.now), q);
  });
  handlers.set('loanOngoingOrders', (q, ctx) =>
    loans
      .ongoing(accountOf(ctx).uid, ctx.now)
      .filter((o) => (q.orderId === undefined || o.orderId === q.orderId) && (q.loanCoin === undefined || o.loanCoin === q.loanCoin) && (q.pledgeCoin === undefined || o.pledgeCoin === q.pledgeCoin)),
  );
  handlers.set('loanBorrowHistory', (q, ctx) => {
    const start = Number(q.startTime);
    const end = Number(q.endTime);
    const matching = loans
      .borrowHistory(accountOf(ctx).uid, ctx.now)
      .filter(
        (b) =>
          Number(b.borrowTime) >= start &&
          Number(b.borrowTime) <= end &&
          (q.orderId === undefined || b.orderId === q.orderId) &&
          (q.loanCoin === undefined || b.loanCoin === q.loanCoin) &&
          (q.pledgeCoin === undefined || b.pledgeCoin === q.pledgeCoin) &&
          (q.status === undefined || b.status === q.status),
      );
    return page(matching, q.pageNo, q.pageSize, 10);
  });
}
