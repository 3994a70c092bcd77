// Synthetic market flow (ARCHITECTURE.md; issue 18): a market maker keeps a deep ladder of
// quotes around a random-walk mid on every book, and a taker trades against them with
// immediate-or-cancel orders, several times a second with bursts. Both use their own
// accounts (seed-accounts.ts: MAKER_UID, TAKER_UID), so users' balances change only by
// their own trades. The flow is deterministic for a seed: the same seed and the same user
// actions give the same orders. Futures mark prices follow the mid, and open positions
// are re-pushed with the new mark.
//
// The ladder: QUOTES_PER_SIDE levels a side on a fixed price grid (about half a basis point
// apart), one maker order per level, sizes growing away from the touch (a BTCUSDT level
// near the top holds tenths of a BTC, the far ones several BTC). When the mid moves, the
// levels it passed are cancelled and the same number placed at the far end, so a move of
// d levels costs about 2d orders, not a rebuild; levels the taker emptied are placed again.
// The mid walks with about 65% a year of volatility (market-history.ts) and jumps now and
// then.
import { MAKER_UID, TAKER_UID } from '../accounts/seed-accounts';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { SeededRandom } from '../core/seeded-random';
import { SimError } from '../core/sim-error';
import type { OrderService } from '../trading/order-service';
import type { PositionBook } from '../trading/position-book';
import { isPending, lotsText, ticksText } from '../trading/sim-order';
import { money, ONE } from '../core/money';
import type { MarketData } from './market-data';
import { ANNUAL_VOLATILITY, normal } from './market-history';
import { startPaced } from './paced-steps';

/** Maker levels per side (the order service allows 400 pending orders per symbol: 200 + 200). */
export const QUOTES_PER_SIDE = 200;
/** The size of the level at the touch, in quote coin; level k holds (1 + k/20) times it, give or take half. */
const TOUCH_LEVEL_QUOTE = 20_000;
/** The typical taker order, in quote coin (log-normal around it). */
const TYPICAL_TAKE_QUOTE = 3_000;
/** Seconds a step of one book stands for, at the default 10 steps a second over five books. */
const STEP_SECONDS = 0.5;
const SECONDS_A_YEAR = 31_536_000;

interface BookFlow {
  inst: Instrument;
  /** The mid in ticks, as a float so small steps accumulate. */
  mid: number;
  /** Ticks between two ladder levels. */
  levelTicks: number;
  /** Lots a quote coin buys at the reference price. */
  lotsPerQuote: number;
  minLots: number;
  /** The maker's order per grid level (level = priceTicks / levelTicks), per side. */
  bids: Map<number, string>;
  asks: Map<number, string>;
}

export interface MarketFlowDeps {
  instruments: InstrumentRegistry;
  orders: OrderService;
  market: MarketData;
  positions: PositionBook;
}

export class MarketFlow {
  private readonly random: SeededRandom;
  private readonly books: BookFlow[];
  private stopTimer: (() => void) | null = null;
  private ratePerSecond = 0;
  private next = 0;

  constructor(
    private readonly deps: MarketFlowDeps,
    seed: number,
  ) {
    this.random = new SeededRandom(seed);
    // One flow per engine book: margin shares the spot book.
    this.books = deps.instruments.all
      .filter((i) => i.category !== 'margin')
      .map((inst) => {
        const ref = money(inst.referencePrice);
        const refTicks = Number(ref / inst.tickMoney);
        const minValueLots = Number((inst.minAmountMoney * ONE) / ((ref * inst.lotMoney) / ONE) / ONE) + 1;
        return {
          inst,
          mid: refTicks,
          levelTicks: Math.max(1, Math.round(refTicks / 20_000)),
          lotsPerQuote: Number(ONE) / ((Number(ref) / Number(ONE)) * Number(inst.lotMoney)),
          minLots: Math.max(inst.minLots, minValueLots),
          bids: new Map(),
          asks: new Map(),
        };
      });
  }

  /** Builds the whole ladder on every book, so a fresh simulator shows depth at once. */
  prefill(): void {
    for (const book of this.books) this.requote(book);
  }

  /** One action on the next book: walk the mid, keep the ladder around it, and take. */
  step(): void {
    const book = this.books[this.next % this.books.length]!;
    this.next++;
    const sigma = ANNUAL_VOLATILITY * Math.sqrt(STEP_SECONDS / SECONDS_A_YEAR);
    let r = sigma * normal(this.random);
    if (this.random.next() < 1 / 20_000) r += (this.random.next() < 0.5 ? -1 : 1) * (0.005 + 0.01 * this.random.next());
    book.mid = Math.max(book.levelTicks * 10, book.mid * Math.exp(r));
    if (book.inst.category === 'usdt-futures') {
      this.deps.market.setMark(book.inst.symbol, BigInt(Math.round(book.mid)) * book.inst.tickMoney);
      for (const p of this.deps.positions.openOn(book.inst.symbol)) this.deps.positions.emitFor(p.uid, p.inst.symbol);
    }
    this.requote(book);
    // Several trades a second on each book, now and then a burst.
    const takes = this.random.next() < 0.04 ? this.random.int(5, 12) : this.random.int(0, 3);
    for (let i = 0; i < takes; i++) this.take(book);
  }

  /**
   * Runs `ratePerSecond` steps a second until stop(); 0 does nothing. Several steps run per
   * timer tick when the rate is above the timer's resolution (paced-steps.ts).
   */
  start(ratePerSecond: number): void {
    if (ratePerSecond <= 0 || this.stopTimer) return;
    this.stopTimer = startPaced(ratePerSecond, () => this.step());
    this.ratePerSecond = ratePerSecond;
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
    this.ratePerSecond = 0;
  }

  /** Steps a second now (0 when stopped), so a caller that quiets the market can restore it. */
  get rate(): number {
    return this.ratePerSecond;
  }

  /** Cancels the levels the mid passed or left behind, then fills every empty level of the ladder. */
  private requote(book: BookFlow): void {
    const mid = Math.round(book.mid);
    const topBid = Math.floor((mid - 1) / book.levelTicks);
    const bottomAsk = Math.ceil((mid + 1) / book.levelTicks);
    this.keep(book.bids, topBid - QUOTES_PER_SIDE + 1, topBid);
    this.keep(book.asks, bottomAsk, bottomAsk + QUOTES_PER_SIDE - 1);
    for (let k = 0; k < QUOTES_PER_SIDE; k++) {
      if (!book.bids.has(topBid - k)) this.quote(book, 'buy', topBid - k, k);
      if (!book.asks.has(bottomAsk + k)) this.quote(book, 'sell', bottomAsk + k, k);
    }
  }

  /** Forgets filled or cancelled quotes and cancels those outside [low, high]. */
  private keep(levels: Map<number, string>, low: number, high: number): void {
    for (const [level, id] of levels) {
      const o = this.deps.orders.orders.get(id);
      if (o === undefined || !isPending(o)) levels.delete(level);
      else if (level < low || level > high) {
        levels.delete(level);
        this.attempt(() => this.deps.orders.cancel(MAKER_UID, { orderId: id }));
      }
    }
  }

  private quote(book: BookFlow, side: 'buy' | 'sell', level: number, distance: number): void {
    const { inst } = book;
    const priceTicks = level * book.levelTicks;
    if (priceTicks <= 0) return;
    const quote = TOUCH_LEVEL_QUOTE * (1 + distance / 20) * (0.5 + this.random.next());
    const lots = Math.max(book.minLots, Math.round(quote * book.lotsPerQuote));
    this.attempt(() => {
      const { orderId } = this.deps.orders.place(MAKER_UID, {
        category: inst.category, symbol: inst.symbol, orderType: 'limit', side,
        price: ticksText(inst, priceTicks), qty: lotsText(inst, lots), timeInForce: 'post_only',
      });
      (side === 'buy' ? book.bids : book.asks).set(level, orderId);
    });
  }

  private take(book: BookFlow): void {
    const { inst } = book;
    const side = this.random.next() < 0.5 ? 'buy' : 'sell';
    const reach = 4 * book.levelTicks;
    const mid = Math.round(book.mid);
    const priceTicks = side === 'buy' ? mid + reach : Math.max(1, mid - reach);
    const quote = TYPICAL_TAKE_QUOTE * Math.exp(0.9 * normal(this.random));
    const lots = Math.max(book.minLots, Math.round(quote * book.lotsPerQuote));
    this.attempt(() =>
      this.deps.orders.place(TAKER_UID, {
        category: inst.category, symbol: inst.symbol, orderType: 'limit', side,
        price: ticksText(inst, priceTicks), qty: lotsText(inst, lots), timeInForce: 'ioc',
      }),
    );
  }

  /** The flow never stops on a refusal (e.g. a post-only quote that would cross). */
  private attempt(run: () => void): void {
    try {
      run();
    } catch (error) {
      if (!(error instanceof SimError)) throw error;
    }
  }
}
