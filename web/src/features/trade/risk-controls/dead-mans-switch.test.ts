import { describe, expect, it } from 'vitest';
import { createSwitchStore, rearmEveryMs } from './dead-mans-switch';

function harness(fail: (n: number) => boolean = () => false) {
  let now = 0;
  const sent: string[] = [];
  const timers = new Map<number, { cb: () => void; at: number }>();
  let next = 1;
  const store = createSwitchStore({
    send: async (c) => {
      sent.push(c);
      if (fail(sent.length)) throw new Error('proxy unreachable');
    },
    now: () => now,
    setTimer: (cb, ms) => {
      timers.set(next, { cb, at: now + ms });
      return next++;
    },
    clearTimer: (h) => void timers.delete(h as number),
  });
  /** Moves the clock and runs the timers that came due. */
  const advance = async (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.cb();
        await Promise.resolve();
        await Promise.resolve();
      }
    }
  };
  return { store, sent, timers, advance };
}

describe('the desk’s dead-man’s switch', () => {
  it('re-arms a third of the window, and never more often than once a second', () => {
    expect(rearmEveryMs(10)).toBe(3333);
    expect(rearmEveryMs(60)).toBe(20_000);
    expect(rearmEveryMs(2)).toBe(1000);
  });

  it('arms at once, then re-arms on its timer while wanted, with the expiry the exchange was given', async () => {
    const h = harness();
    await h.store.getState().arm(10);
    expect(h.sent).toEqual(['10']);
    expect(h.store.getState()).toMatchObject({ kind: 'armed', expiresAt: 10_000 });
    await h.advance(3333);
    await h.advance(3333);
    expect(h.sent).toEqual(['10', '10', '10']);
    expect(h.store.getState()).toMatchObject({ kind: 'armed', expiresAt: 16_666 });
  });

  it('stops re-arming and turns the exchange’s countdown off when disarmed', async () => {
    const h = harness();
    await h.store.getState().arm(10);
    await h.store.getState().disarm();
    expect(h.sent).toEqual(['10', '0']);
    expect(h.timers.size).toBe(0);
    await h.advance(10_000);
    expect(h.sent).toEqual(['10', '0']);
    expect(h.store.getState().kind).toBe('off');
  });

  it('keeps the last acknowledged expiry and says why when a re-arm fails, and keeps trying', async () => {
    const h = harness((n) => n === 2);
    await h.store.getState().arm(10);
    await h.advance(3333);
    expect(h.store.getState()).toMatchObject({ kind: 'armed', expiresAt: 10_000, lastError: 'proxy unreachable' });
    await h.advance(3333);
    expect(h.store.getState()).toMatchObject({ kind: 'armed', expiresAt: 16_666, lastError: '' });
  });

  it('reports a first arming that fails, and does not loop', async () => {
    const h = harness(() => true);
    await h.store.getState().arm(10);
    expect(h.store.getState()).toMatchObject({ kind: 'failed', message: 'proxy unreachable' });
    expect(h.timers.size).toBe(0);
  });
});
