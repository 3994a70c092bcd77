import { describe, expect, it } from 'vitest';
import { assets, orderPush as order, position } from './account-fixtures.test-support';
import { applyPositionPush, balancesMoved, orderPushEffect } from './private-pushes';

describe('orderPushEffect', () => {
  it('sees a fill in a push that carries a tradeId, and a final state in filled', () => {
    expect(orderPushEffect([order({ state: 'filled', tradeId: 't1', execQty: '1' })])).toEqual({ filled: true, finished: true });
  });

  it('sees a partial fill as a fill that does not finish the order', () => {
    expect(orderPushEffect([order({ state: 'partially_filled', tradeId: 't1' })])).toEqual({ filled: true, finished: false });
  });

  it('sees a cancel as final without a fill, and live/new as neither', () => {
    expect(orderPushEffect([order({ state: 'canceled' })])).toEqual({ filled: false, finished: true });
    expect(orderPushEffect([order({ state: 'live' }), order({ state: 'new' })])).toEqual({ filled: false, finished: false });
  });
});

describe('balancesMoved', () => {
  it('is false when only the valuation was pushed again', () => {
    expect(balancesMoved(assets({ USDT: '10', BTC: '1' }), assets({ USDT: '10', BTC: '1' }))).toBe(false);
  });

  it('is true when a balance changed or a coin appeared', () => {
    expect(balancesMoved(assets({ USDT: '10' }), assets({ USDT: '9.9' }))).toBe(true);
    expect(balancesMoved(assets({ USDT: '10' }), assets({ USDT: '10', BTC: '0.1' }))).toBe(true);
  });

  it('is false for the first push (nothing to compare)', () => {
    expect(balancesMoved(undefined, assets({ USDT: '10' }))).toBe(false);
  });
});

describe('applyPositionPush', () => {
  it('replaces the list with a snapshot, leaving out zero positions', () => {
    const next = applyPositionPush({ list: [position({ symbol: 'ETHUSDT' })] }, [position({}), position({ posSide: 'short', total: '0' })], true);
    expect(next?.list.map((p) => `${p.symbol}:${p.posSide}`)).toEqual(['BTCUSDT:long']);
  });

  it('updates a position in place and removes one pushed with total 0', () => {
    const old = { list: [position({}), position({ posSide: 'short' })] };
    const next = applyPositionPush(old, [position({ total: '0.02' }), position({ posSide: 'short', total: '0' })], false);
    expect(next?.list).toHaveLength(1);
    expect(next?.list[0]?.total).toBe('0.02');
  });

  it('matches the category whatever its case', () => {
    const next = applyPositionPush({ list: [position({ category: 'usdt-futures' })] }, [position({ category: 'USDT-FUTURES', total: '0.5' })], false);
    expect(next?.list).toHaveLength(1);
  });

  it('leaves an unloaded list alone on an update', () => {
    expect(applyPositionPush(undefined, [position({})], false)).toBeUndefined();
  });
});
