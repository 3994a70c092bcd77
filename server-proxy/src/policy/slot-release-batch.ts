// The shared rate budget's slot releases, gathered and written together (one statement for
// many slots) instead of one round trip per answered call. A release written later than
// its call's answer only keeps the slot a little longer, never shorter, so batching errs
// on the safe side; the delay is bounded by `everyMs` plus one write.
//
// The first release after a quiet spell is written at once (a 10/s lane pays no delay);
// after that, writes start at most every `everyMs`, one at a time, or sooner when `maxEntries`
// have gathered. What is gathered while a write runs goes in the next one.
import type { Timers } from './rate-shaper';

/** One slot going back: `used` (a call was sent with it: cool-down) or not (free at once). */
export interface SlotRelease {
  lane: string;
  slot: number;
  /** The free_at its claim wrote: the write only touches a row still held by that claim. */
  token: string;
  used: boolean;
}

interface Batch {
  entries: SlotRelease[];
  done: Promise<void>;
  settle: (err?: unknown) => void;
}

export class SlotReleaseBatch {
  private batch: Batch | undefined;
  private writing: Promise<void> | undefined;
  private timer: unknown;
  private lastWriteAt = -Infinity;
  private closed = false;

  constructor(
    private readonly write: (entries: readonly SlotRelease[]) => Promise<void>,
    private readonly options: { everyMs: number; maxEntries: number; now: () => number; timers: Timers },
  ) {}

  /** Queues a release; the promise settles when its write does (shared by the whole batch). */
  add(entry: SlotRelease): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the shared rate budget is closed; the slot frees after its lease'));
    const batch = (this.batch ??= newBatch());
    batch.entries.push(entry);
    this.schedule();
    return batch.done;
  }

  /** Writes what is gathered and refuses more; resolves when every write has ended. */
  async close(): Promise<void> {
    this.closed = true;
    this.clearTimer();
    await this.writing;
    await this.writeNow();
  }

  private schedule(): void {
    if (this.writing || !this.batch) return; // the running write schedules the next when it ends
    const wait = this.lastWriteAt + this.options.everyMs - this.options.now();
    if (wait <= 0 || this.batch.entries.length >= this.options.maxEntries) {
      this.clearTimer();
      void this.writeNow();
      return;
    }
    this.timer ??= this.options.timers.setTimeout(() => {
      this.timer = undefined;
      this.schedule();
    }, wait);
  }

  /** Starts writing the gathered batch; never rejects (a failure settles the batch's promise). */
  private writeNow(): Promise<void> {
    const batch = this.batch;
    if (!batch) return Promise.resolve();
    this.batch = undefined;
    this.lastWriteAt = this.options.now();
    const writing = this.write(batch.entries).then(
      () => batch.settle(),
      (err: unknown) => batch.settle(err),
    );
    this.writing = writing.then(() => {
      this.writing = undefined;
      if (!this.closed) this.schedule();
    });
    return this.writing;
  }

  private clearTimer(): void {
    if (this.timer === undefined) return;
    this.options.timers.clearTimeout(this.timer);
    this.timer = undefined;
  }
}

function newBatch(): Batch {
  let settle!: (err?: unknown) => void;
  const done = new Promise<void>((resolve, reject) => {
    settle = (err) => (err === undefined ? resolve() : reject(err instanceof Error ? err : new Error(String(err))));
  });
  // Every add() hands this promise to its caller, who handles it; this keeps a batch whose
  // callers all dropped it from counting as an unhandled rejection.
  done.catch(() => undefined);
  return { entries: [], done, settle };
}
