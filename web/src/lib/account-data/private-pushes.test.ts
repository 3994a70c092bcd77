import { describe, expect, it } from 'vitest';
import type { Assets, Position } from '@contract/schemas/account';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { applyPositionPush, balancesMoved, orderPushEffect } from './private-pushes';

const order = (over: Partial<OrderPushItem>): OrderPushItem => ({
  orderId: '1',
  clientOid: 'c',
  category: 'spot',
  symbol: 'BTCUSDT',
  orderType: 'limit',
  side: 'buy',
  price: '100',
  qty: '1',
  cumExecQty: '0',
  cumExecValue: '0',
  avgPrice: '0',
  timeInForce: 'gtc',
  state: 'live',
  orderStatus: 'live',
  cancelSource: '',
  createdTime: '10',
  updatedTime: '10',
  ...over,
});

const position = (over: Partial<Position>): Position => ({
  category: 'USDT-FUTURES',
  symbol: 'BTCUSDT',
  marginCoin: 'USDT',
  holdMode: 'one_way_mode',
  posSide: 'long',
  marginMode: 'crossed',
  positionBalance: '65',
  available: '0.01',
  frozen: '0',
  total: '0.01',
  leverage: '10',
  curRealisedPnl: '0',
  avgPrice: '65000',
  positionStatus: 'normal',
  unrealisedPnl: '1',
  liquidationPrice: '0',
  mmr: '0',
  profitRate: '0',
  markPrice: '65100',
  breakEvenPrice: '65000',
  totalFunding: '0',
  openFeeTotal: '0',
  closeFeeTotal: '0',
  createdTime: '1',
  updatedTime: '1',
  ...over,
});

const assets = (balances: Record<string, string>): Assets => ({
  accountEquity: '1',
  usdtEquity: '1',
  btcEquity: '0',
  unrealisedPnl: '0',
  effEquity: '1',
  mmr: '0',
  imr: '0',
  mgnRatio: '0',
  positionMgnRatio: '0',
  assets: Object.entries(balances).map(([coin, balance]) => ({ coin, balance, equity: balance, usdValue: balance, available: balance, debt: '0', locked: '0' })),
});

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
