// A book-churn source for benchmarks (BENCHMARKS.md "ui": thousands of book pushes a
// second on ONE book). The synthetic market flow spreads its steps over every book and
// costs a full order placement (often with fills and position pushes) per step, so it
// cannot load one book at 5,000 changes a second on a small machine. The churn instead
// keeps a fixed set of market-maker quotes on one book and, every step, re-prices and
// re-sizes one of them with a modify (one command: the level it leaves and the level it
// joins change together). Modifies create no new orders, so memory stays flat however
// long it runs, and everything still goes through the OrderService, so the maker's locks,
// the order events and the book invariants stay true.
//
// Quotes sit at mid ± a top-biased distance (most near the touch, a tail out to
// `spreadTicks`), never crossing the opposite best; the mid walks slowly so charts move.
// Deterministic for a seed: the same seed gives the same sequence of commands.
import { MAKER_UID } from '../accounts/seed-accounts';
import type { MatchingEngine } from '../engine/matching-engine';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { money, ONE } from '../core/money';
import { SeededRandom } from '../core/seeded-random';
import { SimError } from '../core/sim-error';
import type { OrderService } from '../trading/order-service';
import { isPending, lotsText, ticksText } from '../trading/sim-order';
import { startPaced } from './paced-steps';

export interface BookChurnOptions {
  category: 'spot' | 'usdt-futures';
  symbol: string;
  seed: number;
  /** Resting maker quotes per side; default 150 (the order service allows 400 per symbol). */
  quotesPerSide?: number;
  /** How far from the mid the farthest quote may sit, in ticks; default 0.3% of the reference price. */
  spreadTicks?: number;
}

export interface BookChurnDeps {
  instruments: InstrumentRegistry;
  orders: OrderService;
  engine: Pick<MatchingEngine, 'bestBid' | 'bestAsk'>;
}

/** Steps between two moves of the mid. */
const WALK_EVERY = 400;

export class BookChurn {
  readonly inst: Instrument;
  private readonly random: SeededRandom;
  private readonly quotes: { buy: string[]; sell: string[] } = { buy: [], sell: [] };
  private readonly quotesPerSide: number;
  private readonly spreadTicks: number;
  private readonly baseLots: number;
  private midTicks: number;
  private steps = 0;
  private stopTimer: (() => void) | null = null;

  constructor(
    private readonly deps: BookChurnDeps,
    options: BookChurnOptions,
  ) {
    this.inst = deps.instruments.get(options.category, options.symbol);
    this.random = new SeededRandom(options.seed);
    const ref = money(this.inst.referencePrice);
    this.midTicks = Number(ref / this.inst.tickMoney);
    this.quotesPerSide = Math.min(options.quotesPerSide ?? 150, 190);
    this.spreadTicks = Math.max(10, options.spreadTicks ?? Math.round(this.midTicks * 0.003));
    const minValueLots = Number((this.inst.minAmountMoney * ONE) / ((ref * this.inst.lotMoney) / ONE) / ONE) + 1;
    this.baseLots = Math.max(this.inst.minLots, 2 * minValueLots);
  }

  /** Puts every quote on the book (the churn then only moves them). */
  prefill(): void {
    for (let i = 0; i < this.quotesPerSide; i++) {
      this.place('buy');
      this.place('sell');
    }
  }

  /** One command: move one quote to a fresh price and size (or replace it if it traded away). */
  step(): void {
    this.steps++;
    if (this.steps % WALK_EVERY === 0) this.midTicks = Math.max(this.spreadTicks * 2, this.midTicks + this.random.int(-1, 1) * Math.ceil(this.spreadTicks / 50));
    const side = this.random.next() < 0.5 ? 'buy' : 'sell';
    const list = this.quotes[side];
    const i = this.random.int(0, Math.max(0, list.length - 1));
    const id = list[i];
    const o = id === undefined ? undefined : this.deps.orders.orders.get(id);
    if (o === undefined || !isPending(o)) {
      if (id !== undefined) list.splice(i, 1);
      this.place(side);
      return;
    }
    const priceTicks = this.priceFor(side);
    const lots = Math.max(o.filledLots + this.baseLots, this.lots());
    this.attempt(() => this.deps.orders.modify(MAKER_UID, { symbol: this.inst.symbol, category: this.inst.category, orderId: o.orderId, price: ticksText(this.inst, priceTicks), qty: lotsText(this.inst, lots) }));
  }

  /** Runs `ratePerSecond` steps a second until stop(). */
  start(ratePerSecond: number): void {
    if (ratePerSecond <= 0 || this.stopTimer) return;
    this.stopTimer = startPaced(ratePerSecond, () => this.step());
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  private place(side: 'buy' | 'sell'): void {
    const priceTicks = this.priceFor(side);
    this.attempt(() => {
      const { orderId } = this.deps.orders.place(MAKER_UID, {
        category: this.inst.category, symbol: this.inst.symbol, orderType: 'limit', side,
        price: ticksText(this.inst, priceTicks), qty: lotsText(this.inst, this.lots()), timeInForce: 'post_only',
      });
      this.quotes[side].push(orderId);
    });
  }

  /** A top-biased distance from the mid, kept off the opposite best so nothing crosses. */
  private priceFor(side: 'buy' | 'sell'): number {
    const u = this.random.next();
    const distance = 1 + Math.floor(u * u * u * this.spreadTicks);
    const key = this.inst.bookKey;
    if (side === 'buy') {
      const ask = this.deps.engine.bestAsk(key);
      const p = this.midTicks - distance;
      return Math.max(1, ask === null ? p : Math.min(p, ask - 1));
    }
    const bid = this.deps.engine.bestBid(key);
    const p = this.midTicks + distance;
    return bid === null ? p : Math.max(p, bid + 1);
  }

  private lots(): number {
    return this.baseLots * this.random.int(1, 40);
  }

  /** A refusal (e.g. a quote the user's order just made cross) never stops the churn. */
  private attempt(run: () => void): void {
    try {
      run();
    } catch (error) {
      if (!(error instanceof SimError)) throw error;
    }
  }
}
