// The market as trading sees it: the best opposite price and the mark that size a market
// order's lock, the price of each trade it makes, and the last and mark prices the
// strategy orders watch (told when they move). market/market-data.ts implements it
// and server.ts injects it, so trading never imports market/: the market drives trading
// (its flow places orders), not the other way round.
import type { Instrument } from '../instruments/instrument-registry';

export interface TradingMarket {
  /** The best price a `side` order would meet (asks for a buy), in money units; undefined on an empty side. */
  bestOpposite(inst: Instrument, side: 'buy' | 'sell'): bigint | undefined;
  /** The mark price of a futures symbol, in money units. */
  markOf(symbol: string): bigint;
  /** Notes a trade's price as the book's last price. */
  recordTrade(inst: Instrument, price: bigint): void;
  /** The last traded price of an instrument's book, money units; undefined before its first trade. */
  lastPriceOf(inst: Instrument): bigint | undefined;
  /**
   * Tells `listener` the symbol of every futures book whose mark or last price moved. It may
   * be called inside an order service command (a trade): the listener defers its work.
   */
  onPriceMoved(listener: (symbol: string) => void): void;
}
