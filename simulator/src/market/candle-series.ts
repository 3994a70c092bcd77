// One book's 1-minute candles, built from its trades, and every longer interval
// aggregated from them on demand (issue 18). Prices are integer ticks and sizes integer
// lots; turnover is kept as the exact sum of ticks x lots, so volume and turnover never
// round however many trades or candles are summed (bigint once sums outgrow 2^53).
//
// Storage is one slot per minute in growable typed arrays from the first minute on: a
// month of history is 43,200 slots a book, a few MB for every book together, and a
// minute is found by index, not by search.
import { candleIntervalMs, candleStart, type CandleInterval } from '@contract/schemas/market';

const MINUTE = 60_000;

/** A candle in integer units: prices in ticks, volume in lots, turnover in ticks x lots. */
export interface ScaledCandle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volumeLots: bigint;
  turnoverTickLots: bigint;
}

export class CandleSeries {
  private firstMinute = -1;
  private count = 0;
  private open = new Float64Array(0);
  private high = new Float64Array(0);
  private low = new Float64Array(0);
  private close = new Float64Array(0);
  private volume = new Float64Array(0);
  /** Per-minute turnover in ticks x lots; a float64 holds it exactly below 2^53. */
  private turnover = new Float64Array(0);
  private lastTicks = 0;

  /** The last trade's price in ticks, or 0 before any. */
  get lastPrice(): number {
    return this.lastTicks;
  }

  /** The start of the newest minute with a slot, or -1 when there is none. */
  get newestMinute(): number {
    return this.count === 0 ? -1 : (this.firstMinute + this.count - 1) * MINUTE;
  }

  get oldestMinute(): number {
    return this.count === 0 ? -1 : this.firstMinute * MINUTE;
  }

  /** Adds one trade. Trades arrive in time order; one older than the newest minute joins that minute. */
  add(ms: number, priceTicks: number, lots: number): void {
    let minute = Math.floor(ms / MINUTE);
    if (this.count === 0) this.firstMinute = minute;
    minute = Math.max(minute, this.firstMinute + this.count - 1);
    const i = this.slot(minute);
    if (this.volume[i] === 0) {
      this.open[i] = this.high[i] = this.low[i] = priceTicks;
    } else {
      if (priceTicks > this.high[i]!) this.high[i] = priceTicks;
      if (priceTicks < this.low[i]!) this.low[i] = priceTicks;
    }
    this.close[i] = priceTicks;
    this.volume[i] = this.volume[i]! + lots;
    const turnover = this.turnover[i]! + priceTicks * lots;
    if (!Number.isSafeInteger(turnover)) throw new RangeError(`one minute's turnover outgrew 2^53 tick-lots (${turnover})`);
    this.turnover[i] = turnover;
    this.lastTicks = priceTicks;
  }

  /**
   * Candles of `interval` whose start lies in [startMs, endMs], oldest first, at most
   * `limit` of them (the newest ones when there are more). Intervals without a trade are
   * left out; a minute without a trade inside a longer interval adds nothing to it.
   */
  candles(interval: CandleInterval, startMs: number, endMs: number, limit: number): ScaledCandle[] {
    if (this.count === 0 || limit <= 0) return [];
    const len = candleIntervalMs[interval];
    const out: ScaledCandle[] = [];
    let bucket = candleStart(Math.min(endMs, this.newestMinute), interval);
    const floor = Math.max(candleStart(startMs, interval), candleStart(this.oldestMinute, interval));
    while (bucket >= floor && out.length < limit) {
      const c = this.aggregate(bucket, bucket + len);
      if (c) out.push(c);
      bucket -= len;
    }
    return out.reverse();
  }

  /** One candle over [fromMs, toMs) from the minutes in it, or null when none traded. */
  aggregate(fromMs: number, toMs: number): ScaledCandle | null {
    const first = Math.max(Math.ceil(fromMs / MINUTE) - this.firstMinute, 0);
    const last = Math.min(Math.ceil(toMs / MINUTE) - this.firstMinute, this.count) - 1;
    let c: ScaledCandle | null = null;
    let turnover = 0;
    let turnoverBig = 0n;
    for (let i = first; i <= last; i++) {
      const v = this.volume[i]!;
      if (v === 0) continue;
      if (!c) c = { start: fromMs, open: this.open[i]!, high: this.high[i]!, low: this.low[i]!, close: this.close[i]!, volumeLots: 0n, turnoverTickLots: 0n };
      if (this.high[i]! > c.high) c.high = this.high[i]!;
      if (this.low[i]! < c.low) c.low = this.low[i]!;
      c.close = this.close[i]!;
      c.volumeLots += BigInt(v);
      turnover += this.turnover[i]!;
      if (turnover > 2 ** 52) {
        turnoverBig += BigInt(turnover);
        turnover = 0;
      }
    }
    if (c) c.turnoverTickLots = turnoverBig + BigInt(turnover);
    return c;
  }

  private slot(minute: number): number {
    const i = minute - this.firstMinute;
    if (i >= this.open.length) this.grow(Math.max(i + 1, this.open.length * 2, 1024));
    // Minutes skipped since the last trade stay empty (zeros).
    if (i >= this.count) this.count = i + 1;
    return i;
  }

  private grow(size: number): void {
    const copy = (a: Float64Array) => {
      const b = new Float64Array(size);
      b.set(a);
      return b;
    };
    this.open = copy(this.open);
    this.high = copy(this.high);
    this.low = copy(this.low);
    this.close = copy(this.close);
    this.volume = copy(this.volume);
    this.turnover = copy(this.turnover);
  }
}
