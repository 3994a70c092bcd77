import { describe, expect, it } from 'vitest';
import { quoteLongSequences } from '../book/sequence';
import {
  depthCategory,
  depthInstTypeFor,
  depthPushSchema,
  depthSubscribeAckSchema,
  depthSubscribeRequestSchema,
  depthTopics,
} from './ws-depth';

const push = {
  arg: { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' },
  action: 'snapshot',
  data: [{ a: [['43232.8', '9']], b: [['43231.1', '4']], checksum: -1504501796, pseq: 0, seq: 123, ts: '1700000000000' }],
  ts: 1700000000001,
};

function issuePaths(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): string[] {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('depth channel schemas (spec 6.3)', () => {
  it('lists the five depth topics', () => {
    expect(depthTopics).toEqual(['books', 'books1', 'books5', 'books15', 'books50']);
  });

  it('accepts the upstream subscribe request, in either case of instType', () => {
    for (const instType of ['usdt-futures', 'USDT-FUTURES', 'spot', 'SPOT', 'margin']) {
      const req = { op: 'subscribe', args: [{ instType, topic: 'books15', symbol: 'BTCUSDT' }] };
      expect(depthSubscribeRequestSchema.parse(req)).toEqual(req);
    }
    expect(depthCategory('USDT-FUTURES')).toBe('usdt-futures');
  });

  it('rejects an unknown topic or category, naming the field', () => {
    const bad = depthSubscribeRequestSchema.safeParse({ op: 'subscribe', args: [{ instType: 'coin-futures', topic: 'books2', symbol: 'BTCUSDT' }] });
    expect(bad.success).toBe(false);
    const paths = issuePaths(bad);
    expect(paths.some((p) => p.startsWith('args.0.instType'))).toBe(true);
    expect(paths.some((p) => p.startsWith('args.0.topic'))).toBe(true);
  });

  it('rejects a subscribe request with no channels', () => {
    expect(issuePaths(depthSubscribeRequestSchema.safeParse({ op: 'unsubscribe', args: [] }))).toEqual(['args: args must name at least one channel']);
  });

  it('accepts the subscribe ack', () => {
    expect(depthSubscribeAckSchema.safeParse({ event: 'subscribe', arg: push.arg }).success).toBe(true);
  });

  it('accepts a snapshot push and an update push', () => {
    expect(depthPushSchema.parse(push)).toEqual(push);
    expect(depthPushSchema.safeParse({ ...push, action: 'update' }).success).toBe(true);
  });

  it('keeps seq beyond 2^53 as parsed (it is still an integer)', () => {
    const parsed: unknown = JSON.parse(JSON.stringify(push).replace('"seq":123', '"seq":1152921504606846977'));
    expect(depthPushSchema.safeParse(parsed).success).toBe(true);
  });

  it('rejects prices and sizes that are numbers, negative or in exponent form', () => {
    for (const level of [[43231.1, '4'], ['-1', '4'], ['1e3', '4'], ['43231.1', '4', 'extra']]) {
      const bad = { ...push, data: [{ ...push.data[0], b: [level] }] };
      const paths = issuePaths(depthPushSchema.safeParse(bad));
      expect(paths.length).toBeGreaterThan(0);
      expect(paths.every((p) => p.startsWith('data.0.b.0'))).toBe(true);
    }
  });

  it('rejects a checksum outside the signed 32-bit range and a numeric data ts', () => {
    const bad = { ...push, data: [{ ...push.data[0], checksum: 0x80000000, ts: 1700000000000 }] };
    const paths = issuePaths(depthPushSchema.safeParse(bad));
    expect(paths.some((p) => p.startsWith('data.0.checksum'))).toBe(true);
    expect(paths.some((p) => p.startsWith('data.0.ts'))).toBe(true);
  });

  it('rejects a fractional seq', () => {
    const bad = { ...push, data: [{ ...push.data[0], seq: 1.5 }] };
    expect(issuePaths(depthPushSchema.safeParse(bad))).toEqual(['data.0.seq: seq must be an integer']);
  });

  it('accepts the live push: no checksum, maxDepth, a seq beyond 2^53 kept exact as digits', () => {
    const text = `{"data":[{"a":[["99756.7","23.9774"]],"b":[["99756.6","0.0128"]],"pseq":0,"seq":1304314508780744705,"maxDepth":"50","ts":"1746698732562"}],"arg":{"instType":"usdt-futures","symbol":"BTCUSDT","topic":"books"},"action":"snapshot","ts":1746698732563}`;
    const parsed = depthPushSchema.parse(JSON.parse(quoteLongSequences(text)));
    expect(parsed.data[0]).toMatchObject({ seq: '1304314508780744705', maxDepth: '50' });
    expect(parsed.data[0]!.checksum).toBeUndefined();
    expect(issuePaths(depthPushSchema.safeParse({ ...push, data: [{ ...push.data[0], seq: '12a' }] }))).toEqual(['data.0.seq: seq must be an integer']);
  });

  it('subscribes margin pairs on the spot book (v3 lists no margin depth)', () => {
    expect(depthInstTypeFor('MARGIN')).toBe('spot');
    expect(depthInstTypeFor('usdt-futures')).toBe('usdt-futures');
    expect(() => depthInstTypeFor('options')).toThrow(RangeError);
  });
});
