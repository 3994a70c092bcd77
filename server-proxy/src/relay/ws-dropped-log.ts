// Logs upstream messages the relay drops (unparseable, or without a channel it knows),
// at most once a second with a count, so a broken upstream at 50,000 messages a second
// cannot flood the log, yet the first one is always seen.

import type { RelayClock, RelayLogger } from './ws-relay-types';

const PERIOD_MS = 1000;

export class DroppedMessageLog {
  private lastLogAt = Number.NEGATIVE_INFINITY;
  private unlogged = 0;
  /** Every message dropped so far (tests and status read it). */
  total = 0;

  constructor(
    private readonly logger: RelayLogger,
    private readonly clock: RelayClock,
    private readonly context: object,
  ) {}

  /**
   * The upstream frame as a JSON object, or null after noting why it was dropped (not JSON,
   * or JSON that is not an object). The public hub and the private relay both read
   * upstream events this way.
   */
  parseObject<T extends object = Record<string, unknown>>(data: Buffer): T | null {
    let msg: unknown;
    try {
      msg = JSON.parse(data.toString('utf8'));
    } catch {
      this.note('unparseable upstream message dropped', data.length);
      return null;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.note('upstream message that is not an object dropped', data.length);
      return null;
    }
    return msg as T;
  }

  note(reason: string, bytes: number): void {
    this.total++;
    this.unlogged++;
    const now = this.clock.now();
    if (now - this.lastLogAt < PERIOD_MS) return;
    this.logger.warn({ ...this.context, bytes, dropped: this.unlogged }, reason);
    this.lastLogAt = now;
    this.unlogged = 0;
  }
}
