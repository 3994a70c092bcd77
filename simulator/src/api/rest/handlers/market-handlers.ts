// The public market endpoints (issue 18; market-data.md), answered from the simulator's
// own trades and books (market/public-market.ts).
import type { TradedCategory } from '@contract/schemas/common';
import { CANDLES_MAX_LIMIT, HISTORY_CANDLES_MAX_LIMIT, type CandleInterval } from '@contract/schemas/market';
import type { Instrument, InstrumentRegistry } from '../../../instruments/instrument-registry';
import type { MarketData } from '../../../market/market-data';
import type { PublicMarket } from '../../../market/public-market';
import { paramError } from '../../../core/sim-error';
import { lotsText, ticksText } from '../../../trading/sim-order';
import type { HandlerRegistry } from '../handler-registry';

export interface MarketHandlerDeps {
  instruments: InstrumentRegistry;
  market: MarketData;
  publicMarket: PublicMarket;
}

export function registerMarketHandlers(handlers: HandlerRegistry, { instruments, market, publicMarket }: MarketHandlerDeps): void {
  /** An instrument the simulator lists, or a 40017 naming the field that is wrong. */
  const instrument = (category: string, symbol: string): Instrument => {
    const inst = instruments.find(category as TradedCategory, symbol);
    if (inst) return inst;
    if (!instruments.all.some((i) => i.category === category)) throw paramError('category', `the simulator lists no ${category} instruments`);
    throw paramError('symbol', `no ${category} instrument ${symbol}`);
  };
  const ofCategory = (category: string, symbol: string | undefined): Instrument[] => {
    if (symbol !== undefined) return [instrument(category, symbol)];
    const list = instruments.all.filter((i) => i.category === category);
    if (list.length === 0) throw paramError('category', `the simulator lists no ${category} instruments`);
    return list;
  };

  // ts is market time (public-market.ts), the clock the 24 h window is counted on.
  handlers.set('tickers', (q) =>
    ofCategory(q.category, q.symbol).map((inst) => ({ category: inst.category.toUpperCase(), symbol: inst.symbol, ts: String(publicMarket.now()), ...publicMarket.ticker(inst.category, inst.symbol) })),
  );

  handlers.set('orderbook', (q, ctx) => {
    const inst = instrument(q.category, q.symbol);
    const depth = market.depth(inst.category, inst.symbol, Number(q.limit ?? '5'));
    return { a: depth.asks.map((l) => [l.price, l.size] as [string, string]), b: depth.bids.map((l) => [l.price, l.size] as [string, string]), ts: String(ctx.now) };
  });

  const candles = (max: number, fallback: number) => (q: { category: string; symbol: string; interval: CandleInterval; startTime?: string | undefined; endTime?: string | undefined; type?: string | undefined; limit?: string | undefined }) => {
    const inst = instrument(q.category, q.symbol);
    if (q.type !== undefined && q.type !== 'market') throw paramError('type', `the simulator builds market candles only, not ${q.type}`);
    const end = q.endTime !== undefined ? Number(q.endTime) : publicMarket.now();
    const start = q.startTime !== undefined ? Number(q.startTime) : 0;
    return publicMarket.candleRows(inst.category, inst.symbol, q.interval, start, end, Math.min(max, Number(q.limit ?? fallback))) as [string, string, string, string, string, string, string][];
  };
  handlers.set('candles', candles(CANDLES_MAX_LIMIT, CANDLES_MAX_LIMIT));
  handlers.set('historyCandles', candles(HISTORY_CANDLES_MAX_LIMIT, HISTORY_CANDLES_MAX_LIMIT));

  handlers.set('publicFills', (q) => {
    const inst = instrument(q.category, q.symbol);
    return publicMarket.recentTrades(inst.category, inst.symbol, Number(q.limit ?? '100')).map((t) => ({
      execId: t.id, execLinkId: t.id, price: ticksText(inst, t.priceTicks), size: lotsText(inst, t.lots), side: t.side, ts: String(t.ts), isRPI: 'no',
    }));
  });

  const futures = (category: string | undefined, symbol: string | undefined): Instrument[] => {
    if (category !== undefined && category !== 'usdt-futures') throw paramError('category', `the simulator lists no ${category} instruments`);
    return ofCategory('usdt-futures', symbol);
  };

  handlers.set('currentFundingRate', (q) =>
    futures(q.category, q.symbol).map((inst) => {
      const f = publicMarket.funding(inst);
      return { symbol: inst.symbol, fundingRate: f.rate, fundingRateInterval: '8', nextUpdate: String(f.next), minFundingRate: '-0.003', maxFundingRate: '0.003', cashDividend: '0', cashDividendNextUpdate: '0' };
    }),
  );

  handlers.set('fundingRateHistory', (q) => {
    const [inst] = futures(q.category, q.symbol);
    const limit = Number(q.limit ?? '20');
    const page = Number(q.cursor ?? '1');
    const newestFirst = [...publicMarket.fundingHistoryOf(inst!.symbol)].reverse();
    return { resultList: newestFirst.slice((page - 1) * limit, page * limit).map((r) => ({ symbol: inst!.symbol, fundingRate: r.rate, fundingRateTimestamp: String(r.ts) })) };
  });

  handlers.set('openInterest', (q, ctx) => ({
    list: futures(q.category, q.symbol).map((inst) => ({ symbol: inst.symbol, openInterest: publicMarket.openInterest(inst) })),
    ts: String(ctx.now),
  }));
}
