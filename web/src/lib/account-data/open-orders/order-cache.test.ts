import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OrderRecord } from '@contract/schemas/orders';
import type { OrderPushItem } from '@contract/schemas/ws-private';
import { orderPush as order } from '@web/lib/account-data/account-fixtures.test-support';
import { applyOrderPushes, beginRefetch, emptyKnowledge, mergeOrderList, TOMBSTONE_LIMIT, TOMBSTONE_MS, type OrderKnowledge, type OrderPageData } from './order-cache';

const NOW = 1_000_000;
const page = (...list: OrderRecord[]): OrderPageData => ({ list, cursor: '' });
const states = (p: OrderPageData | undefined) => p?.list.map((o) => `${o.orderId}:${o.state}`).sort();

/** Pushes applied one batch at a time, as the socket delivers them. */
function pushAll(start: { page: OrderPageData | undefined; knowledge: OrderKnowledge }, batches: readonly OrderPushItem[][], now = NOW) {
  let view = start;
  for (const batch of batches) view = applyOrderPushes(view.page, view.knowledge, batch, now);
  return view;
}

/** A refetch that began at `begin` (knowledge then) and is answered with `answer` after `meanwhile` pushes. */
function refetch(view: { page: OrderPageData | undefined; knowledge: OrderKnowledge }, answer: OrderPageData, meanwhile: OrderPushItem[][] = [], now = NOW) {
  const begun = beginRefetch(view.knowledge);
  const during = pushAll({ page: view.page, knowledge: begun.knowledge }, meanwhile, now);
  return mergeOrderList(during.knowledge, answer, begun.mark, now);
}

describe('applyOrderPushes', () => {
  it('adds an order the page does not have yet', () => {
    const r = applyOrderPushes(page(), emptyKnowledge, [order({})], NOW);
    expect(states(r.page)).toEqual(['1:live']);
    expect(r.applied).toHaveLength(1);
  });

  it('updates an order in place and drops the fill-only fields', () => {
    const r = applyOrderPushes(page(order({})), emptyKnowledge, [order({ state: 'partially_filled', cumExecQty: '0.5', updatedTime: '11', tradeId: 't1', execQty: '0.5' })], NOW);
    expect(r.page?.list).toHaveLength(1);
    expect(r.page?.list[0]).toMatchObject({ state: 'partially_filled', cumExecQty: '0.5' });
    expect(r.page?.list[0]).not.toHaveProperty('tradeId');
  });

  it('keeps a canceled order with its reason until the next refetch', () => {
    const r = applyOrderPushes(page(order({})), emptyKnowledge, [order({ state: 'canceled', cancelSource: 'user', updatedTime: '12' })], NOW);
    expect(r.page?.list[0]).toMatchObject({ state: 'canceled', cancelSource: 'user' });
  });

  it('ignores a push older than what it knows, e.g. a late "new" after "filled"', () => {
    const seen = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ state: 'filled', updatedTime: '12' })]]);
    for (const late of [order({ state: 'new', updatedTime: '11' }), order({ state: 'new', updatedTime: '13' }), order({ state: 'partially_filled', updatedTime: '99' })]) {
      const r = applyOrderPushes(seen.page, seen.knowledge, [late], NOW);
      expect(states(r.page)).toEqual(['1:filled']);
      expect(r.applied).toEqual([]);
    }
  });

  it('applies pushes swapped in transit in their true order: live, new, partially filled, filled', () => {
    const live = order({ state: 'live', updatedTime: '10' });
    const fresh = order({ state: 'new', updatedTime: '10' });
    const part = order({ state: 'partially_filled', cumExecQty: '0.4', updatedTime: '11' });
    const part2 = order({ state: 'partially_filled', cumExecQty: '0.7', updatedTime: '11' });
    const filled = order({ state: 'filled', cumExecQty: '1', updatedTime: '12' });
    const inOrder = pushAll({ page: page(), knowledge: emptyKnowledge }, [[live], [fresh], [part], [part2], [filled]]);
    const swapped = pushAll({ page: page(), knowledge: emptyKnowledge }, [[fresh], [live], [part2], [filled], [part]]);
    expect(swapped.page).toEqual(inOrder.page);
    expect(states(swapped.page)).toEqual(['1:filled']);
  });

  it('ends in the newest state whatever order and duplication the pushes arrive in', () => {
    const history = [
      order({ state: 'live', updatedTime: '10' }),
      order({ state: 'new', updatedTime: '10' }),
      order({ state: 'new', price: '99', updatedTime: '11' }),
      order({ state: 'partially_filled', price: '99', cumExecQty: '0.3', updatedTime: '12' }),
      order({ state: 'canceled', price: '99', cumExecQty: '0.3', cancelSource: 'user', updatedTime: '13' }),
    ];
    // Every report at least once, some twice or more, in any order.
    const arrivals = fc.array(fc.integer({ min: 0, max: history.length - 1 }), { maxLength: 8 }).chain((extra) => {
      const all = [...history.keys(), ...extra];
      return fc.shuffledSubarray(all, { minLength: all.length, maxLength: all.length });
    });
    fc.assert(
      fc.property(arrivals, (seq) => {
        const end = pushAll({ page: page(), knowledge: emptyKnowledge }, seq.map((i) => [history[i]!]));
        expect(end.page?.list).toEqual([expect.objectContaining({ state: 'canceled', price: '99', updatedTime: '13' })]);
      }),
    );
  });

  it('ignores the same push sent twice and does not report it as news', () => {
    const once = applyOrderPushes(page(), emptyKnowledge, [order({ state: 'new', updatedTime: '11' })], NOW);
    const twice = applyOrderPushes(once.page, once.knowledge, [order({ state: 'new', updatedTime: '11' })], NOW);
    expect(twice.page).toBe(once.page);
    expect(twice.applied).toEqual([]);
  });

  it('takes a modification, which keeps the state but moves updatedTime on', () => {
    const placed = applyOrderPushes(page(), emptyKnowledge, [order({ state: 'new', price: '100', updatedTime: '11' })], NOW);
    const moved = applyOrderPushes(placed.page, placed.knowledge, [order({ state: 'new', price: '98', updatedTime: '15' })], NOW);
    expect(moved.page?.list[0]?.price).toBe('98');
  });

  it('remembers pushes that come before the page is loaded, without making one up', () => {
    const r = applyOrderPushes(undefined, emptyKnowledge, [order({ state: 'canceled', updatedTime: '12' })], NOW);
    expect(r.page).toBeUndefined();
    expect(r.knowledge.orders.get('1')?.finished).toBe(true);
  });
});

describe('mergeOrderList (the refetch after a reconnect or an unsure outcome)', () => {
  it('takes the list as it is when nothing else is known', () => {
    const r = refetch({ page: undefined, knowledge: emptyKnowledge }, page(order({ orderId: '1' }), order({ orderId: '2', state: 'new' })));
    expect(states(r.page)).toEqual(['1:live', '2:new']);
    expect(r.recheck).toEqual([]);
  });

  it('drops an order the list no longer holds when it was known before the refetch began', () => {
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'new', updatedTime: '11' })]]);
    const r = refetch(known, page());
    expect(states(r.page)).toEqual([]);
    expect(r.knowledge.orders.get('1')?.finished).toBe(true);
  });

  it('never lets a stale open push bring back an order a refetch removed as finished', () => {
    // "new" at 11 reaches us, the cancel push is lost, a refetch drops the order, then the
    // "new" push arrives again (duplicated and delayed).
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'new', updatedTime: '11' })]]);
    const after = refetch(known, page());
    for (const stale of [order({ orderId: '1', state: 'new', updatedTime: '11' }), order({ orderId: '1', state: 'live', updatedTime: '10' })]) {
      const r = applyOrderPushes(after.page, after.knowledge, [stale], NOW);
      expect(states(r.page)).toEqual([]);
    }
  });

  it('never lets a late push resurrect an order whose cancel it saw, after the refetch dropped it', () => {
    const seen = pushAll({ page: page(order({ orderId: '1' })), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'canceled', updatedTime: '12' })]]);
    const after = refetch(seen, page());
    expect(states(after.page)).toEqual([]);
    const late = applyOrderPushes(after.page, after.knowledge, [order({ orderId: '1', state: 'live', updatedTime: '10' })], NOW);
    expect(states(late.page)).toEqual([]);
  });

  it('ignores a late open push of an order it never saw, when a list taken since did not hold it', () => {
    // Order 7 was placed at 10 and canceled before the list was taken; we knew of another
    // order updated at 20, so the list was taken at 20 or later.
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '2', state: 'new', updatedTime: '20' })]]);
    const after = refetch(known, page(order({ orderId: '2', state: 'new', updatedTime: '20' })));
    const late = applyOrderPushes(after.page, after.knowledge, [order({ orderId: '7', state: 'live', updatedTime: '10' })], NOW);
    expect(states(late.page)).toEqual(['2:new']);
    const placedSince = applyOrderPushes(after.page, after.knowledge, [order({ orderId: '8', state: 'live', updatedTime: '21' })], NOW);
    expect(states(placedSince.page)).toEqual(['2:new', '8:live']);
  });

  it('keeps a state a push brought while the refetch was under way when it is newer than the list', () => {
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'new', updatedTime: '11' })]]);
    const r = refetch(known, page(order({ orderId: '1', state: 'new', updatedTime: '11' })), [[order({ orderId: '1', state: 'partially_filled', cumExecQty: '0.2', updatedTime: '14' })]]);
    expect(states(r.page)).toEqual(['1:partially_filled']);
  });

  it('drops a listed order that a push during the refetch says is finished', () => {
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'new', updatedTime: '11' })]]);
    const r = refetch(known, page(order({ orderId: '1', state: 'new', updatedTime: '11' })), [[order({ orderId: '1', state: 'filled', updatedTime: '14' })]]);
    expect(states(r.page)).toEqual([]);
  });

  it('takes the list over an older push that arrived while it was under way', () => {
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '1', state: 'live', updatedTime: '10' })]]);
    const r = refetch(known, page(order({ orderId: '1', state: 'partially_filled', cumExecQty: '0.5', updatedTime: '15' })), [[order({ orderId: '1', state: 'new', updatedTime: '10' })]]);
    expect(r.page.list).toEqual([expect.objectContaining({ state: 'partially_filled', cumExecQty: '0.5' })]);
  });

  it('keeps and names for a re-check an open order first pushed while the refetch was under way', () => {
    const r = refetch({ page: page(), knowledge: emptyKnowledge }, page(), [[order({ orderId: '9', state: 'live', updatedTime: '30' })]]);
    expect(states(r.page)).toEqual(['9:live']);
    expect(r.recheck).toEqual(['9']);
    // The re-check began after the push: an answer without it settles it as finished.
    const again = mergeOrderList(r.knowledge, page(), beginRefetch(r.knowledge).mark, NOW);
    expect(states(again.page)).toEqual([]);
    expect(again.recheck).toEqual([]);
  });

  it('counts re-checks in a row and starts again after a refetch that needed none', () => {
    let view = { page: page() as OrderPageData | undefined, knowledge: emptyKnowledge };
    for (let n = 1; n <= 3; n++) {
      const r = refetch(view, page(), [[order({ orderId: String(100 + n), updatedTime: String(100 + n) })]]);
      expect(r.knowledge.rechecks).toBe(n);
      view = r;
    }
    expect(refetch(view, page()).knowledge.rechecks).toBe(0);
  });

  it('settles nothing a full page could have left to a later page (spec 4.6)', () => {
    const full = page(...Array.from({ length: 100 }, (_, i) => order({ orderId: String(1000 + i), state: 'new', updatedTime: '50' })));
    const known = pushAll({ page: page(), knowledge: emptyKnowledge }, [[order({ orderId: '5', state: 'new', updatedTime: '11' })], [order({ orderId: '2000', state: 'new', updatedTime: '12' })]]);
    const r = refetch(known, full);
    expect(r.page.list.map((o) => o.orderId)).toContain('5');
    expect(r.page.list.map((o) => o.orderId)).not.toContain('2000');
    // Nor does it say when it was taken: an open push of an order it didn't list is taken.
    expect(states(applyOrderPushes(r.page, r.knowledge, [order({ orderId: '7', updatedTime: '20' })], NOW).page)).toContain('7:live');
  });

  it('keeps tombstones for a bounded count, and forgets them after their time', () => {
    const many = Array.from({ length: TOMBSTONE_LIMIT + 50 }, (_, i) => [order({ orderId: `t${i}`, state: 'canceled', updatedTime: '10' })]);
    const view = pushAll({ page: page(), knowledge: emptyKnowledge }, many);
    expect([...view.knowledge.orders.values()].filter((k) => k.finished)).toHaveLength(TOMBSTONE_LIMIT);
    const later = applyOrderPushes(view.page, view.knowledge, [order({ orderId: 'x', state: 'new', updatedTime: '11' })], NOW + TOMBSTONE_MS + 1);
    expect([...later.knowledge.orders.keys()]).toEqual(['x']);
  });
});
