// Chart data for one loan order: the pledge rate before and after each revision, over
// time (spec 2.2). Rates are percentages as text; the chart needs numbers, which are for
// drawing only (the table and the export keep the exchange's text).
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';

export interface RatePoint {
  /** Seconds (the chart's time unit). */
  time: number;
  value: number;
}

export interface OrderRateSeries {
  orderId: string;
  before: RatePoint[];
  after: RatePoint[];
}

/** The loan orders present, in first-seen order. */
export function orderIdsOf(records: readonly ReviseRecord[]): string[] {
  return [...new Set(records.map((r) => r.orderId))];
}

export function rateSeries(records: readonly ReviseRecord[], orderId: string): OrderRateSeries {
  const mine = records.filter((r) => r.orderId === orderId).sort((a, b) => Number(a.reviseTime) - Number(b.reviseTime));
  const before: RatePoint[] = [];
  const after: RatePoint[] = [];
  for (const r of mine) {
    const time = Math.floor(Number(r.reviseTime) / 1000);
    // The chart needs strictly rising times: revisions within one second keep the later one.
    push(before, { time, value: Number(r.beforePledgeRate) });
    push(after, { time, value: Number(r.afterPledgeRate) });
  }
  return { orderId, before, after };
}

function push(points: RatePoint[], p: RatePoint): void {
  const last = points[points.length - 1];
  if (last && last.time === p.time) points[points.length - 1] = p;
  else points.push(p);
}
