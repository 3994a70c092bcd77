import { describe, expect, it } from 'vitest';
import { endpoints } from '@contract/catalog/endpoints';
import { SlidingWindowLimiter } from '../core/sliding-window-limiter';
import { RateLimitPolicy, v3LimitFromEnv } from './rate-limit-policy';
import { maxPerWindow, RequestLog } from './request-log';

describe('SlidingWindowLimiter', () => {
  it('refuses the 11th request inside one window and accepts again once the oldest leaves it', () => {
    const l = new SlidingWindowLimiter({ limit: 10 });
    for (let i = 0; i < 10; i++) expect(l.tryAcquire('u', 1000 + i * 50)).toBe(true);
    expect(l.tryAcquire('u', 1999)).toBe(false);
    // The first accepted request was at 1000: at 2000 it has left the window.
    expect(l.tryAcquire('u', 2000)).toBe(true);
    expect(l.tryAcquire('u', 2001)).toBe(false);
  });

  it('counts a window that straddles a calendar second', () => {
    const l = new SlidingWindowLimiter({ limit: 3 });
    expect(l.tryAcquire('u', 900)).toBe(true);
    expect(l.tryAcquire('u', 950)).toBe(true);
    expect(l.tryAcquire('u', 1050)).toBe(true);
    expect(l.tryAcquire('u', 1100)).toBe(false);
  });

  it('keeps keys independent and prunes idle ones', () => {
    const l = new SlidingWindowLimiter({ limit: 1 });
    expect(l.tryAcquire('a', 0)).toBe(true);
    expect(l.tryAcquire('b', 0)).toBe(true);
    expect(l.tryAcquire('a', 10)).toBe(false);
    l.prune(5000);
    expect(l.keyCount).toBe(0);
  });
});

describe('RateLimitPolicy (spec 8)', () => {
  it('answers the 11th v2 call within one second from one UID with a refusal, while another UID is unaffected', () => {
    const p = new RateLimitPolicy();
    for (let i = 0; i < 10; i++) expect(p.allow(endpoints.reviseHistory, '1000001', 5000 + i)).toBe(true);
    expect(p.allow(endpoints.reviseHistory, '1000001', 5500)).toBe(false);
    expect(p.allow(endpoints.reviseHistory, '2000001', 5500)).toBe(true);
  });

  it('gives each v2 operation its own budget', () => {
    const p = new RateLimitPolicy();
    for (let i = 0; i < 10; i++) p.allow(endpoints.reviseHistory, '1', 0);
    expect(p.allow(endpoints.reviseHistory, '1', 1)).toBe(false);
    expect(p.allow(endpoints.redeemResult, '1', 1)).toBe(true);
  });

  it('gives each v3 endpoint its documented per-UID limit from the catalog', () => {
    const p = new RateLimitPolicy();
    const maxTransfer = endpoints.maxTransferable;
    const limit = maxTransfer.rateLimit.perSecond;
    expect(limit).toBeGreaterThan(0);
    for (let i = 0; i < limit; i++) expect(p.allow(maxTransfer, '1', i)).toBe(true);
    expect(p.allow(maxTransfer, '1', 999)).toBe(false);
    expect(p.allow(maxTransfer, '2', 999)).toBe(true);
    expect(p.allow(maxTransfer, '1', 1000)).toBe(true);
    // place-order has its own budget, its own number.
    const place = endpoints.placeOrder;
    for (let i = 0; i < place.rateLimit.perSecond; i++) expect(p.allow(place, '1', 500)).toBe(true);
    expect(p.allow(place, '1', 500)).toBe(false);
    expect(p.limitOf(place)).toBe(place.rateLimit.perSecond);
  });

  it('limits all of v3 per UID at SIM_V3_RATE_LIMIT when it is set', () => {
    const p = new RateLimitPolicy({ v3PerSecond: 2 });
    expect(p.allow(endpoints.assets, '1', 0)).toBe(true);
    expect(p.allow(endpoints.placeOrder, '1', 1)).toBe(true);
    expect(p.allow(endpoints.assets, '1', 2)).toBe(false);
    expect(p.allow(endpoints.assets, '2', 2)).toBe(true);
  });

  it('reads SIM_V3_RATE_LIMIT and rejects a malformed value by name', () => {
    expect(v3LimitFromEnv({ SIM_V3_RATE_LIMIT: '50' })).toBe(50);
    expect(v3LimitFromEnv({})).toBeUndefined();
    expect(() => v3LimitFromEnv({ SIM_V3_RATE_LIMIT: 'lots' })).toThrow(/SIM_V3_RATE_LIMIT/);
  });
});

describe('RequestLog', () => {
  const entry = (time: number, uid = '1', status = 200) => ({ time, uid, endpoint: 'reviseHistory', method: 'GET', path: '/api/v2/earn/loan/revise-history', status, code: '00000' });

  it('filters by uid, endpoint, time and status, oldest first', () => {
    const log = new RequestLog(10);
    log.record(entry(1, '1'));
    log.record(entry(2, '2'));
    log.record(entry(3, '1', 429));
    expect(log.query({ uid: '1' }).map((e) => e.time)).toEqual([1, 3]);
    expect(log.query({ since: 2 }).map((e) => e.time)).toEqual([2, 3]);
    expect(log.query({ status: 429 }).map((e) => e.time)).toEqual([3]);
    expect(log.query({ endpoint: '/api/v2/earn/loan/revise-history' })).toHaveLength(3);
  });

  it('drops the oldest entries past its capacity', () => {
    const log = new RequestLog(3);
    for (let t = 1; t <= 5; t++) log.record(entry(t));
    expect(log.query().map((e) => e.time)).toEqual([3, 4, 5]);
  });

  it('measures the busiest one-second window', () => {
    expect(maxPerWindow([0, 100, 999, 1000, 1500, 1999].map((time) => ({ time })))).toBe(3);
    expect(maxPerWindow([0, 1, 2, 3, 1000].map((time) => ({ time })))).toBe(4);
    expect(maxPerWindow([])).toBe(0);
  });
});
