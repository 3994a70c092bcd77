// Pledge-rate revisions of crypto-loan orders (spec 4.1, 2.2). Every account gets a few
// seeded loan orders whose collateral was adjusted now and then over the six months
// before the simulator started, so the three-month query window always has data and
// always excludes some. Deterministic per UID; amounts are exact decimals.
import { fromScaled } from '@contract/decimal';
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { REVISE_HISTORY_DEFAULT_PAGE_SIZE } from '@contract/schemas/earn-broker-convert';
import { SeededRandom } from '../seeded-random';

const DAY_MS = 24 * 3600 * 1000;
export const SEEDED_HISTORY_MS = 182 * DAY_MS;

interface LoanSeed {
  loanCoin: string;
  pledgeCoin: string;
  /** Collateral amount step, in units of 10^-scale of the pledge coin. */
  amountScale: number;
  amountRange: [number, number];
}

const loanSeeds: readonly LoanSeed[] = [
  { loanCoin: 'USDT', pledgeCoin: 'BTC', amountScale: 4, amountRange: [50, 5000] },
  { loanCoin: 'USDT', pledgeCoin: 'ETH', amountScale: 3, amountRange: [100, 20000] },
  { loanCoin: 'USDC', pledgeCoin: 'BTC', amountScale: 4, amountRange: [50, 3000] },
];

/** The loan order IDs of an account: `<uid>` followed by 71, 72, 73. */
export function loanOrderIds(uid: number): string[] {
  return loanSeeds.map((_, i) => `${uid}${71 + i}`);
}

/** Every revision of every loan order of `uid`, newest first, ending at `anchor`. */
export function seedRevisions(uid: number, anchor: number): ReviseRecord[] {
  const rnd = new SeededRandom(uid * 2654435761);
  const ids = loanOrderIds(uid);
  const out: ReviseRecord[] = [];
  loanSeeds.forEach((seed, i) => {
    // Pledge rates in hundredths of a percent, kept between 30% and 90%.
    let rate = rnd.int(4000, 7000);
    let t = anchor - SEEDED_HISTORY_MS + rnd.int(0, 5) * DAY_MS;
    while (t < anchor) {
      const side = rate > 7500 ? 'down' : rate < 4000 ? 'up' : rnd.next() < 0.5 ? 'down' : 'up';
      const step = rnd.int(100, 900);
      const after = side === 'down' ? rate - step : rate + step;
      out.push({
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
  });
  return out.sort((a, b) => Number(b.reviseTime) - Number(a.reviseTime));
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

/** Revisions per account, seeded on first use relative to the anchor (the simulator's start). */
export class LoanRevisionBook {
  private readonly byUid = new Map<number, ReviseRecord[]>();

  constructor(private readonly anchor: number) {}

  of(uid: number): ReviseRecord[] {
    let list = this.byUid.get(uid);
    if (list === undefined) {
      list = seedRevisions(uid, this.anchor);
      this.byUid.set(uid, list);
    }
    return list;
  }
}
