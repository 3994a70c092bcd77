// The market as trading sees it: the best opposite price and the mark that size a market
// order's lock, and the price of each trade it makes. market/market-data.ts implements it
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
}
