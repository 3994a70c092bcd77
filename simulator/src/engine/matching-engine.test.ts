import { describe, expect, it } from 'vitest';
import { EngineInputError } from './engine-input-error';
import { MatchingEngine } from './matching-engine';
import { SYMBOL, fillTuples, harness, limit, market } from './testing/engine-harness';

describe('price-time priority', () => {
  it('fills the best price first, and within a price the oldest order first', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a3', 'sell', 99, 2));
    h.engine.submit(SYMBOL, limit('a4', 'sell', 101, 2));
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 101, 7));
    expect(fillTuples(h.fills())).toEqual([
      ['b', 'a3', 99, 2],
      ['b', 'a1', 100, 2],
      ['b', 'a2', 100, 2],
      ['b', 'a4', 101, 1],
    ]);
    expect(h.engine.order('a4')?.remainingLots).toBe(1);
  });

  it('trades at the maker price, not the taker limit', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('bid', 'buy', 100, 5));
    h.engine.submit(SYMBOL, limit('ask', 'sell', 90, 5));
    expect(fillTuples(h.fills())).toEqual([['ask', 'bid', 100, 5]]);
  });

  it('numbers fills with strictly increasing trade sequence numbers across commands', () => {
    const h = harness();
    for (let i = 0; i < 3; i++) h.engine.submit(SYMBOL, limit(`a${i}`, 'sell', 100 + i, 1));
    h.engine.submit(SYMBOL, limit('b1', 'buy', 101, 2));
    h.engine.submit(SYMBOL, limit('b2', 'buy', 102, 1));
    expect(h.fills().map((f) => f.tradeSeq)).toEqual([1, 2, 3]);
    expect(h.engine.lastTradeSeq).toBe(3);
  });

  it('starts trade sequence numbers where it is told to', () => {
    const engine = new MatchingEngine({ symbols: [SYMBOL], firstTradeSeq: 500 });
    engine.submit(SYMBOL, limit('a', 'sell', 100, 1));
    engine.submit(SYMBOL, limit('b', 'buy', 100, 1));
    expect(engine.lastTradeSeq).toBe(500);
  });
});

describe('partial fills across levels', () => {
  it('sweeps levels up to the limit, rests the remainder, and reports each touched level once', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 3));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 101, 3));
    h.engine.submit(SYMBOL, limit('a3', 'sell', 102, 5));
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 101, 8));
    expect(h.events).toEqual([
      { type: 'accepted', symbol: SYMBOL, orderId: 'b' },
      expect.objectContaining({ type: 'fill', makerId: 'a1', priceTicks: 100, lots: 3, makerRemaining: 0, takerRemaining: 5 }),
      { type: 'level_changed', symbol: SYMBOL, side: 'sell', priceTicks: 100, totalLots: 0, orderCount: 0 },
      expect.objectContaining({ type: 'fill', makerId: 'a2', priceTicks: 101, lots: 3, makerRemaining: 0, takerRemaining: 2 }),
      { type: 'level_changed', symbol: SYMBOL, side: 'sell', priceTicks: 101, totalLots: 0, orderCount: 0 },
      { type: 'rested', symbol: SYMBOL, orderId: 'b', side: 'buy', priceTicks: 101, filledLots: 6, remainingLots: 2 },
      { type: 'level_changed', symbol: SYMBOL, side: 'buy', priceTicks: 101, totalLots: 2, orderCount: 1 },
    ]);
    expect(h.engine.bestBid(SYMBOL)).toBe(101);
    expect(h.engine.bestAsk(SYMBOL)).toBe(102);
  });

  it('leaves a partly filled maker at the head of its queue with its remaining lots', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 5));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 100, 5));
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 2));
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['a1', 'a2']);
    expect(h.engine.order('a1')).toMatchObject({ lots: 5, filledLots: 2, remainingLots: 3 });
    expect(h.engine.depth(SYMBOL, 'sell', 5)).toEqual([{ priceTicks: 100, totalLots: 8, orderCount: 2 }]);
    expect(h.events.filter((e) => e.type === 'filled')).toEqual([{ type: 'filled', symbol: SYMBOL, orderId: 'b', filledLots: 2 }]);
  });
});

describe('time in force', () => {
  it('gtc rests what it cannot fill', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 5, { timeInForce: 'gtc' }));
    expect(h.engine.order('b')).toMatchObject({ side: 'buy', priceTicks: 100, remainingLots: 5, timeInForce: 'gtc' });
  });

  it('ioc fills what it can and cancels the remainder with reason ioc', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 2));
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 5, { timeInForce: 'ioc' }));
    expect(fillTuples(h.fills())).toEqual([['b', 'a', 100, 2]]);
    expect(h.cancels()).toEqual([{ type: 'canceled', symbol: SYMBOL, orderId: 'b', reason: 'ioc', filledLots: 2, remaining: 3 }]);
    expect(h.engine.order('b')).toBeUndefined();
    expect(h.engine.bestBid(SYMBOL)).toBeNull();
  });

  it('ioc that crosses nothing is canceled without trading', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 101, 2));
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 5, { timeInForce: 'ioc' }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toMatchObject([{ orderId: 'b', reason: 'ioc', filledLots: 0, remaining: 5 }]);
  });

  it('fok that can fill completely trades it all', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 101, 3));
    h.engine.submit(SYMBOL, limit('b', 'buy', 101, 5, { timeInForce: 'fok' }));
    expect(fillTuples(h.fills())).toEqual([
      ['b', 'a1', 100, 2],
      ['b', 'a2', 101, 3],
    ]);
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'b', filledLots: 5 });
  });

  it('fok that cannot fill completely leaves the book untouched and is canceled with reason fok', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 101, 3));
    h.engine.submit(SYMBOL, limit('a3', 'sell', 102, 9));
    const before = h.engine.depth(SYMBOL, 'sell', 10);
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 101, 6, { timeInForce: 'fok' }));
    expect(h.events).toEqual([
      { type: 'accepted', symbol: SYMBOL, orderId: 'b' },
      { type: 'canceled', symbol: SYMBOL, orderId: 'b', reason: 'fok', filledLots: 0, remaining: 6 },
    ]);
    expect(h.engine.depth(SYMBOL, 'sell', 10)).toEqual(before);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['a1']);
  });

  it('post_only that would cross is canceled with reason post_only and does not trade', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 2));
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 1, { timeInForce: 'post_only' }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toMatchObject([{ orderId: 'b', reason: 'post_only', remaining: 1 }]);
    expect(h.engine.depth(SYMBOL, 'sell', 5)).toEqual([{ priceTicks: 100, totalLots: 2, orderCount: 1 }]);
    expect(h.engine.bestBid(SYMBOL)).toBeNull();
  });

  it('post_only that does not cross rests as a maker', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 101, 2));
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 1, { timeInForce: 'post_only' }));
    expect(h.engine.order('b')).toMatchObject({ timeInForce: 'post_only', remainingLots: 1 });
    h.engine.submit(SYMBOL, limit('s', 'sell', 100, 1));
    expect(fillTuples(h.fills())).toEqual([['s', 'b', 100, 1]]);
  });
});

describe('market orders', () => {
  it('by lots: sweeps any price and is filled when liquidity suffices', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('b1', 'buy', 100, 2));
    h.engine.submit(SYMBOL, limit('b2', 'buy', 90, 2));
    h.clear();
    h.engine.submit(SYMBOL, market('m', 'sell', { lots: 3 }));
    expect(fillTuples(h.fills())).toEqual([
      ['m', 'b1', 100, 2],
      ['m', 'b2', 90, 1],
    ]);
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'm', filledLots: 3 });
  });

  it('by lots: cancels what the book cannot supply with reason market_no_liquidity and never rests', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 2));
    h.clear();
    h.engine.submit(SYMBOL, market('m', 'buy', { lots: 5 }));
    expect(fillTuples(h.fills())).toEqual([['m', 'a', 100, 2]]);
    expect(h.cancels()).toMatchObject([{ orderId: 'm', reason: 'market_no_liquidity', filledLots: 2, remaining: 3 }]);
    expect(h.engine.bestBid(SYMBOL)).toBeNull();
    expect(h.engine.bestAsk(SYMBOL)).toBeNull();
  });

  it('on an empty book is canceled with nothing filled', () => {
    const h = harness();
    h.engine.submit(SYMBOL, market('m', 'sell', { lots: 1 }));
    expect(h.cancels()).toMatchObject([{ orderId: 'm', reason: 'market_no_liquidity', filledLots: 0, remaining: 1 }]);
  });

  it('by quote budget: buys whole lots while the budget lasts and is filled when the rest cannot buy a lot', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 110, 5));
    h.clear();
    // 2 x 100 = 200, then floor(230 / 110) = 2 lots for 220, leaving 10.
    h.engine.submit(SYMBOL, market('m', 'buy', { quoteBudget: 430 }));
    expect(fillTuples(h.fills())).toEqual([
      ['m', 'a1', 100, 2],
      ['m', 'a2', 110, 2],
    ]);
    expect(h.fills().map((f) => f.takerRemaining)).toEqual([230, 10]);
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'm', filledLots: 4 });
    expect(h.engine.order('a2')?.remainingLots).toBe(3);
  });

  it('by quote budget: an exactly spent budget is filled', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, market('m', 'buy', { quoteBudget: 200 }));
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'm', filledLots: 2 });
    expect(h.engine.bestAsk(SYMBOL)).toBeNull();
  });

  it('by quote budget: cancels the unspent budget when the book runs out', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, market('m', 'buy', { quoteBudget: 1000 }));
    expect(h.cancels()).toMatchObject([{ orderId: 'm', reason: 'market_no_liquidity', filledLots: 2, remaining: 800 }]);
  });

  it('by quote budget: a budget below one lot at the best price trades nothing and is canceled', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, market('m', 'buy', { quoteBudget: 99 }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toMatchObject([{ orderId: 'm', reason: 'market_no_liquidity', filledLots: 0, remaining: 99 }]);
  });
});

describe('cancel', () => {
  function threeAtOneLevel() {
    const h = harness();
    h.engine.submit(SYMBOL, limit('o1', 'sell', 100, 1));
    h.engine.submit(SYMBOL, limit('o2', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('o3', 'sell', 100, 3));
    h.clear();
    return h;
  }

  it.each([
    ['head', 'o1', ['o2', 'o3'], 5],
    ['middle', 'o2', ['o1', 'o3'], 4],
    ['tail', 'o3', ['o1', 'o2'], 3],
  ])('unlinks the %s of a level and keeps the others in time order', (_where, id, rest, total) => {
    const h = threeAtOneLevel();
    expect(h.engine.cancel(id)).toBe(true);
    expect(h.events).toEqual([
      { type: 'canceled', symbol: SYMBOL, orderId: id, reason: 'cancel', filledLots: 0, remaining: Number(id.slice(1)) },
      { type: 'level_changed', symbol: SYMBOL, side: 'sell', priceTicks: 100, totalLots: total, orderCount: 2 },
    ]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(rest);
    h.clear();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 10, { timeInForce: 'ioc' }));
    expect(h.fills().map((f) => f.makerId)).toEqual(rest);
  });

  it('appends correctly after the tail was canceled', () => {
    const h = threeAtOneLevel();
    h.engine.cancel('o3');
    h.engine.submit(SYMBOL, limit('o4', 'sell', 100, 1));
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['o1', 'o2', 'o4']);
  });

  it('removes the level when its last order is canceled, and the next level becomes best', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('o1', 'sell', 100, 1));
    h.engine.submit(SYMBOL, limit('o2', 'sell', 105, 1));
    h.engine.cancel('o1');
    expect(h.events.at(-1)).toEqual({ type: 'level_changed', symbol: SYMBOL, side: 'sell', priceTicks: 100, totalLots: 0, orderCount: 0 });
    expect(h.engine.bestAsk(SYMBOL)).toBe(105);
    expect(h.engine.depth(SYMBOL, 'sell', 5)).toEqual([{ priceTicks: 105, totalLots: 1, orderCount: 1 }]);
  });

  it('removes a level in the middle of the book and keeps the others in price order', () => {
    const h = harness();
    for (const [id, p] of [['x', 98], ['y', 99], ['z', 100]] as const) h.engine.submit(SYMBOL, limit(id, 'buy', p, 1));
    h.engine.cancel('y');
    expect(h.engine.depth(SYMBOL, 'buy', 5).map((l) => l.priceTicks)).toEqual([100, 98]);
  });

  it('says false for an unknown order and for one already canceled or filled', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 1));
    h.engine.submit(SYMBOL, limit('c', 'sell', 101, 1));
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 1));
    expect(h.engine.cancel('nope')).toBe(false);
    expect(h.engine.cancel('a')).toBe(false);
    expect(h.engine.cancel('c')).toBe(true);
    expect(h.engine.cancel('c')).toBe(false);
  });
});

describe('modify', () => {
  function twoAtOneLevel() {
    const h = harness();
    h.engine.submit(SYMBOL, limit('o1', 'sell', 100, 5));
    h.engine.submit(SYMBOL, limit('o2', 'sell', 100, 5));
    h.clear();
    return h;
  }

  it('a smaller size keeps time priority', () => {
    const h = twoAtOneLevel();
    expect(h.engine.modify('o1', { lots: 3 })).toBe('ok');
    expect(h.events).toEqual([
      { type: 'modified', symbol: SYMBOL, orderId: 'o1', priceTicks: 100, lots: 3, keptPriority: true },
      { type: 'level_changed', symbol: SYMBOL, side: 'sell', priceTicks: 100, totalLots: 8, orderCount: 2 },
    ]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['o1', 'o2']);
  });

  it('a larger size loses time priority', () => {
    const h = twoAtOneLevel();
    h.engine.modify('o1', { lots: 6 });
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['o2', 'o1']);
    expect(h.engine.depth(SYMBOL, 'sell', 1)).toEqual([{ priceTicks: 100, totalLots: 11, orderCount: 2 }]);
  });

  it('a new price loses time priority, even when moved back to the old price', () => {
    const h = twoAtOneLevel();
    h.engine.modify('o1', { priceTicks: 101 });
    expect(h.engine.queue(SYMBOL, 'sell', 101)).toEqual(['o1']);
    h.engine.modify('o1', { priceTicks: 100 });
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['o2', 'o1']);
    expect(h.engine.depth(SYMBOL, 'sell', 5)).toEqual([{ priceTicks: 100, totalLots: 10, orderCount: 2 }]);
  });

  it('counts the new size as the total, filled lots included', () => {
    const h = twoAtOneLevel();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 2));
    expect(h.engine.modify('o1', { lots: 4 })).toBe('ok');
    expect(h.engine.order('o1')).toMatchObject({ lots: 4, filledLots: 2, remainingLots: 2 });
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['o1', 'o2']);
  });

  it('refuses a size at or below the filled lots and changes nothing', () => {
    const h = twoAtOneLevel();
    h.engine.submit(SYMBOL, limit('b', 'buy', 100, 2));
    h.clear();
    expect(h.engine.modify('o1', { lots: 2 })).toBe('qty_not_above_filled');
    expect(h.engine.modify('o1', { lots: 1, priceTicks: 90 })).toBe('qty_not_above_filled');
    expect(h.events).toEqual([]);
    expect(h.engine.order('o1')).toMatchObject({ priceTicks: 100, lots: 5, filledLots: 2 });
  });

  it('refuses an order that is not resting', () => {
    const h = twoAtOneLevel();
    expect(h.engine.modify('ghost', { lots: 1 })).toBe('unknown_order');
  });

  it('re-prices across the spread and trades as a taker, then rests the rest at the back', () => {
    const h = twoAtOneLevel();
    h.engine.submit(SYMBOL, limit('b1', 'buy', 98, 3));
    h.engine.submit(SYMBOL, limit('b2', 'buy', 97, 1));
    h.clear();
    expect(h.engine.modify('b1', { priceTicks: 100, lots: 7 })).toBe('ok');
    expect(h.events[0]).toEqual({ type: 'modified', symbol: SYMBOL, orderId: 'b1', priceTicks: 100, lots: 7, keptPriority: false });
    expect(h.events[1]).toEqual({ type: 'level_changed', symbol: SYMBOL, side: 'buy', priceTicks: 98, totalLots: 0, orderCount: 0 });
    expect(fillTuples(h.fills())).toEqual([
      ['b1', 'o1', 100, 5],
      ['b1', 'o2', 100, 2],
    ]);
    expect(h.engine.bestBid(SYMBOL)).toBe(97);
    expect(h.engine.order('b1')).toBeUndefined();
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'b1', filledLots: 7 });
  });

  it('a post_only order re-priced across the spread is canceled with reason post_only', () => {
    const h = twoAtOneLevel();
    h.engine.submit(SYMBOL, limit('b', 'buy', 98, 3, { timeInForce: 'post_only' }));
    h.clear();
    h.engine.modify('b', { priceTicks: 100 });
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toMatchObject([{ orderId: 'b', reason: 'post_only' }]);
    expect(h.engine.bestBid(SYMBOL)).toBeNull();
  });
});

describe('queries', () => {
  it('lists the best n aggregated levels per side, best first', () => {
    const h = harness();
    for (let i = 0; i < 5; i++) {
      h.engine.submit(SYMBOL, limit(`b${i}`, 'buy', 90 + i, i + 1));
      h.engine.submit(SYMBOL, limit(`c${i}`, 'buy', 90 + i, 1));
      h.engine.submit(SYMBOL, limit(`a${i}`, 'sell', 100 + i, 1));
    }
    expect(h.engine.depth(SYMBOL, 'buy', 2)).toEqual([
      { priceTicks: 94, totalLots: 6, orderCount: 2 },
      { priceTicks: 93, totalLots: 5, orderCount: 2 },
    ]);
    expect(h.engine.depth(SYMBOL, 'sell', 3).map((l) => l.priceTicks)).toEqual([100, 101, 102]);
    expect(h.engine.depth(SYMBOL, 'sell', 50)).toHaveLength(5);
  });

  it('lists the resting orders of one account across symbols', () => {
    const engine = new MatchingEngine({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    engine.submit('BTCUSDT', limit('x1', 'buy', 10, 1, { accountId: 7 }));
    engine.submit('ETHUSDT', limit('x2', 'sell', 20, 1, { accountId: 7 }));
    engine.submit('ETHUSDT', limit('y1', 'sell', 20, 1, { accountId: 8 }));
    engine.submit('BTCUSDT', limit('x3', 'buy', 11, 1, { accountId: 7 }));
    engine.cancel('x3');
    expect(engine.ordersOf(7).map((o) => [o.orderId, o.symbol])).toEqual([
      ['x1', 'BTCUSDT'],
      ['x2', 'ETHUSDT'],
    ]);
    expect(engine.ordersOf(9)).toEqual([]);
  });

  it('keeps the books of different symbols apart', () => {
    const engine = new MatchingEngine({ symbols: ['BTCUSDT', 'ETHUSDT'] });
    engine.submit('BTCUSDT', limit('a', 'sell', 100, 1));
    engine.submit('ETHUSDT', limit('b', 'buy', 100, 1));
    expect(engine.bestAsk('BTCUSDT')).toBe(100);
    expect(engine.bestBid('ETHUSDT')).toBe(100);
    expect(engine.bestBid('BTCUSDT')).toBeNull();
  });

  it('canFullyFill sums liquidity up to the limit price, or at any price for null', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a1', 'sell', 100, 2));
    h.engine.submit(SYMBOL, limit('a2', 'sell', 101, 3));
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 2)).toBe(true);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 3)).toBe(false);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 101, 5)).toBe(true);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', null, 6)).toBe(false);
    expect(h.engine.canFullyFill(SYMBOL, 'sell', null, 1)).toBe(false);
  });
});

describe('input the caller should have validated', () => {
  it.each([
    ['lots', limit('x', 'buy', 100, 1.5)],
    ['lots', limit('x', 'buy', 100, 0)],
    ['priceTicks', limit('x', 'buy', -1, 1)],
    ['priceTicks', limit('x', 'buy', 2 ** 53, 1)],
    ['orderId', limit('', 'buy', 100, 1)],
    ['timeInForce', limit('x', 'buy', 100, 1, { timeInForce: 'day' as never })],
    ['stpMode', limit('x', 'buy', 100, 1, { stpMode: 'expire' as never })],
    ['side', limit('x', 'up' as never, 100, 1)],
    ['lots', market('x', 'buy', { lots: 1, quoteBudget: 5 } as never)],
    ['quoteBudget', market('x', 'buy', { quoteBudget: 0.5 })],
  ])('rejects a bad %s with an error naming the field, changing nothing', (field, order) => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 1));
    h.clear();
    expect(() => h.engine.submit(SYMBOL, order)).toThrow(expect.objectContaining({ name: 'EngineInputError', field }));
    expect(h.events).toEqual([]);
    expect(h.engine.depth(SYMBOL, 'sell', 5)).toEqual([{ priceTicks: 100, totalLots: 1, orderCount: 1 }]);
  });

  it('rejects an orderId that is already resting', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('a', 'sell', 100, 1));
    expect(() => h.engine.submit(SYMBOL, limit('a', 'sell', 101, 1))).toThrow(EngineInputError);
    expect(h.engine.queue(SYMBOL, 'sell', 101)).toEqual([]);
  });

  it('rejects an unknown symbol', () => {
    const h = harness();
    expect(() => h.engine.submit('DOGEUSDT', limit('a', 'sell', 100, 1))).toThrow(/unknown symbol DOGEUSDT/);
  });

  it('refuses commands issued from inside its listener', () => {
    const engine = new MatchingEngine({ symbols: [SYMBOL] });
    engine.submit(SYMBOL, limit('a', 'sell', 100, 1));
    engine.setListener((e) => {
      if (e.type === 'fill') engine.cancel('c');
    });
    engine.submit(SYMBOL, limit('c', 'sell', 101, 1));
    expect(() => engine.submit(SYMBOL, limit('b', 'buy', 101, 2))).toThrow(/inside an event listener/);
  });
});
