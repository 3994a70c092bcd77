import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointList } from '@contract/catalog/endpoints';
import { FakeUpstream } from '../test-support/fake-upstream';
import { testDesk, validOrder, type TestDesk } from '../test-support/test-desk';

let upstream: FakeUpstream;
let desk: TestDesk;

beforeAll(async () => {
  upstream = await FakeUpstream.start();
  desk = await testDesk(upstream.url, { logLevel: 'warn' });
});
afterAll(async () => {
  await desk.app.close();
  await upstream.close();
});

// Each string holds at least one character no clientOid, symbol or coin may contain.
const injections = [
  "'; DROP TABLE audit; --",
  '<script>alert(1)</script>',
  '..\\..\\etc\\passwd', // the REST clientOid rule allows . and /, not backslashes
  '${jndi:ldap://x}',
  'a\u0000b',
  'x\r\nSet-Cookie: a=b',
  '{"$gt": ""}',
  '%00%0d%0a',
  'BTCUSDT"',
  '😀',
  '__proto__[0]',
  'a'.repeat(40),
];

const postEndpoints = endpointList.filter((e) => e.method === 'POST');
const getEndpoints = endpointList.filter((e) => e.method === 'GET');
const orderKeys = Object.keys(validOrder) as (keyof typeof validOrder)[];
const wrongValue = fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));

interface Malformed {
  kind: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers?: Record<string, string>;
}

const post = (kind: string, url: string, body: string, headers: Record<string, string> = {}): Malformed => ({ kind, method: 'POST', url, body, headers });
const placeOrderUrl = '/api/v3/trade/place-order';

const malformed: fc.Arbitrary<Malformed> = fc.oneof(
  // Bad JSON: truncated, trailing garbage, or random text.
  fc.tuple(fc.constantFrom(...postEndpoints), fc.string({ maxLength: 60 })).map(([e, s]) => post('bad-json', e.path, `{"${s}`)),
  fc.constantFrom(...postEndpoints).map((e) => post('bad-json', e.path, '{"symbol": "BTCUSDT",}')),
  // Wrong types in an otherwise valid order.
  fc.tuple(fc.constantFrom(...orderKeys), wrongValue).map(([k, v]) => post('wrong-type', placeOrderUrl, JSON.stringify({ ...validOrder, [k]: v }))),
  // A batch that is not an array, or whose items are wrong.
  fc.oneof(fc.constant('{}'), fc.constant('[]'), wrongValue.map((v) => JSON.stringify([v]))).map((b) => post('bad-batch', '/api/v3/trade/place-batch', b)),
  // Unknown fields.
  fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !(k in validOrder)).map((k) => post('unknown-field', placeOrderUrl, JSON.stringify({ ...validOrder, [k]: 'x' }))),
  // Injection strings in identifiers.
  fc.tuple(fc.constantFrom('clientOid', 'symbol', 'qty', 'price', 'side'), fc.constantFrom(...injections)).map(([k, v]) => post('injection', placeOrderUrl, JSON.stringify({ ...validOrder, [k]: v }))),
  // Oversized bodies (rarer: each is 70 KB).
  fc.integer({ min: 65 * 1024, max: 80 * 1024 }).map((n) => post('oversized', placeOrderUrl, JSON.stringify({ ...validOrder, pad: 'x'.repeat(n) }))),
  // Bad headers on a valid body.
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx').map((ct) => post('bad-content-type', placeOrderUrl, JSON.stringify(validOrder), { 'content-type': ct })),
  fc.constantFrom('nobody', 'MAIN', 'main,sub', ...injections.filter((s) => /^[ -~]*$/.test(s))).map((a) => post('bad-account', placeOrderUrl, JSON.stringify(validOrder), { 'x-desk-account': a })),
  fc.constantFrom('', 'wrong', 'null').map((t) => post('bad-csrf', placeOrderUrl, JSON.stringify(validOrder), { 'x-desk-csrf': t })),
  // Queries on reads: wrong values, unknown or repeated parameters, injections.
  fc.tuple(fc.constantFrom(...getEndpoints.filter((e) => e.auth === 'private')), fc.constantFrom(...injections.map(encodeURIComponent), 'abc', '-1', '1e3')).map(([e, v]) => ({
    kind: 'bad-query',
    method: 'GET' as const,
    url: `${e.path}?limit=${v}&unknownParam=${v}`,
  })),
  fc.constantFrom(...getEndpoints).map((e) => ({ kind: 'repeated-query', method: 'GET' as const, url: `${e.path}?category=SPOT&category=SPOT&startTime=1&startTime=2` })),
  // Paths outside the catalog.
  fc.tuple(fc.constantFrom('GET' as const, 'POST' as const), fc.constantFrom('/api/v2/spot/anything', '/api/v3/trade/place-order/../cancel-order', '/api/v3/TRADE/place-order', '/api/v3/trade/place-order%00', '/api/v1/x', '/api/')).map(([method, url]) => ({ kind: 'unknown-path', method, url, body: method === 'POST' ? '{}' : undefined })),
);

describe('malformed requests (property)', () => {
  it('answers 5,000 malformed requests with a 4xx JSON error each, stays up, and relays none', async () => {
    const { headers } = await desk.signIn('trader');
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(malformed, async (m) => {
        kinds.set(m.kind, (kinds.get(m.kind) ?? 0) + 1);
        const res = await desk.app.inject({ method: m.method, url: m.url, headers: { ...headers, ...m.headers }, payload: m.body });
        expect(res.statusCode, `${m.kind} ${m.url} -> ${res.statusCode} ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        const body = res.json();
        expect(typeof body.code).toBe('string');
        expect(typeof body.msg).toBe('string');
        expect(body.data).toBeNull();
      }),
      { numRuns: 5000 },
    );
    expect(upstream.calls).toHaveLength(0);
    // Every family of malformation was exercised.
    expect(kinds.size).toBeGreaterThanOrEqual(12);
    // Still up and still answering a valid call.
    const ok = await desk.app.inject({ method: 'POST', url: placeOrderUrl, headers, payload: JSON.stringify(validOrder) });
    expect(ok.statusCode).toBe(200);
    expect(upstream.calls).toHaveLength(1);
  }, 120_000);
});
