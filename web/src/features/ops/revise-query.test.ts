import { describe, expect, it } from 'vitest';
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import { formatLocalDateTime } from '@web/lib/format/format-time';
import { buildReviseQuery, type ReviseFilters } from './revise-query';

const now = new Date('2025-06-15T12:00').getTime();
const day = 24 * 3600 * 1000;
const filters = (over: Partial<ReviseFilters> = {}): ReviseFilters => ({
  orderId: '',
  reviseSide: '',
  pledgeCoin: '',
  from: formatLocalDateTime(now - 30 * day, 'minutes'),
  to: formatLocalDateTime(now, 'minutes'),
  pageSize: '100',
  ...over,
});

describe('buildReviseQuery', () => {
  it('builds the spec 4.1 query with times in ms, leaving out empty filters', () => {
    const built = buildReviseQuery(filters(), now);
    expect(built).toEqual({ ok: true, query: { startTime: String(now - 30 * day), endTime: String(now), pageNo: '1', pageSize: '100' } });
  });

  it('passes orderId, reviseSide and an upper-cased pledgeCoin', () => {
    const built = buildReviseQuery(filters({ orderId: ' 100000171 ', reviseSide: 'down', pledgeCoin: 'btc' }), now);
    expect(built).toMatchObject({ ok: true, query: { orderId: '100000171', reviseSide: 'down', pledgeCoin: 'BTC' } });
  });

  it('refuses a start older than three months, with the reason on the From field', () => {
    const built = buildReviseQuery(filters({ from: formatLocalDateTime(now - REVISE_HISTORY_WINDOW_MS - 60_000, 'minutes') }), now);
    expect(built).toEqual({ ok: false, field: 'from', reason: 'only the past three months can be queried' });
  });

  it('accepts a start just inside three months', () => {
    expect(buildReviseQuery(filters({ from: formatLocalDateTime(now - REVISE_HISTORY_WINDOW_MS + 60_000, 'minutes') }), now).ok).toBe(true);
  });

  it('refuses an end before the start, on the To field', () => {
    expect(buildReviseQuery(filters({ to: formatLocalDateTime(now - 40 * day, 'minutes') }), now)).toMatchObject({ ok: false, field: 'to' });
  });

  it('refuses a page size above 100 or below 1', () => {
    expect(buildReviseQuery(filters({ pageSize: '101' }), now)).toMatchObject({ ok: false, field: 'pageSize', reason: expect.stringContaining('1 to 100') });
    expect(buildReviseQuery(filters({ pageSize: '0' }), now)).toMatchObject({ ok: false, field: 'pageSize' });
  });

  it('refuses an empty or malformed date', () => {
    expect(buildReviseQuery(filters({ from: '' }), now)).toMatchObject({ ok: false, field: 'from' });
  });

  it('refuses an orderId with characters an ID cannot hold', () => {
    expect(buildReviseQuery(filters({ orderId: 'a b' }), now)).toMatchObject({ ok: false, field: 'orderId' });
  });
});
