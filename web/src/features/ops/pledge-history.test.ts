import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { completenessNote } from './pledge-rate-page';
import { linearScale, orderIdsOf, revisionPoints, steppedPath, timeTicks } from './pledge-chart-series';

const DAY = 24 * 3600 * 1000;
const rec = (orderId: string, t: number, before: string, after: string, side: 'up' | 'down' = 'down'): ReviseRecord => ({
  loanCoin: 'USDT',
  pledgeCoin: 'BTC',
  orderId,
  reviseTime: String(t),
  reviseSide: side,
  reviseAmount: '0.1',
  beforePledgeRate: before,
  afterPledgeRate: after,
});

describe('pledge-rate chart geometry', () => {
  it('spaces revisions by time: a 10-day gap is ten times a 1-day gap', () => {
    const points = revisionPoints([rec('1', 11 * DAY, '60', '55'), rec('1', 0, '50', '60', 'up'), rec('1', DAY, '60', '60'), rec('2', 5 * DAY, '1', '2')], '1');
    expect(points.map((p) => p.time)).toEqual([0, DAY, 11 * DAY]);
    const x = linearScale(0, 11 * DAY, 0, 1100);
    expect(x(points[1]!.time) - x(points[0]!.time)).toBeCloseTo(100);
    expect(x(points[2]!.time) - x(points[1]!.time)).toBeCloseTo(1000);
  });

  it('draws one stepped series: flat until each revision, then straight to its new rate', () => {
    const points = revisionPoints([rec('1', 0, '50', '60', 'up'), rec('1', 10, '60', '40')], '1');
    const id = (v: number) => v;
    expect(steppedPath(points, id, id, 20)).toBe('M0,50H0V60H10V40H20');
    expect(steppedPath([], id, id, 20)).toBe('');
  });

  it('lists the loan orders in first-seen order', () => {
    expect(orderIdsOf([rec('b', 1, '1', '2'), rec('a', 2, '1', '2'), rec('b', 3, '1', '2')])).toEqual(['b', 'a']);
  });

  it('puts time ticks inside the range, rising, on UTC day or month starts, never too many', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_500_000_000_000, max: 1_900_000_000_000 }), fc.integer({ min: DAY, max: 800 * DAY }), fc.integer({ min: 2, max: 12 }), (from, span, max) => {
        const ticks = timeTicks(from, from + span, max);
        expect(ticks.length).toBeLessThanOrEqual(max * 2 + 1);
        for (let i = 0; i < ticks.length; i++) {
          expect(ticks[i]!).toBeGreaterThanOrEqual(from);
          expect(ticks[i]!).toBeLessThanOrEqual(from + span);
          expect(ticks[i]! % DAY).toBe(0);
          if (i > 0) expect(ticks[i]!).toBeGreaterThan(ticks[i - 1]!);
        }
      }),
    );
  });
});

describe('completeness note', () => {
  it('says how far the archive is complete, what is missing, and what only the archive has', () => {
    const lines = completenessNote(
      {
        feed: 'revisions',
        account: 'main',
        complete: [{ from: Date.UTC(2025, 0, 1), to: Date.UTC(2025, 3, 1) }],
        gaps: [{ from: Date.UTC(2025, 3, 1, 0, 1), to: Date.UTC(2025, 4, 1), state: 'lost', reason: 'aged out', attempts: 1 }],
        apiWindowFrom: Date.UTC(2025, 5, 1),
        archiveOnly: 7,
        total: 9,
        next: null,
        notice: null,
      },
      9,
    );
    expect(lines).toEqual([
      'The archive is complete from 2025-01-01 00:00 UTC to 2025-04-01 00:00 UTC.',
      "Missing from 2025-04-01 00:01 UTC to 2025-05-01 00:00 UTC: it aged out of the exchange's window before it was archived.",
      "7 of 9 revisions shown are older than the exchange's three-month window (before 2025-06-01 00:00 UTC): they come from the archive only.",
    ]);
  });
});
