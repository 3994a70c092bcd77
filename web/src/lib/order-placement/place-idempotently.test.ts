import { describe, expect, it } from 'vitest';
import { FakeExchange, instantPolicy, limitBuy } from './fake-exchange.test-support';
import { placeIdempotently, type PlacementStatus } from './place-idempotently';

describe('idempotent placement of one order', () => {
  it('places once when the first answer arrives', async () => {
    const ex = new FakeExchange();
    const s = await placeIdempotently(limitBuy('a1'), ex, instantPolicy);
    expect(s).toMatchObject({ kind: 'placed', confirmedBy: 'answer', orderId: '1' });
    expect(ex.calls).toEqual(['place:ok']);
  });

  it('finds the order by clientOid after a lost answer and does not send it again', async () => {
    const ex = new FakeExchange();
    ex.faults.place.push('lost');
    const seen: PlacementStatus['kind'][] = [];
    const s = await placeIdempotently(limitBuy('a2'), ex, instantPolicy, (st) => seen.push(st.kind));
    expect(s).toMatchObject({ kind: 'placed', confirmedBy: 'lookup', orderId: '1' });
    expect(ex.byClientOid('a2')).toHaveLength(1);
    expect(ex.calls).toEqual(['place:lost', 'find:ok']);
    expect(seen).toEqual(['sending', 'checking', 'checking', 'placed']);
  });

  it('sends again with the same clientOid when a 503 meant nothing was done', async () => {
    const ex = new FakeExchange();
    ex.faults.place.push('refuse5xx', 'network');
    const s = await placeIdempotently(limitBuy('a3'), ex, instantPolicy);
    expect(s.kind).toBe('placed');
    expect(ex.byClientOid('a3')).toHaveLength(1);
    expect(ex.calls).toEqual(['place:refuse5xx', 'find:ok', 'place:network', 'find:ok', 'place:ok']);
  });

  it('treats a timeout as unknown and resolves it by looking the order up', async () => {
    const ex = new FakeExchange();
    ex.faults.place.push('hang');
    const s = await placeIdempotently(limitBuy('a4'), ex, instantPolicy);
    expect(s.kind).toBe('placed');
    expect(ex.byClientOid('a4')).toHaveLength(1);
  });

  it('reads a duplicate-clientOid answer to a retry as "our earlier send arrived" and looks it up', async () => {
    const ex = new FakeExchange();
    // The first send is lost; the look-up fails too, so the retry meets the order it created.
    ex.faults.place.push('lost');
    ex.faults.find.push('network');
    const s = await placeIdempotently(limitBuy('a5'), ex, instantPolicy);
    expect(s).toMatchObject({ kind: 'placed', confirmedBy: 'lookup' });
    expect(ex.byClientOid('a5')).toHaveLength(1);
    expect(ex.calls).toEqual(['place:lost', 'find:network', 'find:ok']);
  });

  it('refuses a first send whose clientOid is already taken by another pending order', async () => {
    const ex = new FakeExchange();
    await placeIdempotently(limitBuy('a6'), ex, instantPolicy);
    const s = await placeIdempotently(limitBuy('a6'), ex, instantPolicy);
    expect(s).toMatchObject({ kind: 'refused', message: expect.stringContaining('25212') });
    expect(ex.byClientOid('a6')).toHaveLength(1);
  });

  it('stops at an exchange refusal without retrying', async () => {
    const ex = new FakeExchange();
    const s = await placeIdempotently(limitBuy('a7', '999'), ex, instantPolicy);
    expect(s).toMatchObject({ kind: 'refused', message: expect.stringContaining('25202') });
    expect(ex.calls).toEqual(['place:ok']);
  });

  it('gives up as "unknown" naming the clientOid when nothing answers', async () => {
    const ex = new FakeExchange();
    ex.faults.place.push(...Array<'network'>(10).fill('network'));
    ex.faults.find.push(...Array<'network'>(10).fill('network'));
    const s = await placeIdempotently(limitBuy('a8'), ex, instantPolicy);
    expect(s).toMatchObject({ kind: 'unknown', message: expect.stringContaining('a8') });
    expect(ex.orders).toHaveLength(0);
  });

  it('never makes a duplicate under any mix of faults (every schedule of 4 faults over 4 kinds; hangs are covered above)', async () => {
    const kinds = ['ok', 'refuse5xx', 'lost', 'network'] as const;
    let n = 0;
    for (const a of kinds) for (const b of kinds) for (const c of kinds) for (const d of kinds) {
      const ex = new FakeExchange();
      ex.faults.place.push(a, c);
      ex.faults.find.push(b, d);
      const oid = `p${n++}`;
      const s = await placeIdempotently(limitBuy(oid), ex, instantPolicy);
      expect(ex.byClientOid(oid).length).toBeLessThanOrEqual(1);
      expect(s.kind === 'placed').toBe(ex.byClientOid(oid).length === 1);
    }
  });
});
