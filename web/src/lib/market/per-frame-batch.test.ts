import { describe, expect, it } from 'vitest';
import type { FrameScheduler } from '@web/lib/book/frame-scheduler';
import { perFrameBatch } from './per-frame-batch';

/** Frames stepped by hand. */
function manualFrames() {
  let next = 1;
  const waiting = new Map<number, () => void>();
  const frames: FrameScheduler = {
    request: (cb) => {
      waiting.set(next, cb);
      return next++;
    },
    cancel: (h) => void waiting.delete(h),
  };
  const step = () => {
    const due = [...waiting.values()];
    waiting.clear();
    for (const cb of due) cb();
  };
  return { frames, step, pending: () => waiting.size };
}

describe('perFrameBatch', () => {
  it('applies every push of a frame in one call, in arrival order, and asks for one frame', () => {
    const { frames, step, pending } = manualFrames();
    const applied: number[][] = [];
    const batch = perFrameBatch<number>((items) => applied.push(items), 100, frames);
    batch.push(1);
    batch.push(2);
    batch.push(3);
    expect(pending()).toBe(1);
    expect(applied).toEqual([]);
    step();
    expect(applied).toEqual([[1, 2, 3]]);
    batch.push(4);
    step();
    expect(applied).toEqual([[1, 2, 3], [4]]);
  });

  it('keeps only the newest `keep` pushes while no frame comes', () => {
    const { frames, step } = manualFrames();
    const applied: number[][] = [];
    const batch = perFrameBatch<number>((items) => applied.push(items), 2, frames);
    for (let i = 1; i <= 5; i++) batch.push(i);
    step();
    expect(applied).toEqual([[4, 5]]);
  });

  it('drops what waits on cancel, and applies nothing after', () => {
    const { frames, step, pending } = manualFrames();
    const applied: number[][] = [];
    const batch = perFrameBatch<number>((items) => applied.push(items), 10, frames);
    batch.push(1);
    batch.cancel();
    expect(pending()).toBe(0);
    step();
    expect(applied).toEqual([]);
  });
});
