import { describe, expect, it } from 'vitest';
import { EventBus, type SimEventOf } from './event-bus';

const balance = (uid: number): SimEventOf<'balance'> => ({ type: 'balance', uid, ts: 1, coin: 'USDT', balance: '1', available: '1', locked: '0' });

describe('EventBus account filters', () => {
  it('delivers an account event only to the listeners that accept its account', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    bus.on('balance', (e) => seen.push(e.uid), (uid) => uid === 7);
    bus.emit(balance(1));
    bus.emit(balance(7));
    expect(seen).toEqual([7]);
  });

  it('wants an account event when some listener accepts the account, has no filter, or listens to everything', () => {
    const bus = new EventBus();
    expect(bus.wants('balance', 1)).toBe(false);
    const off = bus.on('balance', () => undefined, (uid) => uid === 7);
    expect(bus.wants('balance', 1)).toBe(false);
    expect(bus.wants('balance', 7)).toBe(true);
    expect(bus.wants('order', 7)).toBe(false);
    off();
    expect(bus.wants('balance', 7)).toBe(false);
    const offAll = bus.on('balance', () => undefined);
    expect(bus.wants('balance', 1)).toBe(true);
    offAll();
    bus.onAny(() => undefined);
    expect(bus.wants('order', 1)).toBe(true);
  });

  it('keeps one function subscribed twice with different filters as two listeners', () => {
    const bus = new EventBus();
    const seen: number[] = [];
    const listener = (e: SimEventOf<'balance'>) => seen.push(e.uid);
    bus.on('balance', listener, (uid) => uid === 1);
    const off2 = bus.on('balance', listener, (uid) => uid === 2);
    bus.emit(balance(2));
    off2();
    bus.emit(balance(2));
    bus.emit(balance(1));
    expect(seen).toEqual([2, 1]);
  });
});
