import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeUpstream, type RecordedCall } from '../test-support/fake-upstream';
import { mostInAnyWindow } from '../test-support/most-in-any-window';
import { testDesk, type TestDesk } from '../test-support/test-desk';

/** Most arrivals inside any 1 s window, on the upstream's own clock. */
const maxInAnyWindow = (calls: RecordedCall[], windowMs: number) => mostInAnyWindow(calls.map((c) => c.at), windowMs);

let upstream: FakeUpstream;
let desk: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  // The fake exchange enforces the documented 10/s per key and would answer 429 past it.
  upstream.respond((call) => {
    const sameKey = (c: RecordedCall) => c.headers['access-key'] === call.headers['access-key'];
    const recent = upstream.calls.filter((c) => c.url.startsWith('/api/v2/') && sameKey(c) && call.at - c.at < 1000);
    return recent.length > 10 ? { status: 429, body: { code: '429', msg: 'Too many requests', requestTime: Date.now(), data: null } } : undefined;
  });
  desk = await testDesk(upstream.url, { logLevel: 'warn' });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

const reviseHistoryUrl = () => {
  const now = Date.now();
  return `/api/v2/earn/loan/revise-history?startTime=${now - 3600_000}&endTime=${now}`;
};

describe('rate shaping per upstream UID (spec 8)', () => {
  it('spreads 25 quick v2 calls so the upstream sees at most 10 in any 1 s window, with zero 429s', async () => {
    const { headers } = await desk.signIn('admin');
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => desk.app.inject({ method: 'GET', url: reviseHistoryUrl(), headers })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    const v2Calls = upstream.calls.filter((c) => c.url.startsWith('/api/v2/earn/loan/revise-history'));
    expect(v2Calls).toHaveLength(25);
    expect(maxInAnyWindow(v2Calls, 1000)).toBeLessThanOrEqual(10);
  });

  it('answers a clear 429 past the queue bound and relays none of the refused calls', async () => {
    const small = await testDesk(upstream.url, { logLevel: 'warn', rate: { queueBound: 3 } });
    try {
      const { headers } = await small.signIn('admin', ['sub']);
      const before = upstream.calls.length;
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => small.app.inject({ method: 'GET', url: reviseHistoryUrl(), headers: { ...headers, 'x-desk-account': 'sub' } })),
      );
      const refused = responses.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(7);
      for (const r of refused) expect(r.json()).toMatchObject({ code: 'DESK429', data: null });
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(13);
      expect(upstream.calls.length - before).toBe(13);
    } finally {
      await small.app.close();
    }
  });
});
