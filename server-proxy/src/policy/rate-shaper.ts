import type { RateLimit } from '@contract/catalog/endpoints';
import type { Clock } from '@contract/core/clock';
import type { SharedRateBudget } from './shared-rate-budget';
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

/** Several proxies on one database: their common budget (shared-rate-budget.ts), and where its failures are told. */
export interface SharedBudgetOptions {
  budget: SharedRateBudget;
  onError(err: unknown): void;
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
  /** Shared-budget slots held by this lane's calls in flight (slots are interchangeable). */
  sharedSlots: number[];
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
    private readonly shared?: SharedBudgetOptions,
  ) {}

  /**
   * With a shared budget, a call that passed this process's window also takes a slot of
   * the database's: at once ('go') when this proxy holds one unused, else by a promise; if
   * the database fails, the local slot is given back and the promise rejects (the caller
   * sends nothing and need not release).
   */
  admit(laneKey: string, perSecond: number): Admission {
    const local = this.admitLocal(laneKey, perSecond);
    const shared = this.shared;
    if (!shared || local === 'full') return local;
    const lane = this.lane(laneKey, perSecond);
    if (local === 'go') {
      // A slot this proxy claimed ahead: the call leaves now, as it would without the budget.
      const slot = shared.budget.takeNow(laneKey, lane.window.limit);
      if (slot !== undefined) {
        lane.sharedSlots.push(slot);
        return 'go';
      }
    }
    return (local === 'go' ? Promise.resolve() : local).then(
      () =>
        this.takeShared(shared.budget, laneKey, lane).catch((err: unknown) => {
          this.releaseLocal(lane);
          throw err;
        }),
    );
  }

  private async takeShared(budget: SharedRateBudget, laneKey: string, lane: Lane): Promise<void> {
    for (;;) {
      const got = await budget.take(laneKey, lane.window.limit);
      if ('slot' in got) {
        lane.sharedSlots.push(got.slot);
        return;
      }
      // Another proxy holds the lane's slots: look again when the first one frees.
      await new Promise<void>((resolve) => this.timers.setTimeout(resolve, Math.min(got.waitMs, 250)));
    }
  }

  private admitLocal(laneKey: string, perSecond: number): Admission {
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
    const slot = lane.sharedSlots.shift();
    if (slot !== undefined && this.shared) {
      const { budget, onError } = this.shared;
      // Not awaited: the answer goes back now; a failed release frees the slot after its lease.
      budget.release(laneKey, slot).catch(onError);
    }
    this.releaseLocal(lane);
  }

  private releaseLocal(lane: Lane): void {
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
        sharedSlots: [],
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
