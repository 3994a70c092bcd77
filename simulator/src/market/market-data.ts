// Public market state read from the one engine: the true aggregated book per instrument
// (what the WebSocket depth channels publish, with the `book.level` events as changes),
// last trade prices, futures mark prices (spec 6.2: pushed as they change), and the USD
// valuations the assets endpoint needs.
import type { TradedCategory } from '@contract/schemas/common';
import type { EventBus } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { MatchingEngine } from '../engine/matching-engine';
import { bookKeyOf, type Instrument, type InstrumentRegistry } from '../instruments/instrument-registry';
import { referenceUsdPrices } from '../instruments/instrument-specs';
import { fmtMoneyAt, money } from '../core/money';
import { lotsText, ticksText } from '../trading/sim-order';
import type { TradingMarket } from '../trading/trading-market';

export interface DepthRow {
  price: string;
  size: string;
  priceTicks: number;
  lots: number;
  orderCount: number;
}

export interface Depth {
  bids: DepthRow[];
  asks: DepthRow[];
}

export class MarketData implements TradingMarket {
  private readonly marks = new Map<string, bigint>();
  private readonly lastPrices = new Map<string, bigint>();
  private readonly priceListeners: ((symbol: string) => void)[] = [];

  constructor(
    private readonly engine: MatchingEngine,
    private readonly instruments: InstrumentRegistry,
    private readonly bus: EventBus,
    private readonly clock: Clock,
  ) {
    for (const i of instruments.all) {
      if (i.category === 'usdt-futures') this.marks.set(i.symbol, money(i.referencePrice));
    }
  }

  /** The best `n` aggregated levels of each side (spot and margin share the spot book). */
  depth(category: TradedCategory, symbol: string, n = 400): Depth {
    const inst = this.instruments.get(category, symbol);
    const rows = (side: 'buy' | 'sell') =>
      this.engine.depth(inst.bookKey, side, n).map((l) => ({
        price: ticksText(inst, l.priceTicks),
        size: lotsText(inst, l.totalLots),
        priceTicks: l.priceTicks,
        lots: l.totalLots,
        orderCount: l.orderCount,
      }));
    return { bids: rows('buy'), asks: rows('sell') };
  }

  /** Mid of the best bid and ask in money units, or undefined when a side is empty. */
  mid(inst: Instrument): bigint | undefined {
    const bid = this.engine.bestBid(inst.bookKey);
    const ask = this.engine.bestAsk(inst.bookKey);
    if (bid === null || ask === null) return undefined;
    return ((BigInt(bid) + BigInt(ask)) * inst.tickMoney) / 2n;
  }

  recordTrade(inst: Instrument, price: bigint): void {
    this.lastPrices.set(inst.bookKey, price);
    if (inst.category === 'usdt-futures') this.priceMoved(inst.symbol);
  }

  lastPriceOf(inst: Instrument): bigint | undefined {
    return this.lastPrices.get(inst.bookKey);
  }

  /**
   * Sets a futures book's last price without a trade (the admin routes' "move the last
   * price", for tests of triggers on the market price); the public tape and candles keep
   * following real trades only.
   */
  setLastPrice(symbol: string, price: bigint): void {
    const inst = this.instruments.get('usdt-futures', symbol);
    this.lastPrices.set(inst.bookKey, price);
    this.priceMoved(symbol);
  }

  onPriceMoved(listener: (symbol: string) => void): void {
    this.priceListeners.push(listener);
  }

  private priceMoved(symbol: string): void {
    for (const l of this.priceListeners) l(symbol);
  }

  /** Mid, else last trade, else the reference price. */
  fairPrice(inst: Instrument): bigint {
    return this.mid(inst) ?? this.lastPrices.get(inst.bookKey) ?? money(inst.referencePrice);
  }

  markOf(symbol: string): bigint {
    const mark = this.marks.get(symbol);
    if (mark === undefined) throw new Error(`no mark price for ${symbol}`);
    return mark;
  }

  /** Sets a futures mark price (the market flow does it from the mid) and emits `mark`. */
  setMark(symbol: string, price: bigint): void {
    const inst = this.instruments.get('usdt-futures', symbol);
    this.marks.set(symbol, price);
    this.bus.emit({ type: 'mark', ts: this.clock.now(), category: 'usdt-futures', symbol, markPrice: fmtMoneyAt(price, inst.priceScale) });
    this.priceMoved(symbol);
  }

  /** Best opposite price for a taker on `side`, in money units, if any. */
  bestOpposite(inst: Instrument, side: 'buy' | 'sell'): bigint | undefined {
    const ticks = side === 'buy' ? this.engine.bestAsk(inst.bookKey) : this.engine.bestBid(inst.bookKey);
    return ticks === null ? undefined : BigInt(ticks) * inst.tickMoney;
  }

  /** USD value of one coin, money units (USDT counts as 1 USD). */
  usdPrice(coin: string): bigint {
    const ref = referenceUsdPrices[coin];
    if (ref !== undefined) return money(ref);
    const spot = this.instruments.find('spot', `${coin}USDT`);
    return spot ? this.fairPrice(spot) : 0n;
  }

  bookKey(category: TradedCategory, symbol: string): string {
    return bookKeyOf(category, symbol);
  }
}
