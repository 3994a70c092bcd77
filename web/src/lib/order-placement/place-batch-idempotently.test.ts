import { describe, expect, it } from 'vitest';
import { FakeExchange, instantPolicy, limitBuy } from './fake-exchange.test-support';
import { placeBatchIdempotently } from './place-batch-idempotently';

describe('idempotent batch placement', () => {
  it('keeps each order its own outcome: accepted and rejected rows', async () => {
    const ex = new FakeExchange();
    const s = await placeBatchIdempotently([limitBuy('b1'), limitBuy('b2', '999')], ex, instantPolicy);
    expect(s.get('b1')).toMatchObject({ status: 'accepted' });
    expect(s.get('b2')).toMatchObject({ status: 'rejected', code: '25202' });
  });

  it('after a lost answer, finds every placed order by clientOid and sends none of them again', async () => {
    const ex = new FakeExchange();
    ex.faults.placeBatch.push('lost');
    const s = await placeBatchIdempotently([limitBuy('b3'), limitBuy('b4'), limitBuy('b5', '999')], ex, instantPolicy);
    expect(s.get('b3')).toMatchObject({ status: 'accepted' });
    expect(s.get('b4')).toMatchObject({ status: 'accepted' });
    // The refused one is not found, so it is sent again, and refused again with its own reason.
    expect(s.get('b5')).toMatchObject({ status: 'rejected', code: '25202' });
    expect(ex.orders).toHaveLength(2);
  });

  it('looks up every order in doubt in a round, even after one look-up failed', async () => {
    const ex = new FakeExchange();
    ex.faults.placeBatch.push('lost');
    // Round 1 sends the batch and loses the answer; round 2 looks the three up, the second
    // look-up failing. With only two rounds, what round 2 found is the whole outcome.
    ex.faults.find.push('ok', 'refuse5xx', 'ok');
    const s = await placeBatchIdempotently([limitBuy('c1'), limitBuy('c2'), limitBuy('c3')], ex, { ...instantPolicy, rounds: 2 });
    expect(s.get('c1')).toMatchObject({ status: 'accepted' });
    expect(s.get('c2')).toMatchObject({ status: 'unknown', msg: expect.stringContaining('the look-up failed') });
    expect(s.get('c3')).toMatchObject({ status: 'accepted' });
    expect(ex.calls.filter((c) => c.startsWith('find:'))).toEqual(['find:ok', 'find:refuse5xx', 'find:ok']);
    expect(ex.orders).toHaveLength(3);
  });

  it('resends the whole batch with the same clientOids after a 503', async () => {
    const ex = new FakeExchange();
    ex.faults.placeBatch.push('refuse5xx');
    const s = await placeBatchIdempotently([limitBuy('b6'), limitBuy('b7')], ex, instantPolicy);
    expect([...s.values()].map((r) => r.status)).toEqual(['accepted', 'accepted']);
    expect(ex.orders.map((o) => o.clientOid)).toEqual(['b6', 'b7']);
  });

  it('looks up an order the retry reports as a duplicate clientOid instead of rejecting it', async () => {
    const ex = new FakeExchange();
    ex.faults.placeBatch.push('lost');
    ex.faults.find.push('network');
    const s = await placeBatchIdempotently([limitBuy('b8')], ex, instantPolicy);
    expect(s.get('b8')).toMatchObject({ status: 'accepted', orderId: '1' });
    expect(ex.orders).toHaveLength(1);
  });

  it('never duplicates an order under mixed faults', async () => {
    const kinds = ['ok', 'refuse5xx', 'lost', 'network'] as const;
    let n = 0;
    for (const a of kinds) for (const b of kinds) for (const c of kinds) {
      const ex = new FakeExchange();
      ex.faults.placeBatch.push(a, c);
      ex.faults.find.push(b);
      const oids = [`x${n}`, `y${n}`];
      n++;
      const s = await placeBatchIdempotently(oids.map((o) => limitBuy(o)), ex, instantPolicy);
      for (const oid of oids) {
        expect(ex.byClientOid(oid).length).toBeLessThanOrEqual(1);
        expect(s.get(oid)?.status === 'accepted').toBe(ex.byClientOid(oid).length === 1);
      }
    }
  });
});
