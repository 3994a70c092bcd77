// spec 3.3: the taker's stpMode decides; the group is the parent account with all its
// sub-accounts; `none` compares nothing; unrelated accounts always trade.
import { describe, expect, it } from 'vitest';
import type { StpMode } from './engine-types';
import { SYMBOL, fillTuples, harness, limit } from './testing/engine-harness';

const PARENT = { accountId: 1000001, stpGroup: 1000001 };
const SUB = { accountId: 1000002, stpGroup: 1000001 };
const OTHER = { accountId: 2000001, stpGroup: 2000001 };

/** The sub-account rests an ask first, an unrelated account a second one behind it. */
function subAheadOfOther() {
  const h = harness();
  h.engine.submit(SYMBOL, limit('subAsk', 'sell', 100, 5, { ...SUB, stpMode: 'cancel_taker' }));
  h.engine.submit(SYMBOL, limit('otherAsk', 'sell', 100, 5, OTHER));
  h.clear();
  return h;
}

function parentBuys(h: ReturnType<typeof harness>, stpMode: StpMode | undefined, lots = 5) {
  h.engine.submit(SYMBOL, limit('parentBid', 'buy', 100, lots, { ...PARENT, stpMode }));
}

describe('self-trade prevention between a parent and its sub-account', () => {
  it('cancel_maker (the default) cancels the resting sub-account order and keeps matching', () => {
    const h = subAheadOfOther();
    parentBuys(h, undefined);
    expect(h.events.slice(0, 3)).toEqual([
      { type: 'accepted', symbol: SYMBOL, orderId: 'parentBid' },
      { type: 'canceled', symbol: SYMBOL, orderId: 'subAsk', reason: 'stp', filledLots: 0, remaining: 5 },
      expect.objectContaining({ type: 'fill', makerId: 'otherAsk', lots: 5 }),
    ]);
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'parentBid', filledLots: 5 });
    expect(h.engine.bestAsk(SYMBOL)).toBeNull();
  });

  it('cancel_maker stated explicitly behaves as the default', () => {
    const h = subAheadOfOther();
    parentBuys(h, 'cancel_maker');
    expect(h.cancels().map((c) => [c.orderId, c.reason])).toEqual([['subAsk', 'stp']]);
    expect(fillTuples(h.fills())).toEqual([['parentBid', 'otherAsk', 100, 5]]);
  });

  it('cancel_taker cancels the taker remainder and keeps the maker', () => {
    const h = subAheadOfOther();
    parentBuys(h, 'cancel_taker');
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toEqual([{ type: 'canceled', symbol: SYMBOL, orderId: 'parentBid', reason: 'stp', filledLots: 0, remaining: 5 }]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['subAsk', 'otherAsk']);
    expect(h.engine.bestBid(SYMBOL)).toBeNull();
  });

  it('cancel_taker keeps fills made before it meets its own group', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('otherAsk', 'sell', 99, 2, OTHER));
    h.engine.submit(SYMBOL, limit('subAsk', 'sell', 100, 5, SUB));
    parentBuys(h, 'cancel_taker');
    expect(fillTuples(h.fills())).toEqual([['parentBid', 'otherAsk', 99, 2]]);
    expect(h.cancels()).toMatchObject([{ orderId: 'parentBid', reason: 'stp', filledLots: 2, remaining: 3 }]);
    expect(h.engine.order('subAsk')?.remainingLots).toBe(5);
  });

  it('cancel_both cancels the maker and the taker', () => {
    const h = subAheadOfOther();
    parentBuys(h, 'cancel_both');
    expect(h.fills()).toEqual([]);
    expect(h.cancels().map((c) => [c.orderId, c.reason])).toEqual([
      ['subAsk', 'stp'],
      ['parentBid', 'stp'],
    ]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['otherAsk']);
  });

  it('none lets parent and sub-account trade with each other', () => {
    const h = subAheadOfOther();
    parentBuys(h, 'none');
    expect(fillTuples(h.fills())).toEqual([['parentBid', 'subAsk', 100, 5]]);
    expect(h.cancels()).toEqual([]);
  });

  it('ignores the resting order’s own mode: the taker decides', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('subAsk', 'sell', 100, 5, { ...SUB, stpMode: 'none' }));
    parentBuys(h, 'cancel_taker');
    expect(h.fills()).toEqual([]);
    expect(h.cancels().map((c) => c.orderId)).toEqual(['parentBid']);
  });

  it('applies between two sub-accounts of the same parent', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('sub1', 'buy', 100, 5, { accountId: 3000002, stpGroup: 3000001 }));
    h.engine.submit(SYMBOL, limit('sub2', 'sell', 100, 5, { accountId: 3000003, stpGroup: 3000001, stpMode: 'cancel_maker' }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels().map((c) => [c.orderId, c.reason])).toEqual([['sub1', 'stp']]);
    expect(h.engine.order('sub2')?.remainingLots).toBe(5);
  });

  it('a quote-budget market order that has spent its budget is filled, not stopped by the own-group maker behind', () => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('otherAsk', 'sell', 102, 8, OTHER));
    h.engine.submit(SYMBOL, limit('subAsk', 'sell', 102, 1, SUB));
    h.engine.submit(SYMBOL, { type: 'market', orderId: 'm', side: 'buy', quoteBudget: 103, ...PARENT, stpMode: 'cancel_taker' });
    expect(fillTuples(h.fills())).toEqual([['m', 'otherAsk', 102, 1]]);
    expect(h.events.at(-1)).toEqual({ type: 'filled', symbol: SYMBOL, orderId: 'm', filledLots: 1 });
    expect(h.engine.queue(SYMBOL, 'sell', 102)).toEqual(['otherAsk', 'subAsk']);
  });

  it('applies to market orders too', () => {
    const h = subAheadOfOther();
    h.engine.submit(SYMBOL, { type: 'market', orderId: 'm', side: 'buy', lots: 3, ...PARENT, stpMode: 'cancel_taker' });
    expect(h.fills()).toEqual([]);
    expect(h.cancels()).toMatchObject([{ orderId: 'm', reason: 'stp', remaining: 3 }]);
  });
});

describe('self-trade prevention between unrelated accounts', () => {
  it.each<StpMode>(['none', 'cancel_maker', 'cancel_taker', 'cancel_both'])('%s trades normally', (stpMode) => {
    const h = harness();
    h.engine.submit(SYMBOL, limit('otherAsk', 'sell', 100, 5, OTHER));
    parentBuys(h, stpMode, 3);
    expect(fillTuples(h.fills())).toEqual([['parentBid', 'otherAsk', 100, 3]]);
    expect(h.cancels()).toEqual([]);
  });
});

describe('fill-or-kill under self-trade prevention', () => {
  it('with cancel_maker does not count its own group’s liquidity, and leaves the book untouched when short', () => {
    const h = subAheadOfOther();
    h.engine.submit(SYMBOL, limit('fok', 'buy', 100, 6, { ...PARENT, timeInForce: 'fok', stpMode: 'cancel_maker' }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels().map((c) => [c.orderId, c.reason])).toEqual([['fok', 'fok']]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['subAsk', 'otherAsk']);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 5, { ...PARENT, stpMode: 'cancel_maker' })).toBe(true);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 6, { ...PARENT, stpMode: 'cancel_maker' })).toBe(false);
  });

  it('with cancel_maker fills from others and cancels its own group’s makers on the way', () => {
    const h = subAheadOfOther();
    h.engine.submit(SYMBOL, limit('fok', 'buy', 100, 5, { ...PARENT, timeInForce: 'fok', stpMode: 'cancel_maker' }));
    expect(fillTuples(h.fills())).toEqual([['fok', 'otherAsk', 100, 5]]);
    expect(h.cancels().map((c) => c.orderId)).toEqual(['subAsk']);
  });

  it('with cancel_taker counts only liquidity ahead of its own group', () => {
    const h = subAheadOfOther();
    h.engine.submit(SYMBOL, limit('fok', 'buy', 100, 1, { ...PARENT, timeInForce: 'fok', stpMode: 'cancel_taker' }));
    expect(h.fills()).toEqual([]);
    expect(h.cancels().map((c) => [c.orderId, c.reason])).toEqual([['fok', 'fok']]);
    expect(h.engine.queue(SYMBOL, 'sell', 100)).toEqual(['subAsk', 'otherAsk']);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 1, { ...PARENT, stpMode: 'cancel_both' })).toBe(false);
    expect(h.engine.canFullyFill(SYMBOL, 'buy', 100, 10, { ...PARENT, stpMode: 'none' })).toBe(true);
  });
});
