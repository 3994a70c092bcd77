// Crypto-loan orders and their pledge-rate revisions (spec 4.1, 2.2). Every account gets
// five seeded loan orders: three still open, one repaid and one liquidated. Their
// collateral was adjusted now and then from 400 days before the simulator started to
// 400 days after it, and a revision exists for the API only once the history clock has
// passed it. So the three-month query window always has data and always excludes some,
// and moving the history clock forward (admin route /__sim/clock/advance) ages records
// out of the window while new ones appear. Deterministic per UID; amounts are exact decimals.
import { fromScaled } from '@contract/core/decimal';
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { REVISE_HISTORY_DEFAULT_PAGE_SIZE } from '@contract/schemas/earn-broker-convert';
import type { BorrowRecord, LoanOrder } from '@contract/schemas/loan-orders';
import { SeededRandom } from '../core/seeded-random';

const DAY_MS = 24 * 3600 * 1000;
/** How far the seeded history reaches before the anchor (more than 12 months). */
export const SEEDED_HISTORY_MS = 400 * DAY_MS;
/** How far it reaches after the anchor, revealed as the history clock moves. */
export const SEEDED_FUTURE_MS = 400 * DAY_MS;

interface LoanSeed {
  loanCoin: string;
  pledgeCoin: string;
  /** Collateral amount step, in units of 10^-scale of the pledge coin. */
  amountScale: number;
  amountRange: [number, number];
  /** Days before the anchor the loan was taken, and (for ended loans) ended. */
  borrowedDaysAgo: number;
  ended?: { daysAgo: number; status: 'REPAY' | 'FORCE' };
}

const loanSeeds: readonly LoanSeed[] = [
  { loanCoin: 'USDT', pledgeCoin: 'BTC', amountScale: 4, amountRange: [50, 5000], borrowedDaysAgo: 400 },
  { loanCoin: 'USDT', pledgeCoin: 'ETH', amountScale: 3, amountRange: [100, 20000], borrowedDaysAgo: 390 },
  { loanCoin: 'USDC', pledgeCoin: 'BTC', amountScale: 4, amountRange: [50, 3000], borrowedDaysAgo: 380 },
  { loanCoin: 'USDT', pledgeCoin: 'ETH', amountScale: 3, amountRange: [100, 8000], borrowedDaysAgo: 395, ended: { daysAgo: 200, status: 'REPAY' } },
  { loanCoin: 'USDC', pledgeCoin: 'BTC', amountScale: 4, amountRange: [50, 2000], borrowedDaysAgo: 300, ended: { daysAgo: 130, status: 'FORCE' } },
];

/** The loan order IDs of an account: `<uid>` followed by 71 to 75 (71-73 still open). */
export function loanOrderIds(uid: number): string[] {
  return loanSeeds.map((_, i) => `${uid}${71 + i}`);
}

/** One account's loans as the history generator made them. */
export interface SeededLoans {
  /** Every revision, newest first, including those the history clock has not reached. */
  revisions: ReviseRecord[];
  orders: Array<{ order: LoanOrder; borrow: BorrowRecord; endedAt: number | undefined }>;
}

/** Every loan order of `uid` and every revision, newest first, around `anchor`. */
export function seedLoans(uid: number, anchor: number): SeededLoans {
  const rnd = new SeededRandom(uid * 2654435761);
  const ids = loanOrderIds(uid);
  const revisions: ReviseRecord[] = [];
  const orders: SeededLoans['orders'] = [];
  loanSeeds.forEach((seed, i) => {
    // Pledge rates in hundredths of a percent, kept between 30% and 90%.
    let rate = rnd.int(4000, 7000);
    const borrowTime = anchor - seed.borrowedDaysAgo * DAY_MS + rnd.int(0, DAY_MS - 1);
    const endedAt = seed.ended ? anchor - seed.ended.daysAgo * DAY_MS : undefined;
    const stop = endedAt ?? anchor + SEEDED_FUTURE_MS;
    const loanUnits = rnd.int(1000, 50000);
    const pledgeUnits = rnd.int(...seed.amountRange) * 20;
    const hourRate = fromScaled(rnd.int(10, 90), 6, { trim: true });
    const daily = rnd.next() < 0.5 ? 'SEVEN' : 'THIRTY';
    let t = borrowTime + rnd.int(1, 5) * DAY_MS;
    while (t < stop) {
      const side = rate > 7500 ? 'down' : rate < 4000 ? 'up' : rnd.next() < 0.5 ? 'down' : 'up';
      const step = rnd.int(100, 900);
      const after = side === 'down' ? rate - step : rate + step;
      revisions.push({
        loanCoin: seed.loanCoin,
        pledgeCoin: seed.pledgeCoin,
        orderId: ids[i]!,
        reviseTime: String(t),
        reviseSide: side,
        reviseAmount: fromScaled(rnd.int(...seed.amountRange), seed.amountScale, { trim: true }),
        afterPledgeRate: fromScaled(after, 2),
        beforePledgeRate: fromScaled(rate, 2),
      });
      rate = after;
      t += rnd.int(3, 12) * DAY_MS + rnd.int(0, DAY_MS - 1);
    }
    const loanAmount = fromScaled(loanUnits, 0);
    orders.push({
      endedAt,
      order: {
        orderId: ids[i]!,
        loanCoin: seed.loanCoin,
        loanAmount,
        interestAmount: fromScaled(rnd.int(100, 9000), 2, { trim: true }),
        hourInterestRate: hourRate,
        pledgeCoin: seed.pledgeCoin,
        pledgeAmount: fromScaled(pledgeUnits, seed.amountScale, { trim: true }),
        pledgeRate: fromScaled(rate, 2),
        supRate: '70',
        forceRate: '91',
        borrowTime: String(borrowTime),
        expireTime: String(borrowTime + (daily === 'SEVEN' ? 7 : 30) * DAY_MS),
      },
      borrow: {
        orderId: ids[i]!,
        loanCoin: seed.loanCoin,
        pledgeCoin: seed.pledgeCoin,
        initPledgeAmount: fromScaled(pledgeUnits, seed.amountScale, { trim: true }),
        initLoanAmount: loanAmount,
        hourRate,
        daily,
        borrowTime: String(borrowTime),
        status: seed.ended?.status ?? 'ONGOING',
      },
    });
  });
  revisions.sort((a, b) => Number(b.reviseTime) - Number(a.reviseTime));
  return { revisions, orders };
}

/** The revisions of every seeded loan of `uid`, newest first (tests and the admin routes). */
export function seedRevisions(uid: number, anchor: number): ReviseRecord[] {
  return seedLoans(uid, anchor).revisions;
}

export interface ReviseQuery {
  orderId?: string | undefined;
  reviseSide?: 'down' | 'up' | undefined;
  pledgeCoin?: string | undefined;
  startTime: string;
  endTime: string;
  pageNo?: string | undefined;
  pageSize?: string | undefined;
}

/** Filters (orderId, reviseSide, pledgeCoin, time range inclusive) and one page, newest first. */
export function queryRevisions(all: readonly ReviseRecord[], q: ReviseQuery): ReviseRecord[] {
  const start = Number(q.startTime);
  const end = Number(q.endTime);
  const matching = all.filter((r) => {
    const t = Number(r.reviseTime);
    return (
      t >= start &&
      t <= end &&
      (q.orderId === undefined || r.orderId === q.orderId) &&
      (q.reviseSide === undefined || r.reviseSide === q.reviseSide) &&
      (q.pledgeCoin === undefined || r.pledgeCoin === q.pledgeCoin)
    );
  });
  const pageNo = Number(q.pageNo ?? '1');
  const pageSize = Number(q.pageSize ?? String(REVISE_HISTORY_DEFAULT_PAGE_SIZE));
  return matching.slice((pageNo - 1) * pageSize, pageNo * pageSize);
}

/**
 * Loans and revisions per account, seeded on first use relative to the anchor (the
 * simulator's start). The history clock is the simulator's clock plus `offsetMs`: the
 * product layer's notion of "now" for what exists and for the three-month window. It
 * moves apart from the clock that judges signatures, so a signing proxy on the wall
 * clock still reaches a simulator whose history has been aged by months.
 */
export class LoanRevisionBook {
  private readonly byUid = new Map<number, SeededLoans>();
  private offsetMs = 0;

  constructor(private readonly anchor: number) {}

  private seeded(uid: number): SeededLoans {
    let s = this.byUid.get(uid);
    if (s === undefined) {
      s = seedLoans(uid, this.anchor);
      this.byUid.set(uid, s);
    }
    return s;
  }

  /** Revisions the history clock has reached at wall time `now`, newest first. */
  of(uid: number, now = this.anchor): ReviseRecord[] {
    const limit = this.historyNow(now);
    return this.seeded(uid).revisions.filter((r) => Number(r.reviseTime) <= limit);
  }

  /** Loans not yet ended at `now`, with the pledge rate of their latest revision. */
  ongoing(uid: number, now: number): LoanOrder[] {
    const limit = this.historyNow(now);
    const revisions = this.of(uid, now);
    return this.seeded(uid)
      .orders.filter((o) => Number(o.order.borrowTime) <= limit && (o.endedAt === undefined || o.endedAt > limit))
      .map((o) => {
        const last = revisions.find((r) => r.orderId === o.order.orderId);
        return last ? { ...o.order, pledgeRate: last.afterPledgeRate } : o.order;
      });
  }

  /** Every loan borrowed by `now`, with its state at that time. */
  borrowHistory(uid: number, now: number): BorrowRecord[] {
    const limit = this.historyNow(now);
    return this.seeded(uid)
      .orders.filter((o) => Number(o.borrow.borrowTime) <= limit)
      .map((o) => (o.endedAt !== undefined && o.endedAt > limit ? { ...o.borrow, status: 'ONGOING' } : o.borrow))
      .sort((a, b) => Number(b.borrowTime) - Number(a.borrowTime));
  }

  historyNow(now: number): number {
    return now + this.offsetMs;
  }

  /** Moves the history clock forward by `ms` (tests: data ages out of the API's window). */
  advance(ms: number): number {
    this.offsetMs += ms;
    return this.offsetMs;
  }
}
