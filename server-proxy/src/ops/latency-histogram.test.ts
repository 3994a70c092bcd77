import fc from 'fast-check';
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LatencyHistogram } from './latency-histogram';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

describe('LatencyHistogram', () => {
  it('writes /metrics exactly as a prom-client Histogram fed the same observations', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('/api/v3/account/settings', '/api/v3/trade/place-order', 'a "quoted" \\ path'), fc.oneof(fc.double({ min: 0, max: 20, noNaN: true }), fc.constantFrom(...BUCKETS))), { maxLength: 60 }),
        async (observations) => {
          const ours = new Registry();
          const reference = new Registry();
          const fast = new LatencyHistogram('desk_upstream_latency_seconds', 'Time to the answer', 'endpoint', BUCKETS, ours);
          const slow = new Histogram({ name: 'desk_upstream_latency_seconds', help: 'Time to the answer', labelNames: ['endpoint'], buckets: BUCKETS, registers: [reference] });
          for (const [endpoint, seconds] of observations) {
            fast.observe(endpoint, seconds);
            slow.observe({ endpoint }, seconds);
          }
          expect(await ours.metrics()).toBe(await reference.metrics());
          // The JSON form too, but for prom-client's exemplar slots (this has none).
          const withoutExemplars = (metrics: { values: object[] }[]) =>
            metrics.map((m) => ({ ...m, values: m.values.map((v) => Object.fromEntries(Object.entries(v).filter(([key]) => key !== 'exemplar'))) }));
          expect(withoutExemplars(await ours.getMetricsAsJSON())).toEqual(withoutExemplars(await reference.getMetricsAsJSON()));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('starts again from nothing when reset', async () => {
    const registry = new Registry();
    const h = new LatencyHistogram('h_seconds', 'h', 'endpoint', BUCKETS, registry);
    h.observe('/x', 0.2);
    h.reset();
    expect(await registry.metrics()).not.toContain('h_seconds_count');
  });
});
