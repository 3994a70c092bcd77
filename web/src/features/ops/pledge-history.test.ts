import { describe, expect, it } from 'vitest';
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { fetchAllRevisions } from './fetch-all-revisions';
import { orderIdsOf, rateSeries } from './pledge-chart-series';

const rec = (orderId: string, t: number, before: string, after: string): ReviseRecord => ({
  loanCoin: 'USDT',
  pledgeCoin: 'BTC',
  orderId,
  reviseTime: String(t),
  reviseSide: 'down',
  reviseAmount: '0.1',
  beforePledgeRate: before,
  afterPledgeRate: after,
});

describe('fetchAllRevisions', () => {
  it('reads pages until a short page and returns every record in order', async () => {
    const all = Array.from({ length: 23 }, (_, i) => rec('1', i, '50', '40'));
    const asked: number[] = [];
    const out = await fetchAllRevisions(
      async (pageNo) => {
        asked.push(pageNo);
        return all.slice((pageNo - 1) * 10, pageNo * 10);
      },
      { pageSize: 10, sleep: async () => {} },
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(out).toEqual({ records: all, complete: true });
  });

  it('asks one more page when the last page is exactly full, and stops on the empty one', async () => {
    const all = Array.from({ length: 20 }, (_, i) => rec('1', i, '50', '40'));
    const asked: number[] = [];
    const out = await fetchAllRevisions(async (p) => (asked.push(p), all.slice((p - 1) * 10, p * 10)), { pageSize: 10, sleep: async () => {} });
    expect(asked).toEqual([1, 2, 3]);
    expect(out.records).toHaveLength(20);
  });

  it('stops at maxPages and says the result is incomplete', async () => {
    const out = await fetchAllRevisions(async () => [rec('1', 1, '1', '1')], { pageSize: 1, maxPages: 4, sleep: async () => {} });
    expect(out).toMatchObject({ complete: false });
    expect(out.records).toHaveLength(4);
  });

  it('waits before the 11th page of the same second (spec 8 pacing)', async () => {
    let clock = 0;
    const waits: number[] = [];
    await fetchAllRevisions(async () => [rec('1', 1, '1', '1')], {
      pageSize: 1,
      maxPages: 12,
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
        clock += ms;
      },
    });
    // Ten pages at t=0, then the 11th waits a full second; the 12th fits the same new window.
    expect(waits).toEqual([1000]);
  });
});

describe('rateSeries', () => {
  it('lists one order’s before and after rates in time order, in seconds', () => {
    const records = [rec('A', 3_000, '60', '50'), rec('B', 2_000, '70', '65'), rec('A', 1_000, '55', '60')];
    expect(rateSeries(records, 'A')).toEqual({
      orderId: 'A',
      before: [
        { time: 1, value: 55 },
        { time: 3, value: 60 },
      ],
      after: [
        { time: 1, value: 60 },
        { time: 3, value: 50 },
      ],
    });
    expect(orderIdsOf(records)).toEqual(['A', 'B']);
  });

  it('keeps the later revision when two fall in the same second', () => {
    const s = rateSeries([rec('A', 5_100, '10', '20'), rec('A', 5_900, '20', '30')], 'A');
    expect(s.after).toEqual([{ time: 5, value: 30 }]);
  });
});
