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
