// Prometheus metrics of one proxy (issue 22), on their own registry so tests and several
// apps in one process never share counters. Gauges that mirror state someone else owns
// (queues, sockets, jobs) are read at scrape time through `collect`, never kept twice.
import { Counter, Gauge, Registry } from 'prom-client';
import { LatencyHistogram } from './latency-histogram';

export interface MetricSources {
  /** Calls waiting per rate lane (UID or IP, and endpoint group). */
  queueDepths(): ReadonlyMap<string, number>;
  /** Browser WebSockets open now, by socket (public, private). */
  wsClients?(): Readonly<Record<string, number>>;
  /** Messages slow browsers did not get since start (conflated, dropped, resynced), by socket. */
  wsDropped?(): Readonly<Record<string, number>>;
  /** Job rows by state over the jobs still running (read from the jobs store). */
  jobRows?(): Promise<Readonly<Record<string, number>>>;
}

export class DeskMetrics {
  readonly registry = new Registry();
  /**
   * Answers by route, then status, counted here and handed to prom-client at scrape time:
   * counting runs on every request, and a Map step costs far less than prom-client's
   * label hashing and checks.
   */
  readonly #answered = new Map<string, Map<number, number>>();
  readonly upstreamLatency = new LatencyHistogram(
    'desk_upstream_latency_seconds',
    'Time from sending a call upstream to its whole answer, by endpoint',
    'endpoint',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    this.registry,
  );
  constructor(sources: MetricSources) {
    const answered = this.#answered;
    new Counter({
      name: 'desk_http_requests_total',
      help: 'HTTP requests answered, by route and status',
      labelNames: ['route', 'status'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [route, byStatus] of answered) for (const [status, n] of byStatus) this.inc({ route, status: String(status) }, n);
      },
    });
    // A counter the relay keeps (it only grows), read at scrape time like the gauges.
    new Counter({
      name: 'desk_ws_messages_dropped_total',
      help: 'Messages a slow browser did not get (conflated, dropped book updates, resyncs), by socket',
      labelNames: ['socket'],
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [socket, n] of Object.entries(sources.wsDropped?.() ?? {})) this.inc({ socket }, n);
      },
    });
    this.readGauge('desk_rate_queue_depth', 'Calls waiting for their rate window, by lane', 'lane', () => sources.queueDepths());
    this.readGauge('desk_ws_clients', 'Browser WebSockets open, by socket', 'socket', () => Object.entries(sources.wsClients?.() ?? {}));
    this.readGauge('desk_job_rows', 'Rows of running jobs, by state', 'state', async () => Object.entries((await sources.jobRows?.()) ?? {}));
  }

  /** One request answered: its route (a relayed call's catalog path) and HTTP status. */
  countRequest(route: string, status: number): void {
    let byStatus = this.#answered.get(route);
    if (!byStatus) this.#answered.set(route, (byStatus = new Map()));
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  }

  /** A gauge with one label whose values are read from their owner at each scrape. */
  private readGauge(name: string, help: string, label: string, read: () => Iterable<[string, number]> | Promise<Iterable<[string, number]>>): void {
    new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      async collect() {
        const values = await read();
        this.reset();
        for (const [value, n] of values) this.set({ [label]: value }, n);
      },
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
