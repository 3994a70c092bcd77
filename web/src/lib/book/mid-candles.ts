// The live price chart's data: the book's mid price sampled into candles of a fixed
// interval. Values are integer "double ticks" (bid + ask, exact); the chart converts to
// a display number at the edge.

export interface Candle {
  /** Bucket start, seconds (lightweight-charts' UTCTimestamp). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export class CandleSeries {
  readonly candles: Candle[] = [];

  constructor(
    readonly intervalSec: number,
    private readonly maxCandles = 2_000,
  ) {}

  /** Adds a sample; returns the candle it changed (new or updated). */
  add(timeMs: number, value: number): Candle {
    const time = Math.floor(timeMs / 1000 / this.intervalSec) * this.intervalSec;
    const last = this.candles.at(-1);
    if (last && time <= last.time) {
      // Samples never move a finished candle: a late one goes into the current.
      last.high = Math.max(last.high, value);
      last.low = Math.min(last.low, value);
      last.close = value;
      return last;
    }
    const candle = { time, open: last?.close ?? value, high: value, low: value, close: value };
    candle.high = Math.max(candle.open, value);
    candle.low = Math.min(candle.open, value);
    this.candles.push(candle);
    if (this.candles.length > this.maxCandles) this.candles.splice(0, this.candles.length - this.maxCandles);
    return candle;
  }
}
