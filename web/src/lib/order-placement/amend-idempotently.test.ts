import { describe, expect, it } from 'vitest';
import { cancelBatchIdempotently, cancelIdempotently, modifyIdempotently } from './amend-idempotently';
import { FakeExchange, instantPolicy, limitBuy } from './fake-exchange.test-support';
import { placeIdempotently } from './place-idempotently';

async function withOrder(oid = 'm1') {
  const ex = new FakeExchange();
  const placed = await placeIdempotently(limitBuy(oid), ex, instantPolicy);
  if (placed.kind !== 'placed') throw new Error('setup failed');
  ex.calls.length = 0;
  return { ex, orderId: placed.orderId };
}

describe('modify and cancel with unknown outcomes', () => {
  it('confirms a modify whose answer was lost by reading the order, without sending it again', async () => {
    const { ex, orderId } = await withOrder();
    ex.faults.modify.push('lost');
    const r = await modifyIdempotently({ orderId, symbol: 'BTCUSDT', category: 'spot', price: '49000', qty: '0.01' }, ex, instantPolicy);
    expect(r).toEqual({ ok: true, text: 'modified' });
    expect(ex.calls).toEqual(['modify:lost', 'find:ok']);
  });

  it('sends a modify again when the order does not show it yet', async () => {
    const { ex, orderId } = await withOrder();
    ex.faults.modify.push('refuse5xx');
    const r = await modifyIdempotently({ orderId, symbol: 'BTCUSDT', category: 'spot', price: '48000', qty: '0.01' }, ex, instantPolicy);
    expect(r.ok).toBe(true);
    expect(ex.orders[0]?.price).toBe('48000');
    expect(ex.calls).toEqual(['modify:refuse5xx', 'find:ok', 'modify:ok']);
  });

  it('takes "already canceled" on a retried cancel as done', async () => {
    const { ex, orderId } = await withOrder();
    ex.faults.cancel.push('lost');
    const r = await cancelIdempotently({ orderId, symbol: 'BTCUSDT' }, ex, instantPolicy);
    expect(r.ok).toBe(true);
    expect(ex.orders[0]?.state).toBe('canceled');
  });

  it('reports a first cancel of a canceled order as the refusal it is', async () => {
    const { ex, orderId } = await withOrder();
    await cancelIdempotently({ orderId, symbol: 'BTCUSDT' }, ex, instantPolicy);
    const r = await cancelIdempotently({ orderId, symbol: 'BTCUSDT' }, ex, instantPolicy);
    expect(r).toMatchObject({ ok: false, unknown: false, text: expect.stringContaining('25205') });
  });

  it('retries a cancel-batch whose answer was lost and counts the already-canceled orders as done', async () => {
    const ex = new FakeExchange();
    for (const oid of ['c1', 'c2']) await placeIdempotently(limitBuy(oid), ex, instantPolicy);
    ex.faults.cancelBatch.push('lost');
    const r = await cancelBatchIdempotently([{ orderId: '1', symbol: 'BTCUSDT' }, { orderId: '2', symbol: 'BTCUSDT' }], ex, instantPolicy);
    expect([...r.values()].every((x) => x.ok)).toBe(true);
    expect(ex.orders.every((o) => o.state === 'canceled')).toBe(true);
  });
});
