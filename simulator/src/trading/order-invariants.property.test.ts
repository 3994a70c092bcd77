// Property: after any sequence of placements, modifications, cancellations and mark moves,
// across spot, margin and futures and several related and unrelated accounts, the order
// list, the locks and the book agree (invariantViolations is empty), and no base coin is
// created or destroyed: balances plus fees paid stay equal to what was seeded.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '@contract/core/clock';
import { money } from '../core/money';
import { createSimulator } from '../server';
import { SimError } from '../core/sim-error';
import { T0 } from '../testing/sim-fixture';

const uids = [1000001, 1000002, 2000001, 9000001] as const;
const markets = [
  { category: 'spot', symbol: 'BTCUSDT', mid: 65000, tick: 0.01, lot: 0.000001, lotsMax: 40000 },
  { category: 'margin', symbol: 'BTCUSDT', mid: 65000, tick: 0.01, lot: 0.000001, lotsMax: 40000 },
  { category: 'spot', symbol: 'ETHUSDT', mid: 3200, tick: 0.01, lot: 0.0001, lotsMax: 20000 },
  { category: 'spot', symbol: 'NTKUSDT', mid: 4.5, tick: 0.0001, lot: 0.01, lotsMax: 20000 },
  { category: 'usdt-futures', symbol: 'BTCUSDT', mid: 65000, tick: 0.1, lot: 0.001, lotsMax: 300 },
] as const;

// Text of n steps of a given size, built from integers (no float arithmetic on money).
function stepsText(n: number, step: number): string {
  const decimals = (String(step).split('.')[1] ?? '').length;
  const s = String(n).padStart(decimals + 1, '0');
  return decimals === 0 ? s : `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}

const op = fc.oneof(
  { weight: 6, arbitrary: fc.record({
    kind: fc.constant('place' as const),
    uid: fc.constantFrom(...uids),
    market: fc.nat(markets.length - 1),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    offsetTicks: fc.integer({ min: -30, max: 30 }),
    lotsFraction: fc.integer({ min: 1, max: 1000 }),
    orderType: fc.constantFrom('limit' as const, 'limit' as const, 'limit' as const, 'market' as const),
    timeInForce: fc.constantFrom('gtc' as const, 'ioc' as const, 'fok' as const, 'post_only' as const),
    stpMode: fc.constantFrom(undefined, 'none' as const, 'cancel_maker' as const, 'cancel_taker' as const, 'cancel_both' as const),
    reduceOnly: fc.boolean(),
  }) },
  fc.record({ kind: fc.constant('cancel' as const), uid: fc.constantFrom(...uids), pick: fc.nat() }),
  fc.record({ kind: fc.constant('modify' as const), uid: fc.constantFrom(...uids), pick: fc.nat(), offsetTicks: fc.integer({ min: -30, max: 30 }), lotsFraction: fc.integer({ min: 1, max: 1000 }) }),
  fc.record({ kind: fc.constant('mark' as const), offset: fc.integer({ min: -2000, max: 2000 }) }),
);

describe('balances, locks and the order list agree (property)', () => {
  it('after random operation sequences', () => {
    // Counted across runs so the test fails if the generated load stops trading.
    let trades = 0;
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 20, maxLength: 80 }), (ops) => {
        const clock = new ManualClock(T0);
        const sim = createSimulator({ clock });
        const fees = new Map<string, bigint>();
        sim.bus.on('order', (e) => {
          if (e.previousState === null) accepted++;
        });
        sim.bus.on('fill', (e) => {
          trades++;
          for (const d of e.fill.feeDetail) fees.set(d.feeCoin, (fees.get(d.feeCoin) ?? 0n) + money(d.fee));
        });
        const total = (coin: string) => sim.accounts.all().reduce((s, a) => s + (a.balances.get(coin)?.balance ?? 0n), 0n);
        const seeded = new Map(['BTC', 'ETH', 'NTK'].map((c) => [c, total(c)]));
        const tick = (m: (typeof markets)[number], offset: number) => Math.round(m.mid / m.tick) + offset;
        for (const o of ops) {
          clock.advance(1);
          try {
            if (o.kind === 'place') {
              const m = markets[o.market]!;
              const lots = Math.max(1, Math.floor((m.lotsMax * o.lotsFraction) / 1000));
              const quoteBuy = o.orderType === 'market' && o.side === 'buy' && m.category !== 'usdt-futures';
              sim.orders.place(o.uid, {
                category: m.category,
                symbol: m.symbol,
                orderType: o.orderType,
                side: o.side,
                qty: quoteBuy ? String(10 + o.lotsFraction) : stepsText(lots, m.lot),
                ...(o.orderType === 'limit' ? { price: stepsText(tick(m, o.offsetTicks), m.tick), timeInForce: o.timeInForce } : {}),
                ...(o.stpMode ? { stpMode: o.stpMode } : {}),
                ...(m.category === 'usdt-futures' && o.reduceOnly ? { reduceOnly: 'yes' as const } : {}),
              });
            } else if (o.kind === 'cancel' || o.kind === 'modify') {
              const pending = sim.orders.pendingOf(o.uid);
              const target = pending[o.pick % Math.max(1, pending.length)];
              if (target) {
                if (o.kind === 'cancel') sim.orders.cancel(o.uid, { orderId: target.orderId });
                else {
                  const m = markets.find((x) => x.category === target.inst.category && x.symbol === target.inst.symbol)!;
                  const lots = Math.max(1, Math.floor((m.lotsMax * o.lotsFraction) / 1000));
                  sim.orders.modify(o.uid, { orderId: target.orderId, symbol: m.symbol, price: stepsText(tick(m, o.offsetTicks), m.tick), qty: stepsText(lots, m.lot) });
                }
              }
            } else {
              sim.market.setMark('BTCUSDT', money(String(65000 + o.offset)));
            }
          } catch (error) {
            if (!(error instanceof SimError)) throw error;
          }
          expect(sim.invariantViolations()).toEqual([]);
        }
        for (const [coin, amount] of seeded) expect(total(coin) + (fees.get(coin) ?? 0n)).toBe(amount);
      }),
      { numRuns: 60, seed: 20240607 },
    );
    expect(trades).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(300);
  });
});
