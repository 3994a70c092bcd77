import type { RateLimit } from '@contract/endpoints';
import type { Clock } from '../clock';
import { SlidingWindow } from './sliding-window';

/**
 * The rate a call's lane is shaped to: the catalog's per-UID figure (the reference docs
 * give one for every v3 endpoint, so the simulator enforces the same number), unless a
 * benchmark or test overrides every limit, or the catalog holds only a guess and the
 * configuration replaces it.
 */
export function shapedPerSecond(limit: RateLimit, rate: { overridePerSecond?: number | undefined; undocumentedPerSecond?: number | undefined }): number {
  if (rate.overridePerSecond !== undefined) return rate.overridePerSecond;
  if (!limit.documented && rate.undocumentedPerSecond !== undefined) return rate.undocumentedPerSecond;
  return limit.perSecond;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface RateShaperOptions {
  windowMs: number;
  safetyMarginMs: number;
  /** Waiting calls per lane beyond which new calls are refused (429). */
  queueBound: number;
}

/**
 * 'go': leave now; 'full': the lane's queue is full, refuse; a promise: leave when it
 * resolves. After 'go' or the promise, the caller must call release() once answered.
 */
export type Admission = 'go' | 'full' | Promise<void>;

interface Lane {
  window: SlidingWindow;
  waiting: Array<() => void>;
  waitingHead: number;
  timer: unknown;
}

/**
 * Queues calls per (upstream UID, endpoint) lane so the exchange never sees more than
 * the documented rate (spec 8, spec 5: limits are per UID), in FIFO order. The
 * uncontended path is synchronous and allocates nothing.
 */
export class RateShaper {
  readonly #lanes = new Map<string, Lane>();

  constructor(
    private readonly clock: Clock,
    private readonly options: RateShaperOptions,
    private readonly timers: Timers = realTimers,
  ) {}

  admit(laneKey: string, perSecond: number): Admission {
    const lane = this.lane(laneKey, perSecond);
    const queued = lane.waiting.length - lane.waitingHead;
    if (queued === 0) {
      const now = this.clock.now();
      if (lane.window.waitMs(now) === 0) {
        lane.window.take();
        return 'go';
      }
    }
    if (queued >= this.options.queueBound) return 'full';
    return new Promise<void>((resolve) => {
      lane.waiting.push(resolve);
      this.arm(lane);
    });
  }

  /** The admitted call has its answer (or failed): starts its slot's cool-down. */
  release(laneKey: string): void {
    const lane = this.#lanes.get(laneKey);
    if (!lane) return;
    lane.window.release(this.clock.now());
    this.drain(lane);
  }

  /** Calls waiting in every lane that has any (for /metrics). */
  queueDepths(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [key, lane] of this.#lanes) {
      const n = lane.waiting.length - lane.waitingHead;
      if (n > 0) out.set(key, n);
    }
    return out;
  }

  /** Calls waiting in a lane (for tests and metrics). */
  queued(laneKey: string): number {
    const lane = this.#lanes.get(laneKey);
    return lane ? lane.waiting.length - lane.waitingHead : 0;
  }

  private lane(key: string, perSecond: number): Lane {
    let lane = this.#lanes.get(key);
    if (!lane) {
      // Limits are given per second; scale to the configured window (normally 1 s).
      const limit = Math.max(1, Math.floor((perSecond * this.options.windowMs) / 1000));
      lane = {
        window: new SlidingWindow(limit, this.options.windowMs + this.options.safetyMarginMs),
        waiting: [],
        waitingHead: 0,
        timer: undefined,
      };
      this.#lanes.set(key, lane);
    }
    return lane;
  }

  private arm(lane: Lane): void {
    if (lane.timer !== undefined) return;
    const wait = lane.window.waitMs(this.clock.now());
    // Nothing will free by time alone: the next release() drains the lane.
    if (wait === Infinity) return;
    lane.timer = this.timers.setTimeout(() => {
      lane.timer = undefined;
      this.drain(lane);
    }, wait);
  }

  private drain(lane: Lane): void {
    while (lane.waitingHead < lane.waiting.length) {
      const now = this.clock.now();
      if (lane.window.waitMs(now) !== 0) {
        this.arm(lane);
        return;
      }
      lane.window.take();
      const release = lane.waiting[lane.waitingHead];
      lane.waiting[lane.waitingHead] = noop;
      lane.waitingHead++;
      release?.();
    }
    lane.waiting = [];
    lane.waitingHead = 0;
  }
}

const noop = () => {};
