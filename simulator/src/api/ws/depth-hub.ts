// All depth publishers of the public socket, and the cadence that drives them (spec 6.3:
// books/books5/books15 every 200 ms on spot and 150 ms on futures; books1 on every change
// of the top of book). The cadence is configurable (SIM_BOOK_INTERVAL_MS) because the UI
// benchmark asks for thousands of book pushes a second; 0 pushes after every command that
// changed the book (a source without command boundaries: once per event-loop turn).
import type { DepthArg } from '@contract/schemas/ws-depth';
import { depthCategory } from '@contract/schemas/ws-depth';
import type { Dialect } from '../../core/dialect';
import type { DepthSink } from './depth-publisher';
import { DepthPublisher } from './depth-publisher';
import type { DepthBookSpec, DepthSource } from './depth-source';

export const SPOT_BOOK_INTERVAL_MS = 200;
export const FUTURES_BOOK_INTERVAL_MS = 150;

export interface DepthTimers {
  every(ms: number, fn: () => void): () => void;
  soon(fn: () => void): void;
}

export const realTimers: DepthTimers = {
  every(ms, fn) {
    const t = setInterval(fn, ms);
    t.unref();
    return () => clearInterval(t);
  },
  soon(fn) {
    setImmediate(fn);
  },
};

export interface DepthHubOptions {
  /** One cadence for every book, overriding spec 6.3's defaults (0: after every command that changed the book). */
  bookIntervalMs?: number;
  now?: () => number;
  timers?: DepthTimers;
  /** `live`: no checksums, maxDepth, sequence numbers beyond 2^53 (depth-publisher.ts). */
  dialect?: Dialect;
}

export type SubscribeOutcome = { ok: true } | { ok: false; code: '30001'; msg: string };

export class DepthHub {
  private readonly publishers = new Map<string, DepthPublisher>();
  private readonly cadences = new Map<number, () => void>();
  private readonly now: () => number;
  private readonly timers: DepthTimers;
  private readonly unlisten: (() => void)[] = [];
  private topScheduled = false;
  private immediateScheduled = false;

  constructor(
    private readonly source: DepthSource,
    private readonly options: DepthHubOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? realTimers;
    const perCommand = options.bookIntervalMs === 0 && source.onSettled !== undefined;
    this.unlisten.push(
      source.onLevelChange((key, side, ticks, lots) => {
        const p = this.publishers.get(key);
        if (p === undefined) return;
        p.noteChange(side, ticks, lots);
        if (p.hasTopSubscribers) this.scheduleTop();
        if (options.bookIntervalMs === 0 && !perCommand) this.scheduleImmediate();
      }),
    );
    if (perCommand) {
      this.unlisten.push(
        source.onSettled!((key) => {
          // Sending is all a push does, so it is safe inside the simulator's command.
          this.publishers.get(key)?.flush(this.now());
        }),
      );
    }
  }

  /** The cadence of a book: the configured one, else spec 6.3's per category. */
  intervalOf(spec: DepthBookSpec): number {
    return this.options.bookIntervalMs ?? (spec.category === 'usdt-futures' ? FUTURES_BOOK_INTERVAL_MS : SPOT_BOOK_INTERVAL_MS);
  }

  subscribe(arg: DepthArg, sink: DepthSink, argJson: string): SubscribeOutcome {
    const spec = this.source.resolve(depthCategory(arg.instType), arg.symbol);
    if (spec === undefined) return { ok: false, code: '30001', msg: `Channel does not exist: no ${arg.instType} instrument ${arg.symbol}` };
    let p = this.publishers.get(spec.key);
    if (p === undefined) {
      p = new DepthPublisher(spec, this.source, this.options.dialect);
      this.publishers.set(spec.key, p);
    }
    p.subscribe(arg.topic, sink, argJson, this.now());
    this.ensureCadence(this.intervalOf(spec));
    return { ok: true };
  }

  unsubscribe(arg: DepthArg, sink: DepthSink): boolean {
    const spec = this.source.resolve(depthCategory(arg.instType), arg.symbol);
    const p = spec && this.publishers.get(spec.key);
    if (!p) return false;
    const removed = p.unsubscribe(arg.topic, sink);
    if (p.subscriberCount === 0) this.publishers.delete(spec.key);
    return removed;
  }

  /** Forgets a closed connection everywhere. */
  drop(sink: DepthSink): void {
    for (const [key, p] of this.publishers) {
      p.drop(sink);
      if (p.subscriberCount === 0) this.publishers.delete(key);
    }
  }

  /** Pushes whatever is due on every book now (tests drive the cadence with this). */
  flushAll(): void {
    const now = this.now();
    for (const p of this.publishers.values()) {
      p.flushTop(now);
      p.flush(now);
    }
  }

  /** Every book's `books` sequence starts again, as after a restart of the exchange's book service. */
  restartSequences(): void {
    for (const p of this.publishers.values()) p.restartSequence();
  }

  publisherOf(bookKey: string): DepthPublisher | undefined {
    return this.publishers.get(bookKey);
  }

  close(): void {
    for (const stop of this.unlisten) stop();
    for (const stop of this.cadences.values()) stop();
    this.cadences.clear();
    this.publishers.clear();
  }

  private ensureCadence(ms: number): void {
    if (ms === 0 || this.cadences.has(ms)) return;
    this.cadences.set(
      ms,
      this.timers.every(ms, () => {
        const now = this.now();
        for (const p of this.publishers.values()) if (this.intervalOf(p.spec) === ms) p.flush(now);
      }),
    );
  }

  private scheduleTop(): void {
    if (this.topScheduled) return;
    this.topScheduled = true;
    this.timers.soon(() => {
      this.topScheduled = false;
      const now = this.now();
      for (const p of this.publishers.values()) p.flushTop(now);
    });
  }

  private scheduleImmediate(): void {
    if (this.immediateScheduled) return;
    this.immediateScheduled = true;
    this.timers.soon(() => {
      this.immediateScheduled = false;
      const now = this.now();
      for (const p of this.publishers.values()) p.flush(now);
    });
  }
}
