// For tests: animation frames that run only when the test steps them.
import type { FrameScheduler } from './frame-scheduler';

export class FakeFrames implements FrameScheduler {
  private next = 1;
  readonly pending = new Map<number, () => void>();
  request(cb: () => void): number {
    const id = this.next++;
    this.pending.set(id, cb);
    return id;
  }
  cancel(id: number): void {
    this.pending.delete(id);
  }
  /** Runs the callbacks of one animation frame. */
  step(): void {
    const cbs = [...this.pending.values()];
    this.pending.clear();
    for (const cb of cbs) cb();
  }
}
