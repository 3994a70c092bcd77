import { describe, expect, it } from 'vitest';
import { orderPush } from '@web/lib/account-data/account-fixtures.test-support';
import { marketFormat } from '@web/lib/format/market-format';
import { orderToastText } from './order-toast-text';

const plain = marketFormat();
import { createToastStore, MAX_TOASTS, type ToastTimers } from './toast-store';

/** Timers run by hand: `fire()` expires every toast armed so far. */
function manualTimers() {
  const armed = new Map<number, () => void>();
  let next = 1;
  const timers: ToastTimers = {
    set: (cb) => {
      armed.set(next, cb);
      return next++;
    },
    clear: (h) => void armed.delete(h as number),
    now: () => 1_000 * next,
  };
  return { timers, fire: () => [...armed.values()].forEach((cb) => cb()), armedCount: () => armed.size };
}

describe('toast store', () => {
  it('shows one order filled in four parts as one toast that ends saying filled', () => {
    const { timers } = manualTimers();
    const store = createToastStore(timers);
    const order = orderPush({ orderId: '77', qty: '0.004', price: '65000', cumExecQty: '0' });
    for (const filled of ['0.001', '0.002', '0.003']) store.getState().push(orderToastText({ ...order, state: 'partially_filled', cumExecQty: filled }, plain)!);
    store.getState().push(orderToastText({ ...order, state: 'filled', cumExecQty: '0.004', avgPrice: '65000' }, plain)!);
    const toasts = store.getState().toasts;
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Order filled', updates: 4 });
  });

  it('keeps two orders apart, and an update restarts the toast’s lifetime rather than adding a timer', () => {
    const { timers, fire, armedCount } = manualTimers();
    const store = createToastStore(timers);
    store.getState().push(orderToastText(orderPush({ orderId: '1', state: 'partially_filled', cumExecQty: '0.1' }), plain)!);
    store.getState().push(orderToastText(orderPush({ orderId: '2', state: 'filled', cumExecQty: '1' }), plain)!);
    store.getState().push(orderToastText(orderPush({ orderId: '1', state: 'filled', cumExecQty: '1' }), plain)!);
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['Order filled', 'Order filled']);
    expect(armedCount()).toBe(2);
    fire();
    expect(store.getState().toasts).toEqual([]);
  });

  it(`shows at most ${MAX_TOASTS} toasts, the newest`, () => {
    const store = createToastStore(manualTimers().timers);
    for (let i = 0; i < 6; i++) store.getState().push({ tone: 'info', title: `t${i}`, body: '' });
    expect(store.getState().toasts.map((t) => t.title)).toEqual(['t3', 't4', 't5']);
  });

  it('keeps every notification in the history after its toast is gone, one entry per order, newest first', () => {
    const { timers, fire } = manualTimers();
    const store = createToastStore(timers);
    const a = orderPush({ orderId: '1', qty: '0.004', price: '65000', cumExecQty: '0' });
    const b = orderPush({ orderId: '2', qty: '0.004', price: '65000', cumExecQty: '0' });
    store.getState().push(orderToastText({ ...a, state: 'partially_filled', cumExecQty: '0.001' }, plain)!);
    store.getState().push(orderToastText({ ...b, state: 'canceled', cancelSource: 'user' }, plain)!);
    store.getState().push(orderToastText({ ...a, state: 'filled', cumExecQty: '0.004', avgPrice: '65000' }, plain)!);
    fire();
    expect(store.getState().toasts).toHaveLength(0);
    expect(store.getState().history.map((h) => h.title)).toEqual(['Order filled', 'Order canceled']);
    expect(store.getState().history[0]).toMatchObject({ event: 'filled', updates: 2 });
    expect(store.getState().unread).toBe(2);
    store.getState().markRead();
    expect(store.getState().unread).toBe(0);
    store.getState().clearHistory();
    expect(store.getState().history).toEqual([]);
  });
});
