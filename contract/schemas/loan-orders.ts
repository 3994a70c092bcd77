// The crypto-loan orders of the v2 earn API: the orders still open
// (GET /api/v2/earn/loan/ongoing-orders) and every order borrowed in a time range with
// how it ended (GET /api/v2/earn/loan/borrow-history). Field names as the public API's
// SDK types them; every amount and rate is a decimal string.
import { z } from 'zod';
import { coin, id, msString } from './common';
import { numberedPageQuery, timeRangeRule } from './pagination';

export const BORROW_HISTORY_MAX_PAGE_SIZE = 100;

/** Query of GET /api/v2/earn/loan/ongoing-orders: all filters optional. */
export const loanOngoingQuery = z.strictObject({
  orderId: id.optional(),
  loanCoin: coin.optional(),
  pledgeCoin: coin.optional(),
});

/** One open loan: what was borrowed and pledged, and the pledge rate now. */
export const loanOrder = z.object({
  orderId: z.string(),
  loanCoin: z.string(),
  loanAmount: z.string(),
  interestAmount: z.string(),
  hourInterestRate: z.string(),
  pledgeCoin: z.string(),
  pledgeAmount: z.string(),
  /** Percent, e.g. "65.5". */
  pledgeRate: z.string(),
  supRate: z.string(),
  forceRate: z.string(),
  borrowTime: z.string(),
  expireTime: z.string(),
});
export type LoanOrder = z.infer<typeof loanOrder>;
export const loanOngoingOrders = z.array(loanOrder);

/** How a loan in the borrow history stands: repaid, liquidated, rolled back, or still open. */
export const borrowStatuses = ['ROLLBACK', 'FORCE', 'REPAY', 'ONGOING'] as const;

export const borrowHistoryQuery = z
  .strictObject({
    orderId: id.optional(),
    loanCoin: coin.optional(),
    pledgeCoin: coin.optional(),
    status: z.enum(borrowStatuses).optional(),
    startTime: msString,
    endTime: msString,
    ...numberedPageQuery(BORROW_HISTORY_MAX_PAGE_SIZE),
  })
  .superRefine(timeRangeRule);

export const borrowRecord = z.object({
  orderId: z.string(),
  loanCoin: z.string(),
  pledgeCoin: z.string(),
  initPledgeAmount: z.string(),
  initLoanAmount: z.string(),
  hourRate: z.string(),
  /** The term: SEVEN or THIRTY days. */
  daily: z.string(),
  borrowTime: z.string(),
  status: z.string(),
});
export type BorrowRecord = z.infer<typeof borrowRecord>;
export const borrowHistory = z.array(borrowRecord);
