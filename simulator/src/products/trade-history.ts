// Months of past trading for the trader accounts (issue 21): spot fills on BTCUSDT and
// ETHUSDT over the 180 days before the simulator started, each with its financial
// records (what the fill moved in each coin, and the fee). Deterministic for the account
// and SIM_SEED. They sit before every live record: their IDs are 16 characters wide like
// the live ones but begin with 0, so they sort below them as text and as numbers, and
// cursor paging (spec 4.6) runs from live fills into the seeded ones without a seam.
// The balances of these records are the history's own running totals, not today's.
import { fromScaled } from '@contract/core/decimal';
import type { FillRecordInput } from '../bus/event-bus';
import type { FinancialRecordInput } from '../accounts/account-store';
import { SeededRandom } from '../core/seeded-random';
import type { Simulator } from '../api/simulator-parts';

const DAY_MS = 24 * 3600 * 1000;
export const SEEDED_TRADE_DAYS = 180;
/** The trader accounts with seeded trading (simulator/README.md). */
export const TRADER_UIDS = [1000001, 1000002] as const;

interface Market {
  symbol: string;
  base: string;
  /** Price in cents of USDT, quantity in units of 10^-4 of the base coin. */
  price: [number, number];
  qty: [number, number];
}
const markets: readonly Market[] = [
  { symbol: 'BTCUSDT', base: 'BTC', price: [3_800_000, 4_600_000], qty: [1, 500] },
  { symbol: 'ETHUSDT', base: 'ETH', price: [220_000, 320_000], qty: [10, 5000] },
];

export interface SeededTrades {
  fills: FillRecordInput[];
  records: FinancialRecordInput[];
}

function id(n: number): string {
  return `0${String(n).padStart(15, '0')}`;
}

/** `perDay` fills a day on average for `uid`, oldest first, ending before `anchor`. */
export function seedTrades(uid: number, anchor: number, seed: number, perDay = 8, days = SEEDED_TRADE_DAYS): SeededTrades {
  const rnd = new SeededRandom((uid * 2246822519 + seed * 3266489917) >>> 0);
  const fills: FillRecordInput[] = [];
  const records: FinancialRecordInput[] = [];
  // Running balances in the smallest units: USDT in 10^-6, base coins in 10^-8.
  const balance = new Map<string, bigint>([
    ['USDT', 50_000_000_000n],
    ['BTC', 100_000_000n],
    ['ETH', 1_000_000_000n],
  ]);
  const count = Math.round(perDay * days);
  const start = anchor - days * DAY_MS;
  const step = (days * DAY_MS) / (count + 1);
  let recordNo = uid * 10_000_000;
  for (let i = 0; i < count; i++) {
    const m = markets[rnd.int(0, markets.length - 1)]!;
    const t = Math.floor(start + (i + 1) * step + rnd.int(0, Math.floor(step / 2)));
    const side = rnd.next() < 0.5 ? 'buy' : 'sell';
    const priceCents = rnd.int(...m.price);
    const qtyUnits = rnd.int(...m.qty);
    // value (USDT 10^-6) = price (10^-2) * qty (10^-4); the fee is 0.1% of the value.
    const value = BigInt(priceCents) * BigInt(qtyUnits);
    const fee = value / 1000n;
    const maker = rnd.next() < 0.4;
    const orderId = id(uid * 1_000_000 + i * 2);
    const execId = id(uid * 1_000_000 + i * 2 + 1);
    fills.push({
      execId,
      orderId,
      clientOid: `seed-${uid}-${i}`,
      category: 'SPOT',
      symbol: m.symbol,
      orderType: maker ? 'limit' : 'market',
      side,
      execPrice: fromScaled(priceCents, 2),
      execQty: fromScaled(qtyUnits, 4),
      execValue: fromScaled(Number(value), 6),
      feeDetail: [{ feeCoin: 'USDT', fee: fromScaled(Number(fee), 6) }],
      tradeScope: maker ? 'maker' : 'taker',
      execPnl: '0',
      createdTime: String(t),
      updatedTime: String(t),
    });
    const baseDelta = BigInt(qtyUnits) * 10_000n * (side === 'buy' ? 1n : -1n);
    const quoteDelta = side === 'buy' ? -value : value;
    for (const [coin, delta, charged] of [
      [m.base, baseDelta, 0n],
      ['USDT', quoteDelta - fee, fee],
    ] as const) {
      const scale = coin === 'USDT' ? 6 : 8;
      const next = (balance.get(coin) ?? 0n) + delta;
      balance.set(coin, next);
      records.push({
        category: 'SPOT',
        id: id(++recordNo),
        symbol: m.symbol,
        coin,
        type: 'TRADE',
        amount: fromScaled(Number(delta + charged), scale),
        fee: fromScaled(-Number(charged), scale),
        balance: fromScaled(Number(next), scale),
        ts: String(t),
      });
    }
  }
  return { fills, records };
}

/** Puts the seeded trading in front of each trader account's live fills and records. */
export function installTradeHistory(sim: Pick<Simulator, 'orders' | 'accounts' | 'clock'>, seed: number): void {
  const anchor = sim.clock.now();
  for (const uid of TRADER_UIDS) {
    if (sim.accounts.find(uid) === undefined) continue;
    const { fills, records } = seedTrades(uid, anchor, seed);
    let list = sim.orders.fills.get(uid);
    if (!list) sim.orders.fills.set(uid, (list = []));
    list.unshift(...fills);
    sim.accounts.get(uid).financialRecords.unshift(...records);
  }
}
