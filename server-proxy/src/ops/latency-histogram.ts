// A Prometheus histogram with one label, counted in plain arrays. observe() runs on every
// relayed call, and prom-client's Histogram.observe hashes and checks its labels on each
// (about 2 µs on a busy proxy and over 10 µs on a cold, serial call: bench/proxy.bench.ts
// profiles, issue 23). The registry still writes the exposition: this registers with it
// as a metric in prom-client's own value shape, so /metrics reads exactly as before
// (latency-histogram.test.ts holds it to a prom-client Histogram fed the same values).
import type { Metric, Registry } from 'prom-client';

interface Series {
  /** Observations per bucket, not cumulative; the last slot is past the largest bound. */
  counts: number[];
  sum: number;
  count: number;
}

interface ValuePair {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string>;
  value: number;
  metricName: string;
}

export class LatencyHistogram {
  readonly #series = new Map<string, Series>();
  readonly #bounds: readonly number[];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelName: string,
    buckets: readonly number[],
    registry: Registry,
  ) {
    this.#bounds = [...buckets].sort((a, b) => a - b);
    // The registry takes any object that answers get() and getForPromString() as its
    // metrics do; its types list only its own classes.
    registry.registerMetric(this as unknown as Metric);
  }

  observe(label: string, value: number): void {
    let s = this.#series.get(label);
    if (!s) this.#series.set(label, (s = { counts: new Array<number>(this.#bounds.length + 1).fill(0), sum: 0, count: 0 }));
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    s.counts[i]!++;
    s.sum += value;
    s.count++;
  }

  /** The registry's text exposition reads this: bucket, sum and count lines per label value. */
  getForPromString(): Promise<{ name: string; help: string; type: 'histogram'; values: ValuePair[]; aggregator: 'sum' }> {
    const values: ValuePair[] = [];
    const bucket = `${this.name}_bucket`;
    for (const [label, s] of this.#series) {
      const shared = { [this.labelName]: label };
      let acc = 0;
      this.#bounds.forEach((le, i) => {
        acc += s.counts[i]!;
        values.push({ labels: { le }, sharedLabels: shared, value: acc, metricName: bucket });
      });
      values.push(
        { labels: { le: '+Inf' }, sharedLabels: shared, value: s.count, metricName: bucket },
        { labels: {}, sharedLabels: shared, value: s.sum, metricName: `${this.name}_sum` },
        { labels: {}, sharedLabels: shared, value: s.count, metricName: `${this.name}_count` },
      );
    }
    return Promise.resolve({ name: this.name, help: this.help, type: 'histogram', values, aggregator: 'sum' });
  }

  /** The JSON form (registry.getMetricsAsJSON): each value's labels in one object. */
  async get(): Promise<{ name: string; help: string; type: 'histogram'; values: Omit<ValuePair, 'sharedLabels'>[]; aggregator: 'sum' }> {
    const data = await this.getForPromString();
    return { ...data, values: data.values.map(({ sharedLabels, labels, ...v }) => ({ ...v, labels: { ...labels, ...sharedLabels } })) };
  }

  reset(): void {
    this.#series.clear();
  }
}
