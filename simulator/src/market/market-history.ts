// The history a fresh simulator starts with (issue 18): for each book, `days` of trades,
// a few a minute, ending at the reference price in the minute before `now`, so charts open
// full and the live market continues where the history ends. Deterministic for a seed.
//
// The price walks as a geometric random walk with about 65% a year of volatility and an
// occasional jump; it is generated backwards from the reference price (a random walk looks
// the same both ways), then the trades of each minute are laid between the minute's open
// and close. Every candle is built from these trades, so volume and turnover are sums of
// real fills, like the live ones.
import type { Instrument } from '../instruments/instrument-registry';
import { money, ONE } from '../core/money';
import { SeededRandom } from '../core/seeded-random';
import type { CandleSeries } from './candle-series';

const MINUTE = 60_000;
const MINUTES_A_YEAR = 525_600;
export const ANNUAL_VOLATILITY = 0.65;
/** One jump in about this many minutes, of 1% to 3% either way. */
const JUMP_EVERY_MINUTES = 3_000;
/** The typical trade, in quote coin: sizes are log-normal around it. */
const TYPICAL_TRADE_QUOTE = 4_000;

/** A standard normal draw (Box-Muller) from the seeded generator. */
export function normal(random: SeededRandom): number {
  const u = Math.max(random.next(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.next());
}

/** A seed per book, so adding a book does not change the others' history. */
export function bookSeed(seed: number, bookKey: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < bookKey.length; i++) h = Math.imul(h ^ bookKey.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

export interface HistoryOptions {
  days: number;
  seed: number;
  /** Unix ms; the history ends with the minute before this one. */
  now: number;
}

/** Fills `series` with the book's history; returns the number of trades made. */
export function seedHistory(series: CandleSeries, inst: Instrument, { days, seed, now }: HistoryOptions): number {
  const random = new SeededRandom(bookSeed(seed, inst.bookKey));
  const minutes = days * 1_440;
  const sigma = ANNUAL_VOLATILITY / Math.sqrt(MINUTES_A_YEAR);
  const referenceTicks = Number(money(inst.referencePrice) / inst.tickMoney);

  // Closes, newest last: walk back from the reference price.
  const closes = new Float64Array(minutes + 1);
  closes[minutes] = referenceTicks;
  for (let m = minutes; m > 0; m--) {
    let r = sigma * normal(random);
    if (random.next() < 1 / JUMP_EVERY_MINUTES) r += (random.next() < 0.5 ? -1 : 1) * (0.01 + 0.02 * random.next());
    closes[m - 1] = closes[m]! * Math.exp(-r);
  }

  const lotsPerQuote = Number(ONE) / Number(inst.lotMoney);
  const firstMinute = Math.floor(now / MINUTE) - minutes;
  let trades = 0;
  for (let m = 0; m < minutes; m++) {
    const from = closes[m]!;
    const to = closes[m + 1]!;
    // A few trades a minute, now and then a burst.
    const n = random.next() < 0.05 ? random.int(10, 30) : random.int(2, 6);
    const start = (firstMinute + m) * MINUTE;
    for (let k = 1; k <= n; k++) {
      const along = from + ((to - from) * k) / n;
      const ticks = Math.max(1, Math.round(along * (1 + sigma * 0.3 * normal(random))));
      const quote = TYPICAL_TRADE_QUOTE * Math.exp(0.9 * normal(random));
      const price = (ticks * Number(inst.tickMoney)) / Number(ONE);
      const lots = Math.max(inst.minLots, Math.round((quote / price) * lotsPerQuote));
      series.add(start + Math.floor((k * MINUTE) / (n + 1)), ticks, lots);
      trades++;
    }
  }
  return trades;
}
