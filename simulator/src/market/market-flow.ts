// Synthetic market flow (ARCHITECTURE.md): a market maker quotes around a random-walk mid
// on every book, and a taker trades against the quotes with immediate-or-cancel orders.
// Both use their own accounts (seed-accounts.ts: MAKER_UID, TAKER_UID), so users'
// balances change only by their own trades. The flow is deterministic for a seed: the
// same seed and the same user actions give the same orders. Futures mark prices follow
// the mid, and open positions are re-pushed with the new mark.
import { MAKER_UID, TAKER_UID } from '../accounts/seed-accounts';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { SeededRandom } from '../seeded-random';
import { SimError } from '../sim-error';
import type { OrderService } from '../trading/order-service';
import type { PositionBook } from '../trading/position-book';
import { isPending, lotsText, ticksText } from '../trading/sim-order';
import { money, ONE } from '../money';
import type { MarketData } from './market-data';
import { startPaced } from './paced-steps';

/** Quotes the maker keeps per side of a book before it retires the oldest. */
const QUOTES_PER_SIDE = 12;

interface BookFlow {
  inst: Instrument;
  midTicks: number;
  /** One random-walk step, ~1 basis point of the reference price, in ticks. */
  stepTicks: number;
  /** The smallest order that meets both the minimum quantity and the minimum value. */
  baseLots: number;
  quotes: string[];
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
        const midTicks = Number(ref / inst.tickMoney);
        const stepTicks = Math.max(1, Math.round(midTicks / 10_000));
        const minValueLots = Number((inst.minAmountMoney * ONE) / ((ref * inst.lotMoney) / ONE) / ONE) + 1;
        return { inst, midTicks, stepTicks, baseLots: Math.max(inst.minLots, 2 * minValueLots), quotes: [] };
      });
  }

  /** Puts a few quotes on every book so a fresh simulator shows depth at once. */
  prefill(): void {
    for (const book of this.books) {
      for (let i = 0; i < QUOTES_PER_SIDE / 2; i++) {
        this.quote(book, 'buy');
        this.quote(book, 'sell');
      }
    }
  }

  /** One action on the next book: walk the mid, then quote or take. */
  step(): void {
    const book = this.books[this.next % this.books.length]!;
    this.next++;
    book.midTicks = Math.max(book.stepTicks * 10, book.midTicks + this.random.int(-2, 2) * book.stepTicks);
    if (book.inst.category === 'usdt-futures') {
      this.deps.market.setMark(book.inst.symbol, BigInt(book.midTicks) * book.inst.tickMoney);
      for (const p of this.deps.positions.openOn(book.inst.symbol)) this.deps.positions.emitFor(p.uid, p.inst.symbol);
    }
    if (this.random.next() < 0.65) this.quote(book, this.random.next() < 0.5 ? 'buy' : 'sell');
    else this.take(book);
  }

  /**
   * Runs `ratePerSecond` steps a second until stop(); 0 does nothing. Several steps run per
   * timer tick when the rate is above the timer's resolution (paced-steps.ts).
   */
  start(ratePerSecond: number): void {
    if (ratePerSecond <= 0 || this.stopTimer) return;
    this.stopTimer = startPaced(ratePerSecond, () => this.step());
  }

  stop(): void {
    this.stopTimer?.();
    this.stopTimer = null;
  }

  private quote(book: BookFlow, side: 'buy' | 'sell'): void {
    const { inst } = book;
    book.quotes = book.quotes.filter((id) => {
      const o = this.deps.orders.orders.get(id);
      return o !== undefined && isPending(o);
    });
    const mine = book.quotes.filter((id) => this.deps.orders.orders.get(id)?.side === side);
    if (mine.length >= QUOTES_PER_SIDE) this.attempt(() => this.deps.orders.cancel(MAKER_UID, { orderId: mine[0]! }));
    const distance = this.random.int(1, 10) * book.stepTicks;
    const priceTicks = side === 'buy' ? book.midTicks - distance : book.midTicks + distance;
    const lots = book.baseLots * this.random.int(1, 20);
    this.attempt(() => {
      const { orderId } = this.deps.orders.place(MAKER_UID, {
        category: inst.category, symbol: inst.symbol, orderType: 'limit', side,
        price: ticksText(inst, priceTicks), qty: lotsText(inst, lots), timeInForce: 'post_only',
      });
      book.quotes.push(orderId);
    });
  }

  private take(book: BookFlow): void {
    const { inst } = book;
    const side = this.random.next() < 0.5 ? 'buy' : 'sell';
    const reach = 6 * book.stepTicks;
    const priceTicks = side === 'buy' ? book.midTicks + reach : Math.max(1, book.midTicks - reach);
    const lots = book.baseLots * this.random.int(1, 8);
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
