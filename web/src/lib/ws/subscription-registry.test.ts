import { describe, expect, it } from 'vitest';
import { SubscriptionRegistry, subscriptionKey } from './subscription-registry';

const books = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };

describe('subscriptionKey', () => {
  it('ignores key order', () => {
    expect(subscriptionKey({ topic: 'books', symbol: 'BTCUSDT', instType: 'spot' })).toBe(
      subscriptionKey({ instType: 'spot', symbol: 'BTCUSDT', topic: 'books' }),
    );
  });

  it('matches an echoed arg whose instType differs only in case', () => {
    expect(subscriptionKey({ ...books, instType: 'USDT-FUTURES' })).toBe(subscriptionKey(books));
  });

  it('tells different symbols apart', () => {
    expect(subscriptionKey({ ...books, symbol: 'ETHUSDT' })).not.toBe(subscriptionKey(books));
  });
});

describe('SubscriptionRegistry', () => {
  it('reports first only for the first listener of a channel', () => {
    const r = new SubscriptionRegistry<() => void>();
    expect(r.add(books, () => {}).first).toBe(true);
    expect(r.add({ ...books }, () => {}).first).toBe(false);
    expect(r.add({ ...books, symbol: 'ETHUSDT' }, () => {}).first).toBe(true);
    expect(r.size).toBe(2);
  });

  it('reports last only when the last listener leaves', () => {
    const r = new SubscriptionRegistry<() => void>();
    const a = r.add(books, () => {});
    const b = r.add(books, () => {});
    expect(a.release().last).toBe(false);
    expect(r.has(books)).toBe(true);
    expect(b.release().last).toBe(true);
    expect(r.has(books)).toBe(false);
    expect(r.args()).toEqual([]);
  });

  it('treats a second release of the same registration as a no-op', () => {
    const r = new SubscriptionRegistry<() => void>();
    const a = r.add(books, () => {});
    const b = r.add(books, () => {});
    expect(a.release().last).toBe(false);
    expect(a.release().last).toBe(false);
    expect(r.listenersOf(books)).toHaveLength(1);
    expect(b.release().last).toBe(true);
  });

  it('keeps the same listener function registered twice until both registrations leave', () => {
    const r = new SubscriptionRegistry<() => void>();
    const fn = () => {};
    const a = r.add(books, fn);
    const b = r.add(books, fn);
    expect(r.listenersOf(books)).toEqual([fn, fn]);
    a.release();
    expect(r.listenersOf(books)).toEqual([fn]);
    expect(b.release().last).toBe(true);
  });

  it('routes by the echoed arg and lists every live channel for resubscription', () => {
    const r = new SubscriptionRegistry<string>();
    r.add(books, 'book-view');
    r.add({ instType: 'UTA', topic: 'order' }, 'orders');
    expect(r.listenersOf({ instType: 'USDT-FUTURES', topic: 'books', symbol: 'BTCUSDT' })).toEqual(['book-view']);
    expect(r.args()).toEqual([books, { instType: 'UTA', topic: 'order' }]);
  });

  it('keeps its own copy of the arg so later mutation by the caller changes nothing', () => {
    const r = new SubscriptionRegistry<string>();
    const arg: Record<string, string> = { ...books };
    r.add(arg, 'x');
    arg.symbol = 'ETHUSDT';
    expect(r.args()).toEqual([books]);
  });

  it('reads text only for a channel whose sole listener has a reader, and says whether any channel does', () => {
    const r = new SubscriptionRegistry<string>();
    const reader = () => -1;
    const key = subscriptionKey(books);
    expect(r.readsText).toBe(false);
    const first = r.add(books, 'book', reader);
    expect(r.textReaderOf(key)).toBe(reader);
    expect(r.readsText).toBe(true);
    // A second listener wants the parsed message: no channel reads text then.
    const second = r.add(books, 'depth chart');
    expect(r.textReaderOf(key)).toBeUndefined();
    expect(r.readsText).toBe(false);
    second.release();
    expect(r.readsText).toBe(true);
    first.release();
    first.release();
    expect(r.textReaderOf(key)).toBeUndefined();
    expect(r.readsText).toBe(false);
  });
});
