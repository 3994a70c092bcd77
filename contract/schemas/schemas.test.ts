import { describe, expect, it } from 'vitest';
import { orderRecord } from './orders';
import { checkTradeOp, wsLoginRequest } from './ws-private';

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
