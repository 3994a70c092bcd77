// Public market data (issue 18): tickers, candles, recent public fills, funding and open
// interest over REST (the reference docs' market-data.md, v3 paths), and the public
// WebSocket topics `ticker`, `kline` and `publicTrade` (websocket.md). Prices, sizes and
// volumes stay decimal strings; times are Unix milliseconds as digits.
import { z } from 'zod';
import { category, decimalString, intString, msString, signedDecimalString, symbol } from './common';
import { timeRangeRule } from './pagination';

// ---- Candle intervals -------------------------------------------------------------------

/** The documented candle intervals, shortest first, with their length in milliseconds. */
export const candleIntervalMs = {
  '1m': 60_000,
  '3m': 180_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1H': 3_600_000,
  '4H': 14_400_000,
  '6H': 21_600_000,
  '12H': 43_200_000,
  '1D': 86_400_000,
} as const;
export type CandleInterval = keyof typeof candleIntervalMs;
export const candleIntervals = Object.keys(candleIntervalMs) as [CandleInterval, ...CandleInterval[]];
export const candleInterval = z.enum(candleIntervals, { error: `must be one of ${candleIntervals.join(', ')}` });

/** The start of the interval that holds `ms` (intervals are aligned to the Unix epoch, in UTC). */
export function candleStart(ms: number, interval: CandleInterval): number {
  const len = candleIntervalMs[interval];
  return ms - (((ms % len) + len) % len);
}

/**
 * The most candles one call answers. market-data.md says candles serves "up to 1,000"
 * (its table's "Maximum: 100" contradicts its own default of 1000; we take the
 * description), and history-candles at most 100.
 */
export const CANDLES_MAX_LIMIT = 1000;
export const HISTORY_CANDLES_MAX_LIMIT = 100;
/** history-candles serves a range of at most 90 days. */
export const HISTORY_CANDLES_MAX_RANGE_MS = 90 * 86_400_000;

const limitUpTo = (max: number) =>
  intString.refine((s) => Number(s) >= 1 && Number(s) <= max, `must be a whole number from 1 to ${max}`);

const candleKind = z.enum(['market', 'mark', 'index', 'premium'], { error: 'must be one of market, mark, index, premium' });

const candlesQueryShape = {
  category,
  symbol,
  interval: candleInterval,
  startTime: msString.optional(),
  endTime: msString.optional(),
  type: z.string().transform((s) => s.toLowerCase()).pipe(candleKind).optional(),
  limit: limitUpTo(CANDLES_MAX_LIMIT).optional(),
};

/** GET /api/v3/market/candles: the newest candles ending at endTime (default now). */
export const candlesQuery = z.strictObject(candlesQueryShape).superRefine(timeRangeRule);

/** GET /api/v3/market/history-candles: the same, for a range of at most 90 days. */
export const historyCandlesQuery = z
  .strictObject({ ...candlesQueryShape, limit: limitUpTo(HISTORY_CANDLES_MAX_LIMIT).optional() })
  .superRefine(timeRangeRule)
  .refine((q) => !(q.startTime && q.endTime && BigInt(q.endTime) - BigInt(q.startTime) > BigInt(HISTORY_CANDLES_MAX_RANGE_MS)), {
    message: 'must be at most 90 days after startTime',
    path: ['endTime'],
  });

/**
 * One candle: [start, open, high, low, close, volume (base coin), turnover (quote coin)].
 * Answers list candles oldest first.
 */
export const candleRow = z.tuple([msString, decimalString, decimalString, decimalString, decimalString, decimalString, decimalString]);
export type CandleRow = z.infer<typeof candleRow>;
export const candleList = z.array(candleRow);

// ---- Tickers --------------------------------------------------------------------------

export const tickersQuery = z.strictObject({ category, symbol: symbol.optional() });

const tickerFields = {
  lastPrice: decimalString,
  openPrice24h: decimalString,
  highPrice24h: decimalString,
  lowPrice24h: decimalString,
  ask1Price: z.union([z.literal(''), decimalString]),
  bid1Price: z.union([z.literal(''), decimalString]),
  ask1Size: z.union([z.literal(''), decimalString]),
  bid1Size: z.union([z.literal(''), decimalString]),
  price24hPcnt: signedDecimalString,
  volume24h: decimalString,
  turnover24h: decimalString,
  // Futures only.
  indexPrice: decimalString.optional(),
  markPrice: decimalString.optional(),
  fundingRate: signedDecimalString.optional(),
  openInterest: decimalString.optional(),
  /** Push only (websocket.md): the next funding settlement, Unix ms. */
  nextFundingTime: z.union([z.literal(''), msString]).optional(),
  deliveryStartTime: z.string().optional(),
  deliveryTime: z.string().optional(),
  deliveryStatus: z.string().optional(),
};

export const tickerRow = z.object({ category: z.string().transform((s) => s.toLowerCase()), symbol: z.string(), ts: msString, ...tickerFields });
export type TickerRow = z.infer<typeof tickerRow>;
export const tickerList = z.array(tickerRow);

// ---- Order book snapshot --------------------------------------------------------------

export const orderbookQuery = z.strictObject({ category, symbol, limit: limitUpTo(200).optional() });

/** The docs show levels as JSON numbers; the desk keeps them as the decimal text they were sent as. */
const bookNumber = z.union([decimalString, z.number().nonnegative().transform((n) => String(n))]).pipe(decimalString);
export const orderbookSnapshot = z.object({
  a: z.array(z.tuple([bookNumber, bookNumber])),
  b: z.array(z.tuple([bookNumber, bookNumber])),
  ts: msString,
});

// ---- Recent public fills --------------------------------------------------------------

export const publicFillsQuery = z.strictObject({ category, symbol, limit: limitUpTo(100).optional() });

export const publicFillRow = z.object({
  execId: z.string().min(1),
  execLinkId: z.string(),
  price: decimalString,
  size: decimalString,
  side: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(['buy', 'sell'])),
  ts: msString,
  isRPI: z.string().optional(),
});
export type PublicFillRow = z.infer<typeof publicFillRow>;
/** Newest first, as the exchange lists them. */
export const publicFillList = z.array(publicFillRow);

// ---- Funding and open interest --------------------------------------------------------

export const fundingRateQuery = z.strictObject({ category: category.optional(), symbol: symbol.optional() });
export const currentFundingRow = z.object({
  symbol: z.string(),
  fundingRate: signedDecimalString,
  /** Hours between settlements: 1, 2, 4 or 8. */
  fundingRateInterval: intString,
  nextUpdate: msString,
  minFundingRate: signedDecimalString,
  maxFundingRate: signedDecimalString,
  cashDividend: z.string().optional(),
  cashDividendNextUpdate: z.string().optional(),
});
export type CurrentFundingRow = z.infer<typeof currentFundingRow>;
export const currentFundingList = z.array(currentFundingRow);

export const fundingHistoryQuery = z.strictObject({ category, symbol, cursor: limitUpTo(100).optional(), limit: limitUpTo(100).optional() });
export const fundingHistory = z.object({
  resultList: z.array(z.object({ symbol: z.string(), fundingRate: signedDecimalString, fundingRateTimestamp: msString })),
});

export const openInterestQuery = z.strictObject({ category, symbol: symbol.optional() });
export const openInterest = z.object({ list: z.array(z.object({ symbol: z.string(), openInterest: decimalString })), ts: msString });

// ---- WebSocket topics -----------------------------------------------------------------

const wsInstType = z.string().transform((s) => s.toLowerCase()).pipe(z.enum(['spot', 'usdt-futures', 'coin-futures', 'usdc-futures'], { error: 'must be one of spot, usdt-futures, coin-futures, usdc-futures' }));
const wsSymbol = z.string().regex(/^[A-Z0-9]{2,32}$/, 'symbol must be upper-case letters and digits, like BTCUSDT');

export const tickerArg = z.object({ instType: wsInstType, topic: z.literal('ticker'), symbol: wsSymbol });
export const klineArg = z.object({ instType: wsInstType, topic: z.literal('kline'), symbol: wsSymbol, interval: candleInterval });
export const publicTradeArg = z.object({ instType: wsInstType, topic: z.literal('publicTrade'), symbol: wsSymbol });
/** The market topics beside the depth channels (ws-depth.ts). */
export const marketTopicArg = z.discriminatedUnion('topic', [tickerArg, klineArg, publicTradeArg]);
export type MarketTopicArg = z.infer<typeof marketTopicArg>;
export const marketTopics = ['ticker', 'kline', 'publicTrade'] as const;

/** A ticker push item: the REST ticker's fields, without category and symbol (they are in the arg). */
export const tickerPushItem = z.object(tickerFields);
export type TickerPushItem = z.infer<typeof tickerPushItem>;

/** A kline push item: the candle as named fields. */
export const klinePushItem = z.object({ start: msString, open: decimalString, high: decimalString, low: decimalString, close: decimalString, volume: decimalString, turnover: decimalString });
export type KlinePushItem = z.infer<typeof klinePushItem>;

/** A publicTrade push item (websocket.md: i id, L link id, p price, v size, S side, T time). */
export const publicTradePushItem = z.object({
  i: z.string().min(1),
  L: z.string().optional(),
  p: decimalString,
  v: decimalString,
  S: z.string().transform((s) => s.toLowerCase()).pipe(z.enum(['buy', 'sell'])),
  T: msString,
  isRPI: z.string().optional(),
});
export type PublicTradePushItem = z.infer<typeof publicTradePushItem>;

/** The push envelope of every market topic. */
export function marketPush<T extends z.ZodType>(item: T) {
  return z.object({ arg: z.record(z.string(), z.unknown()), action: z.enum(['snapshot', 'update']), data: z.array(item), ts: z.number() });
}
