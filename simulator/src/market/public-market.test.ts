import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { candleIntervalMs, candleIntervals, candleList, openInterest, publicFillList, tickerList } from '@contract/schemas/market';
import { ManualClock } from '@contract/core/clock';
import { fmtMoney, money, ONE } from '../core/money';
import { createSimulator, type Simulator } from '../server';
import { T0 } from '../testing/sim-fixture';
import { CandleSeries } from './candle-series';
import { QUOTES_PER_SIDE } from './market-flow';

const sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims.splice(0)) await s.close();
});

function sim(options: Parameters<typeof createSimulator>[0] = {}): Simulator {
  const s = createSimulator({ clock: new ManualClock(T0), ...options });
  sims.push(s);
  return s;
}

async function get(s: Simulator, url: string): Promise<{ code: string; msg?: string; data: unknown }> {
  const res = await s.app.inject({ method: 'GET', url });
  return res.json();
}

describe('candle series', () => {
  it('builds every interval from its 1m candles: volume and turnover are their sums, high and low their extremes', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ dt: fc.integer({ min: 0, max: 400_000 }), ticks: fc.integer({ min: 1, max: 10_000_000 }), lots: fc.integer({ min: 1, max: 5_000_000 }) }), { minLength: 1, maxLength: 200 }), fc.constantFrom(...candleIntervals), (trades, interval) => {
        const series = new CandleSeries();
        let t = T0;
        for (const tr of trades) series.add((t += tr.dt), tr.ticks, tr.lots);
        const ones = series.candles('1m', 0, t, 100_000);
        const long = series.candles(interval, 0, t, 100_000);
        for (const c of long) {
          const inside = ones.filter((o) => o.start >= c.start && o.start < c.start + candleIntervalMs[interval]);
          expect(c.volumeLots).toBe(inside.reduce((a, o) => a + o.volumeLots, 0n));
          expect(c.turnoverTickLots).toBe(inside.reduce((a, o) => a + o.turnoverTickLots, 0n));
          expect(c.high).toBe(Math.max(...inside.map((o) => o.high)));
          expect(c.low).toBe(Math.min(...inside.map((o) => o.low)));
          expect([c.open, c.close]).toEqual([inside[0]!.open, inside.at(-1)!.close]);
        }
        expect(long.reduce((a, c) => a + c.volumeLots, 0n)).toBe(BigInt(trades.reduce((a, tr) => a + tr.lots, 0)));
      }),
      { numRuns: 60 },
    );
  });
});

describe('public market', () => {
  it('opens with 30 days of 1m candles, the same for the same seed', async () => {
    const a = sim({ seed: 42, historyDays: 30 });
    const b = sim({ seed: 42, historyDays: 30 });
    const c = sim({ seed: 43, historyDays: 30 });
    const url = '/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=1m&limit=1000';
    const first = await get(a, url);
    expect(first.code).toBe('00000');
    const rows = candleList.parse(first.data);
    expect(rows).toHaveLength(1000);
    expect(Number(rows[0]![0])).toBeLessThan(Number(rows[999]![0]));
    expect((await get(b, url)).data).toEqual(first.data);
    expect((await get(c, url)).data).not.toEqual(first.data);
    const oldest = await get(a, `/api/v3/market/history-candles?category=SPOT&symbol=BTCUSDT&interval=1m&startTime=${T0 - 30 * 86_400_000}&endTime=${T0 - 29 * 86_400_000}&limit=100`);
    expect(candleList.parse(oldest.data).length).toBeGreaterThan(90);
  });

  it('answers a 24h ticker whose volume is the sum of the last 1,440 one-minute candles, to the lot', async () => {
    const s = sim({ seed: 7, historyDays: 2, flowRate: 0 });
    s.flow.prefill();
    for (let i = 0; i < 200; i++) s.flow.step();
    const [ticker] = tickerList.parse((await get(s, '/api/v3/market/tickers?category=SPOT&symbol=BTCUSDT')).data);
    const now = s.publicMarket.now();
    const end = now - (now % 60_000);
    const older = candleList.parse((await get(s, `/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=1m&endTime=${end - 1000 * 60_000}&startTime=${end - 1439 * 60_000}&limit=1000`)).data);
    const newer = candleList.parse((await get(s, `/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=1m&startTime=${end - 999 * 60_000}&endTime=${now}&limit=1000`)).data);
    const sumLots = [...older, ...newer].reduce((a, r) => a + BigInt(r[5].replace('.', '').padEnd(1, '0')) * 10n ** BigInt(6 - (r[5].split('.')[1]?.length ?? 0)), 0n);
    const tickerLots = BigInt(ticker!.volume24h.replace('.', '')) * 10n ** BigInt(6 - (ticker!.volume24h.split('.')[1]?.length ?? 0));
    expect(older.length + newer.length).toBeGreaterThan(1400);
    expect(tickerLots).toBe(sumLots);
    expect(ticker!.bid1Price).not.toBe('');
  });

  it('refuses an unknown interval, a range past 90 days and an instrument it does not list, naming the field', async () => {
    const s = sim();
    const bad = await get(s, '/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=2m');
    expect(bad.code).not.toBe('00000');
    expect(bad.msg).toMatch(/interval/);
    const wide = await get(s, `/api/v3/market/history-candles?category=SPOT&symbol=BTCUSDT&interval=1D&startTime=0&endTime=${91 * 86_400_000}`);
    expect(wide.msg).toMatch(/endTime/);
    const unknown = await get(s, '/api/v3/market/tickers?category=SPOT&symbol=DOGEUSDT');
    expect(unknown.msg).toMatch(/symbol/);
  });

  it('keeps a deep market: 200 levels a side, tenths of a BTC near the top, and a 0.001 BTC buy at the best ask fills whole', () => {
    const s = sim({ seed: 42 });
    s.flow.prefill();
    for (let i = 0; i < 100; i++) s.flow.step();
    const depth = s.market.depth('spot', 'BTCUSDT', 400);
    expect(depth.bids.length).toBeGreaterThanOrEqual(QUOTES_PER_SIDE - 10);
    expect(depth.asks.length).toBeGreaterThanOrEqual(QUOTES_PER_SIDE - 10);
    const top = Number(depth.asks[0]!.size);
    expect(top).toBeGreaterThan(0.05);
    expect(Number(depth.asks.at(-1)!.size)).toBeGreaterThan(top);
    const order = s.orders.place(1000001, { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: depth.asks[0]!.price, qty: '0.001', timeInForce: 'gtc' });
    expect(s.orders.orders.get(order.orderId)?.state).toBe('filled');
    expect(s.invariantViolations()).toEqual([]);
  });

  it('lists the trades of the tape newest first, users’ and the flow’s alike, and funding for futures', async () => {
    const s = sim({ seed: 3 });
    s.flow.prefill();
    for (let i = 0; i < 60; i++) s.flow.step();
    const fills = publicFillList.parse((await get(s, '/api/v3/market/fills?category=SPOT&symbol=BTCUSDT&limit=20')).data);
    expect(fills.length).toBeGreaterThan(0);
    expect(Number(fills[0]!.ts)).toBeGreaterThanOrEqual(Number(fills.at(-1)!.ts));
    const funding = (await get(s, '/api/v3/market/current-fund-rate?symbol=BTCUSDT')).data as { nextUpdate: string; fundingRateInterval: string }[];
    expect(funding[0]?.fundingRateInterval).toBe('8');
    expect(Number(funding[0]?.nextUpdate) % (8 * 3_600_000)).toBe(0);
    const [futures] = tickerList.parse((await get(s, '/api/v3/market/tickers?category=USDT-FUTURES&symbol=BTCUSDT')).data);
    expect(futures?.markPrice).toBeDefined();
    expect(futures?.indexPrice).toBeDefined();
  });

  it('moves market time with the clock advance, so a new minute starts a new candle', async () => {
    const s = sim({ seed: 5 });
    s.flow.prefill();
    for (let i = 0; i < 30; i++) s.flow.step();
    const before = candleList.parse((await get(s, '/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=1m&limit=5')).data);
    s.publicMarket.advance(60_000);
    for (let i = 0; i < 30; i++) s.flow.step();
    const after = candleList.parse((await get(s, '/api/v3/market/candles?category=SPOT&symbol=BTCUSDT&interval=1m&limit=5')).data);
    expect(Number(after.at(-1)![0])).toBe(Number(before.at(-1)![0]) + 60_000);
  });

  it('charges funding to open positions at each 8-hour settlement, as a FUNDING_FEE record', () => {
    const s = sim({ seed: 9 });
    s.flow.prefill();
    const ask = s.market.depth('usdt-futures', 'BTCUSDT', 1).asks[0]!.price;
    s.orders.place(1000001, { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: ask, qty: '0.01', timeInForce: 'ioc' });
    const [position] = s.positions.openOn('BTCUSDT').filter((p) => p.uid === 1000001);
    expect(position?.lots).toBe(10);
    const { rate } = s.publicMarket.funding(position!.inst);
    const before = s.accounts.get(1000001).financialRecords.length;
    s.publicMarket.advance(8 * 3_600_000);
    const records = s.accounts.get(1000001).financialRecords.slice(before).filter((r) => r.type === 'FUNDING_FEE');
    expect(records).toHaveLength(1);
    // 0.01 BTC at the mark, times the rate; a positive rate is paid by the long.
    const value = (10n * position!.inst.lotMoney * s.market.markOf('BTCUSDT')) / ONE;
    expect(records[0]!.amount).toBe(fmtMoney(-((value * money(rate)) / ONE)));
    expect(s.publicMarket.fundingHistoryOf('BTCUSDT').at(-1)?.rate).toBe(rate);
  });

  it('answers open interest as the long lots held on a futures symbol, and refuses spot naming the category', async () => {
    const s = sim({ seed: 9 });
    s.flow.prefill();
    const read = async () => openInterest.parse((await get(s, '/api/v3/market/open-interest?category=USDT-FUTURES&symbol=BTCUSDT')).data).list;
    const before = await read();
    expect(before.map((r) => r.symbol)).toEqual(['BTCUSDT']);
    const ask = s.market.depth('usdt-futures', 'BTCUSDT', 1).asks[0]!.price;
    s.orders.place(1000001, { category: 'usdt-futures', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: ask, qty: '0.01', timeInForce: 'ioc' });
    const [after] = await read();
    expect(money(after!.openInterest) - money(before[0]!.openInterest)).toBe(money('0.01'));
    const spot = await get(s, '/api/v3/market/open-interest?category=SPOT&symbol=BTCUSDT');
    expect(spot.code).not.toBe('00000');
    expect(spot.msg).toMatch(/category/i);
  });
});

