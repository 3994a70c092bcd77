import { describe, expect, it } from 'vitest';
import { assets, position } from './account';
import { instrument } from './instruments';
import { batchResult, fillPushItem, orderRecord } from './orders';
import { accountPushItem, checkTradeOp, mergeAccountPush, wsErrorAnswer, wsLoginRequest, wsTradeAnswer } from './ws-private';

const base = {
  orderId: '1', clientOid: 'c1', category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', price: '1', qty: '1',
  cumExecQty: '0', cumExecValue: '0', avgPrice: '0', timeInForce: 'gtc', createdTime: '1', updatedTime: '1',
} as const;

describe('order record', () => {
  it('yields state and cancelSource from the public API names', () => {
    const r = orderRecord.parse({ ...base, orderStatus: 'canceled', cancelReason: 'post_only' });
    expect(r.state).toBe('canceled');
    expect(r.cancelSource).toBe('post_only');
  });

  it('accepts the spec names too, and needs one of them', () => {
    expect(orderRecord.parse({ ...base, state: 'live' }).orderStatus).toBe('live');
    expect(orderRecord.safeParse(base).success).toBe(false);
  });
});

describe('WebSocket trade operations', () => {
  const place = { orderType: 'limit', price: '1', qty: '1', side: 'buy', symbol: 'BTCUSDT', timeInForce: 'gtc', clientOid: 'a' };

  it('takes the preset prices in websocket.md\'s spelling (takeprofit, stoploss) and yields REST\'s names', () => {
    const r = checkTradeOp({ op: 'trade', id: '1', category: 'usdt-futures', topic: 'place-order', args: [{ ...place, takeprofit: '2', stoploss: '0.5', tpTriggerBy: 'mark' }] });
    expect(r).toMatchObject({ ok: true, data: { args: [{ takeProfit: '2', stopLoss: '0.5', tpTriggerBy: 'mark' }] } });
    expect((r as { data: { args: object[] } }).data.args[0]).not.toHaveProperty('takeprofit');
  });

  it('accepts a place-order op and hands back the parsed args', () => {
    const r = checkTradeOp({ op: 'trade', id: '1', category: 'spot', topic: 'place-order', args: [{ ...place, category: 'SPOT' }] });
    expect(r).toMatchObject({ ok: true, data: { args: [{ category: 'spot' }] } });
  });

  it('accepts a login timestamp in seconds as text or as a number', () => {
    const arg = { apiKey: 'k', passphrase: 'p', sign: 's' };
    expect(wsLoginRequest.parse({ op: 'login', args: [{ ...arg, timestamp: 1538054050 }] }).args[0]!.timestamp).toBe('1538054050');
    expect(wsLoginRequest.safeParse({ op: 'login', args: [{ ...arg, timestamp: '15380' }] }).success).toBe(false);
  });

  it('rejects a batch-place of 21 and names a bad clientOid by its position', () => {
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'batch-place', args: Array.from({ length: 21 }, () => place) })).toMatchObject({ ok: false, field: 'args', message: 'must hold at most 20 orders' });
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'batch-place', args: [place, { ...place, clientOid: 'bad?oid' }] })).toMatchObject({ ok: false, field: 'args.1.clientOid' });
  });

  it('takes reduceOnly as YES/NO and marginMode on WebSocket place-order (docs, SDK)', () => {
    const r = checkTradeOp({ op: 'trade', id: '1', category: 'usdt-futures', topic: 'place-order', args: [{ ...place, reduceOnly: 'YES', marginMode: 'crossed' }] });
    expect(r).toMatchObject({ ok: true, data: { args: [{ reduceOnly: 'yes', marginMode: 'crossed' }] } });
  });

  it('modifies over WebSocket without a symbol, and cancels with the category in the args', () => {
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'batch-modify', args: [{ orderId: '1', price: '5', qty: '2', autoCancel: 'yes' }] }).ok).toBe(true);
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'cancel-order', args: [{ orderId: '1', category: 'SPOT' }] })).toMatchObject({ ok: true, data: { args: [{ category: 'spot' }] } });
  });

  it('rejects an unknown topic and a single op carrying two orders', () => {
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'place-everything', args: [] })).toMatchObject({ ok: false, field: 'topic' });
    expect(checkTradeOp({ op: 'trade', id: '1', topic: 'place-order', args: [place, place] }).ok).toBe(false);
  });
});

describe('answers and pushes in the live dialect', () => {
  it('reads the live final state cancelled as the desk state canceled, and normal_cancel as the user', () => {
    const r = orderRecord.parse({ ...base, category: 'USDT-FUTURES', orderStatus: 'cancelled', cancelReason: 'normal_cancel' });
    expect(r).toMatchObject({ state: 'canceled', orderStatus: 'canceled', cancelSource: 'user', category: 'usdt-futures', cancelReason: 'normal_cancel' });
    expect(orderRecord.parse({ ...base, orderStatus: 'cancelled', cancelReason: 'risk' }).cancelSource).toBe('system');
    expect(orderRecord.safeParse({ ...base, orderStatus: 'expired' }).success).toBe(false);
  });

  it('takes the order push holdSide as posSide and an empty price of a market order', () => {
    const r = orderRecord.parse({ ...base, orderType: 'market', price: '', orderStatus: 'filled', holdSide: 'long', marginMode: 'crossed' });
    expect(r).toMatchObject({ posSide: 'long', price: '', state: 'filled' });
    expect('holdSide' in r).toBe(false);
  });

  it('accepts successful batch items without code and msg, as accepted', () => {
    expect(batchResult.parse([{ orderId: '1', clientOid: 'a' }, { orderId: '', clientOid: 'b', code: '25204', msg: 'no such order' }])).toEqual([
      { orderId: '1', clientOid: 'a', code: '00000', msg: 'success' },
      { orderId: '', clientOid: 'b', code: '25204', msg: 'no such order' },
    ]);
  });

  it('parses a fill push (execTime, no createdTime) to the fill record shape', () => {
    const fill = {
      symbol: 'BTCUSDT', orderType: 'market', updatedTime: '2', side: 'buy', orderId: '9', execPnl: '0', feeDetail: [{ feeCoin: 'USDT', fee: '0.5' }],
      execTime: '1', tradeScope: 'taker', tradeSide: 'open', execId: '7', execLinkId: '8', execPrice: '94993', holdSide: 'long', execValue: '949.93',
      category: 'usdt-futures', execQty: '0.01', clientOid: 'c', isRPI: 'no',
    };
    expect(fillPushItem.parse(fill)).toMatchObject({ createdTime: '1', execLinkId: '8', category: 'usdt-futures' });
    expect(fillPushItem.safeParse({ ...fill, execTime: undefined }).success).toBe(false);
  });
});

describe('positions in both dialects', () => {
  const rest = {
    category: 'USDT-FUTURES', symbol: 'BTCUSDT', marginCoin: 'USDT', holdMode: 'hedge_mode', posSide: 'long', marginMode: 'crossed', positionBalance: '100',
    available: '1', frozen: '0', total: '1', leverage: '3', curRealisedPnl: '0', avgPrice: '100', positionStatus: 'normal', unrealisedPnl: '-1',
    liquidationPrice: '40', mmr: '0.015', profitRate: '0.2', markPrice: '99', breakEvenPrice: '101', totalFunding: '-5', openFeeTotal: '-2', closeFeeTotal: '0',
    createdTime: '1', updatedTime: '2',
  };
  const { category: _c, positionBalance: _b, total: _t, liquidationPrice: _l, totalFunding: _f, ...common } = rest;
  const push = { ...common, marginSize: '100', size: '1', liqPrice: '', marginRate: '0.01', totalFundingFee: '0', openFeeTotal: '', closeFeeTotal: '', profitRate: '', mmr: '' };

  it('lower-cases the REST category', () => {
    expect(position.parse(rest)).toMatchObject({ category: 'usdt-futures', total: '1', positionBalance: '100' });
  });

  it('parses the live push to the REST names, inferring the category from the margin coin', () => {
    expect(position.parse(push)).toMatchObject({ category: 'usdt-futures', total: '1', positionBalance: '100', liquidationPrice: '', totalFunding: '0', marginRate: '0.01', openFeeTotal: '' });
    expect(position.parse({ ...push, marginCoin: 'USDC' }).category).toBe('usdc-futures');
    expect(position.parse({ ...push, marginCoin: 'BTC', symbol: 'BTCUSD' }).category).toBe('coin-futures');
    expect(position.safeParse({ ...push, size: undefined }).error?.issues[0]?.path).toEqual(['total']);
  });
});

describe('account pushes in both dialects', () => {
  const seed = {
    accountEquity: '10', usdtEquity: '10', btcEquity: '0.0001', unrealisedPnl: '0', effEquity: '9', mmr: '0', imr: '0', mgnRatio: '0', positionMgnRatio: '0',
    assets: [{ coin: 'USDT', equity: '10', usdValue: '10', balance: '10', available: '10', debt: '0', locked: '0' }],
  };
  const live = {
    unrealisedPnL: '-1.5', totalEquity: '20', positionMgnRatio: '0', mmr: '1', effEquity: '19', imr: '2', mgnRatio: '0',
    coin: [{ debts: '0', balance: '20', available: '20', borrow: '0', locked: '0', equity: '20', coin: 'USDT', usdValue: '20' }],
  };

  it('parses the seed shape unchanged', () => {
    expect(accountPushItem.parse(seed)).toEqual(seed);
  });

  it('parses the live shape to the assets names, and merges the equities it lacks', () => {
    const item = accountPushItem.parse(live);
    expect(item).toMatchObject({ accountEquity: '20', unrealisedPnl: '-1.5', assets: [{ coin: 'USDT', debt: '0', borrow: '0' }] });
    expect(mergeAccountPush(undefined, item)).toBeUndefined();
    expect(mergeAccountPush(assets.parse(seed), item)).toMatchObject({ accountEquity: '20', usdtEquity: '10', btcEquity: '0.0001' });
  });
});

describe('instruments in both dialects', () => {
  const spot = {
    symbol: 'BTCUSDT', category: 'SPOT', baseCoin: 'BTC', quoteCoin: 'USDT', minOrderQty: '0.000001', maxOrderQty: '0', pricePrecision: '2',
    quantityPrecision: '6', quotePrecision: '8', minOrderAmount: '1', status: 'online', launchTime: null,
  };

  it('derives tick and lot from the precisions when the multipliers are absent (live spot and margin)', () => {
    expect(instrument.parse(spot)).toMatchObject({ category: 'spot', priceMultiplier: '0.01', quantityMultiplier: '0.000001' });
    expect(instrument.parse({ ...spot, pricePrecision: '0' }).priceMultiplier).toBe('1');
    expect(instrument.parse({ ...spot, priceMultiplier: '0.5' }).priceMultiplier).toBe('0.5');
  });

  it('reads the live leverage bounds as minLever and maxLever', () => {
    expect(instrument.parse({ ...spot, category: 'USDT-FUTURES', minLeverage: '1', maxLeverage: '150' })).toMatchObject({ minLever: '1', maxLever: '150' });
  });
});

describe('WebSocket answers', () => {
  it('parses a trade answer with connId and a trade error whose id is a number', () => {
    const answer = { event: 'trade', id: '1', category: 'spot', topic: 'place-order', args: [{ symbol: 'BTCUSDT', orderId: '1', clientOid: 'c', cTime: '1' }], code: '0', msg: 'success', connId: 'x', ts: '1' };
    expect(wsTradeAnswer.parse(answer).connId).toBe('x');
    expect(wsErrorAnswer.parse({ event: 'error', code: '40010', msg: 'Request timed out', id: 1666268894074 }).id).toBe('1666268894074');
  });
});
