// Pushes that arrive faster than the screen paints are applied once a frame. A busy book's
// trades come a few hundred times a second, and every cache write re-renders what reads it,
// so writing per push spends the main thread on renders nobody sees, and the book and the
// tape then paint late (bench/ui, issue 18). `keep` bounds what waits: in a hidden tab no
// frame comes, and only the newest pushes matter when it shows again.
import { animationFrames, type FrameScheduler } from '@web/lib/book/frame-scheduler';

export interface PerFrameBatch<T> {
  push(item: T): void;
  /** Drops what waits and the pending frame (on unsubscribe). */
  cancel(): void;
}

export function perFrameBatch<T>(apply: (items: T[]) => void, keep: number, frames: FrameScheduler = animationFrames): PerFrameBatch<T> {
  let items: T[] = [];
  let handle: number | null = null;
  const flush = () => {
    handle = null;
    const batch = items;
    items = [];
    apply(batch);
  };
  return {
    push(item) {
      items.push(item);
      if (items.length > keep) items.splice(0, items.length - keep);
      if (handle === null) handle = frames.request(flush);
    },
    cancel() {
      if (handle !== null) frames.cancel(handle);
      handle = null;
      items = [];
    },
  };
}
