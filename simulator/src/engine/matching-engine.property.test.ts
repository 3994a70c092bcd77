// The engine against the naive reference matcher on random command sequences: the same
// fills, cancels and outcomes in the same order, the same final books, and level_changed
// events that add up to the real depth.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EngineEvent, OrderInput, Side, StpMode, TimeInForce } from './engine-types';
import { MatchingEngine } from './matching-engine';
import { NaiveMatcher, type NaiveOutcome } from './testing/naive-matcher';

const SYMBOL = 'ETHUSDT';

type Command =
  | { kind: 'limit'; side: Side; priceTicks: number; lots: number; tif: TimeInForce; group: number; stpMode: StpMode }
  | { kind: 'market'; side: Side; lots: number | null; budget: number; group: number; stpMode: StpMode }
  | { kind: 'cancel'; pick: number }
  | { kind: 'modify'; pick: number; priceTicks: number | null; lots: number | null };

const side = fc.constantFrom<Side>('buy', 'sell');
const stpMode = fc.constantFrom<StpMode>('none', 'cancel_maker', 'cancel_taker', 'cancel_both');
const group = fc.integer({ min: 1, max: 3 });
const price = fc.integer({ min: 95, max: 105 });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('limit' as const),
      side,
      priceTicks: price,
      lots: fc.integer({ min: 1, max: 10 }),
      tif: fc.constantFrom<TimeInForce>('gtc', 'gtc', 'gtc', 'ioc', 'fok', 'post_only'),
      group,
      stpMode,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('market' as const),
      side,
      lots: fc.option(fc.integer({ min: 1, max: 15 })),
      budget: fc.integer({ min: 1, max: 1500 }),
      group,
      stpMode,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('modify' as const),
      pick: fc.nat(),
      priceTicks: fc.option(price),
      lots: fc.option(fc.integer({ min: 1, max: 12 })),
    }),
  },
);

function toInput(c: Command & { kind: 'limit' | 'market' }, orderId: string): OrderInput {
  const owner = { orderId, accountId: c.group * 10, stpGroup: c.group, stpMode: c.stpMode, side: c.side };
  if (c.kind === 'limit') return { type: 'limit', ...owner, priceTicks: c.priceTicks, lots: c.lots, timeInForce: c.tif };
  return c.lots === null ? { type: 'market', ...owner, quoteBudget: c.budget } : { type: 'market', ...owner, lots: c.lots };
}

/** The engine's events in the reference's vocabulary; accepted, modified and level_changed have no counterpart. */
function toOutcome(e: EngineEvent): NaiveOutcome | null {
  switch (e.type) {
    case 'fill':
      return { kind: 'fill', takerId: e.takerId, makerId: e.makerId, priceTicks: e.priceTicks, lots: e.lots };
    case 'canceled':
      return { kind: 'canceled', orderId: e.orderId, reason: e.reason, filledLots: e.filledLots, remaining: e.remaining };
    case 'rested':
      return { kind: 'rested', orderId: e.orderId, priceTicks: e.priceTicks, remainingLots: e.remainingLots };
    case 'filled':
      return { kind: 'filled', orderId: e.orderId, filledLots: e.filledLots };
    default:
      return null;
  }
}

function engineBookSide(engine: MatchingEngine, s: Side) {
  return engine.depth(SYMBOL, s, Number.MAX_SAFE_INTEGER).flatMap((level) =>
    engine.queue(SYMBOL, s, level.priceTicks).map((orderId) => ({
      orderId,
      priceTicks: level.priceTicks,
      remainingLots: engine.order(orderId)!.remainingLots,
    })),
  );
}

function run(commands: Command[]): void {
  const engine = new MatchingEngine({ symbols: [SYMBOL] });
  const naive = new NaiveMatcher();
  const outcomes: NaiveOutcome[] = [];
  const tradeSeqs: number[] = [];
  const published = new Map<string, { totalLots: number; orderCount: number }>();
  engine.setListener((e) => {
    const o = toOutcome(e);
    if (o) outcomes.push(o);
    if (e.type === 'fill') tradeSeqs.push(e.tradeSeq);
    if (e.type === 'level_changed') published.set(`${e.side}:${e.priceTicks}`, { totalLots: e.totalLots, orderCount: e.orderCount });
  });
  const ids: string[] = [];
  commands.forEach((c, i) => {
    if (c.kind === 'limit' || c.kind === 'market') {
      const id = `o${i}`;
      ids.push(id);
      engine.submit(SYMBOL, toInput(c, id));
      naive.submit(toInput(c, id));
    } else if (ids.length > 0) {
      const id = ids[c.pick % ids.length]!;
      if (c.kind === 'cancel') expect(engine.cancel(id)).toBe(naive.cancel(id));
      else {
        const change = { ...(c.priceTicks !== null && { priceTicks: c.priceTicks }), ...(c.lots !== null && { lots: c.lots }) };
        expect(engine.modify(id, change)).toBe(naive.modify(id, change));
      }
    }
  });

  expect(outcomes).toEqual(naive.outcomes);
  expect(tradeSeqs).toEqual(tradeSeqs.map((_, i) => i + 1));
  for (const s of ['buy', 'sell'] as const) {
    expect(engineBookSide(engine, s)).toEqual(naive.bookSide(s));
    // What a depth publisher rebuilt from level_changed alone equals the real depth.
    const rebuilt = [...published]
      .filter(([key, level]) => key.startsWith(`${s}:`) && level.totalLots > 0)
      .map(([key, level]) => ({ priceTicks: Number(key.split(':')[1]), ...level }))
      .sort((a, b) => (s === 'buy' ? b.priceTicks - a.priceTicks : a.priceTicks - b.priceTicks));
    expect(rebuilt).toEqual(engine.depth(SYMBOL, s, 1000));
  }
  const best = (s: Side) => naive.bookSide(s)[0]?.priceTicks ?? null;
  expect(engine.bestBid(SYMBOL)).toBe(best('buy'));
  expect(engine.bestAsk(SYMBOL)).toBe(best('sell'));
  const bid = engine.bestBid(SYMBOL);
  const ask = engine.bestAsk(SYMBOL);
  if (bid !== null && ask !== null) expect(bid).toBeLessThan(ask);
}

describe('matching engine against a naive reference matcher', () => {
  it('produces identical fills, cancels, outcomes and final books over random order, cancel and modify sequences', () => {
    fc.assert(fc.property(fc.array(command, { maxLength: 150 }), run), { numRuns: 400 });
  });

  it('agrees on long sequences that build deep queues', () => {
    fc.assert(fc.property(fc.array(command, { minLength: 300, maxLength: 600 }), run), { numRuns: 20 });
  });
});
