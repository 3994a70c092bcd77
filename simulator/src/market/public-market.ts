// The public market view of every book (issue 18): the recent trades tape, candles built
// from every trade, 24-hour tickers, and for futures the index and mark prices, funding
// rate and open interest. It listens to the engine's `trade` events, so users' trades and
// the synthetic flow's count alike.
//
// Market time: candles and the tape are stamped with the simulator clock plus an offset
// that `advance(ms)` moves (POST /__sim/clock/advance), so a test can turn the minute
// without waiting for it. Signatures and order times keep the real clock.
import type { TradedCategory } from '@contract/schemas/common';
import type { z } from 'zod';
import { fromScaled } from '@contract/core/decimal';
import { candleStart, type CandleInterval, type tickerPushItem } from '@contract/schemas/market';
import type { EventBus, SimEventOf } from '../bus/event-bus';
import type { Clock } from '@contract/core/clock';
import type { MatchingEngine } from '../engine/matching-engine';
import type { Instrument, InstrumentRegistry } from '../instruments/instrument-registry';
import { fmtMoneyAt, money } from '../core/money';
import type { PositionBook } from '../trading/position-book';
import { lotsText, ticksText } from '../trading/sim-order';
import { CandleSeries, type ScaledCandle } from './candle-series';
import type { MarketData } from './market-data';
import { seedHistory } from './market-history';

const DAY = 86_400_000;
/** Trades kept per book for the tape and GET /api/v3/market/fills. */
export const TAPE_LENGTH = 500;
/** Funding settles every 8 hours, at 00:00, 08:00 and 16:00 UTC. */
export const FUNDING_INTERVAL_HOURS = 8;
const FUNDING_MS = FUNDING_INTERVAL_HOURS * 3_600_000;
/** Funding rate bounds in millionths: the docs' example uses ±0.3%. */
const FUNDING_CAP_MICROS = 3_000n;

export interface PublicTrade {
  /** Execution id: the trade id both sides' fills carry. */
  id: string;
  priceTicks: number;
  lots: number;
  /** The aggressor's side. */
  side: 'buy' | 'sell';
  /** Market time, Unix ms. */
  ts: number;
}

interface BookView {
  inst: Instrument;
  series: CandleSeries;
  tape: PublicTrade[];
}

export type TradeListener = (inst: Instrument, trades: readonly PublicTrade[]) => void;
/** Called at each funding settlement of a futures instrument, with the rate that settles. */
export type FundingSettler = (inst: Instrument, rate: string) => void;

export class PublicMarket {
  private readonly books = new Map<string, BookView>();
  private readonly listeners = new Set<TradeListener>();
  private offsetMs = 0;
  /** Settled funding rates per futures symbol, newest last. */
  private readonly fundingHistory = new Map<string, { rate: string; ts: number }[]>();
  /** The next settlement time in market time; funding before it has been settled. */
  private nextSettlement: number;
  /** Pays funding to open positions (server.ts wires funding-settlement.ts). */
  settleFunding: FundingSettler = () => undefined;

  constructor(
    private readonly instruments: InstrumentRegistry,
    private readonly market: MarketData,
    private readonly engine: MatchingEngine,
    private readonly positions: PositionBook,
    bus: EventBus,
    private readonly clock: Clock,
  ) {
    for (const key of instruments.bookKeys()) {
      const inst = instruments.primaryOf(key);
      this.books.set(key, { inst, series: new CandleSeries(), tape: [] });
    }
    bus.on('trade', (e) => this.onTrade(e));
    this.nextSettlement = Math.floor(this.now() / FUNDING_MS) * FUNDING_MS + FUNDING_MS;
  }

  /** Market time: the simulator clock plus what tests advanced it by. */
  now(): number {
    return this.clock.now() + this.offsetMs;
  }

  /** Moves market time forward (a test turns the minute); returns the total offset. */
  advance(ms: number): number {
    this.offsetMs += ms;
    this.settleDue();
    return this.offsetMs;
  }

  /** Settles funding for every settlement time market time has passed (once each, in order). */
  settleDue(): void {
    const now = this.now();
    while (this.nextSettlement <= now) {
      const ts = this.nextSettlement;
      for (const view of this.books.values()) {
        if (view.inst.category !== 'usdt-futures') continue;
        const { rate } = this.funding(view.inst);
        this.settleFunding(view.inst, rate);
        let list = this.fundingHistory.get(view.inst.symbol);
        if (!list) this.fundingHistory.set(view.inst.symbol, (list = []));
        list.push({ rate, ts });
      }
      this.nextSettlement += FUNDING_MS;
    }
  }

  /** Generates `days` of history for every book (deterministic for the seed). */
  seedHistory(days: number, seed: number): number {
    let trades = 0;
    const now = this.now();
    for (const view of this.books.values()) trades += seedHistory(view.series, view.inst, { days, seed, now });
    for (const view of this.books.values()) {
      if (view.inst.category !== 'usdt-futures') continue;
      const list: { rate: string; ts: number }[] = [];
      for (let ts = Math.floor(now / FUNDING_MS) * FUNDING_MS - days * DAY; ts <= now; ts += FUNDING_MS) list.push({ rate: '0.0001', ts });
      this.fundingHistory.set(view.inst.symbol, list);
    }
    return trades;
  }

  onTrades(listener: TradeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The book an instrument trades on (margin pairs on the spot book). */
  viewOf(category: TradedCategory, symbol: string): { inst: Instrument; series: CandleSeries; tape: readonly PublicTrade[] } {
    const inst = this.instruments.get(category, symbol);
    const view = this.books.get(inst.bookKey);
    if (!view) throw new Error(`no book ${inst.bookKey}`);
    return view;
  }

  /** Candles as the API answers them: [start, open, high, low, close, volume, turnover] text. */
  candleRows(category: TradedCategory, symbol: string, interval: CandleInterval, startMs: number, endMs: number, limit: number): string[][] {
    const { inst, series } = this.viewOf(category, symbol);
    return series.candles(interval, startMs, endMs, limit).map((c) => candleRow(inst, c));
  }

  /** The newest trades first, at most `limit`. */
  recentTrades(category: TradedCategory, symbol: string, limit: number): PublicTrade[] {
    const { tape } = this.viewOf(category, symbol);
    return tape.slice(-limit).reverse();
  }

  /** The last 24 hours: the 1,440 one-minute candles up to and including the current minute. */
  day(category: TradedCategory, symbol: string): ScaledCandle | null {
    const { series } = this.viewOf(category, symbol);
    const end = candleStart(this.now(), '1m') + 60_000;
    return series.aggregate(end - DAY, end);
  }

  /** A ticker row of GET /api/v3/market/tickers (without category and symbol for pushes). */
  ticker(category: TradedCategory, symbol: string): z.input<typeof tickerPushItem> {
    const { inst, series } = this.viewOf(category, symbol);
    const day = this.day(category, symbol);
    const last = series.lastPrice;
    const bid = this.engine.depth(inst.bookKey, 'buy', 1)[0];
    const ask = this.engine.depth(inst.bookKey, 'sell', 1)[0];
    const open = day?.open ?? last;
    // Exact: hundred-thousandths of the open, in integers (bigint division truncates).
    const pcnt = open > 0 ? Number((BigInt(last - open) * 100_000n) / BigInt(open)) : 0;
    const row: z.input<typeof tickerPushItem> = {
      lastPrice: ticksText(inst, last),
      openPrice24h: ticksText(inst, open),
      highPrice24h: ticksText(inst, day?.high ?? last),
      lowPrice24h: ticksText(inst, day?.low ?? last),
      ask1Price: ask ? ticksText(inst, ask.priceTicks) : '',
      bid1Price: bid ? ticksText(inst, bid.priceTicks) : '',
      ask1Size: ask ? lotsText(inst, ask.totalLots) : '',
      bid1Size: bid ? lotsText(inst, bid.totalLots) : '',
      // Five decimals, as the docs' examples (-0.02524).
      price24hPcnt: fivePlaces(pcnt),
      volume24h: lotsText(inst, Number(day?.volumeLots ?? 0n)),
      turnover24h: turnoverText(inst, day?.turnoverTickLots ?? 0n),
    };
    if (inst.category === 'usdt-futures') {
      const funding = this.funding(inst);
      row.indexPrice = fmtMoneyAt(this.indexMoney(inst), inst.priceScale);
      row.markPrice = fmtMoneyAt(this.market.markOf(inst.symbol), inst.priceScale);
      row.fundingRate = funding.rate;
      row.nextFundingTime = String(funding.next);
      row.openInterest = this.openInterest(inst);
      row.deliveryStartTime = '';
      row.deliveryTime = '';
      row.deliveryStatus = '';
    }
    return row;
  }

  /** The current funding rate and the next settlement time of a futures instrument. */
  funding(inst: Instrument): { rate: string; next: number } {
    const index = this.indexMoney(inst);
    const mark = this.market.markOf(inst.symbol);
    // A premium-following rate: 0.01% plus an eighth of the mark's premium over the index,
    // capped; in millionths, integers throughout.
    const premium = index > 0n ? ((mark - index) * 1_000_000n) / index : 0n;
    const raw = 100n + premium / 8n;
    const rate = raw > FUNDING_CAP_MICROS ? FUNDING_CAP_MICROS : raw < -FUNDING_CAP_MICROS ? -FUNDING_CAP_MICROS : raw;
    return { rate: fromScaled(rate, 6), next: Math.floor(this.now() / FUNDING_MS) * FUNDING_MS + FUNDING_MS };
  }

  fundingHistoryOf(symbol: string): readonly { rate: string; ts: number }[] {
    return this.fundingHistory.get(symbol) ?? [];
  }

  /** Open interest: the long side's size over every account, in base coin. */
  openInterest(inst: Instrument): string {
    let lots = 0;
    for (const p of this.positions.openOn(inst.symbol)) if (p.posSide === 'long') lots += p.lots;
    return lotsText(inst, lots);
  }

  /** The index of a futures symbol: the spot book's fair price of the same pair. */
  private indexMoney(inst: Instrument): bigint {
    const spot = this.instruments.find('spot', inst.symbol);
    return spot ? this.market.fairPrice(spot) : money(inst.referencePrice);
  }

  private onTrade(e: SimEventOf<'trade'>): void {
    const inst = this.instruments.get(e.category, e.symbol);
    const view = this.books.get(inst.bookKey);
    if (!view) return;
    const trade: PublicTrade = { id: e.tradeId, priceTicks: e.priceTicks, lots: e.lots, side: e.side, ts: e.ts + this.offsetMs };
    view.series.add(trade.ts, trade.priceTicks, trade.lots);
    view.tape.push(trade);
    if (view.tape.length > TAPE_LENGTH * 2) view.tape.splice(0, view.tape.length - TAPE_LENGTH);
    for (const listener of this.listeners) listener(view.inst, [trade]);
    if (trade.ts >= this.nextSettlement) this.settleDue();
  }
}

/** A candle in the API's text form. */
export function candleRow(inst: Instrument, c: ScaledCandle): string[] {
  return [String(c.start), ticksText(inst, c.open), ticksText(inst, c.high), ticksText(inst, c.low), ticksText(inst, c.close), lotsText(inst, Number(c.volumeLots)), turnoverText(inst, c.turnoverTickLots)];
}

/** ticks x lots in quote coin: exact, at the price and size decimals together. */
export function turnoverText(inst: Instrument, tickLots: bigint): string {
  return fmtMoneyAt((tickLots * inst.tickMoney * inst.lotMoney) / 10n ** 18n, inst.quoteScale);
}

function fivePlaces(hundredThousandths: number): string {
  const sign = hundredThousandths < 0 ? '-' : '';
  const digits = String(Math.abs(hundredThousandths)).padStart(6, '0');
  return `${sign}${digits.slice(0, -5)}.${digits.slice(-5)}`;
}
