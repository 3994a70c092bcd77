// One lane's slots of the shared rate budget (shared-rate-budget.ts) that this proxy has
// claimed from the database: those not yet handed to a call, those its calls hold, and how
// many to claim next. Pure bookkeeping: the budget does the SQL, time is passed in.

/** A slot row this proxy holds; `token` is the free_at its claim wrote (see release). */
export interface ClaimedSlot {
  slot: number;
  token: string;
}

interface Unused extends ClaimedSlot {
  /** This process's clock (ms) just before the claim was sent: the lease began after it. */
  claimedAt: number;
}

/**
 * The most one claim takes: an eighth of the lane, at most 256. Unused claimed slots are
 * held for up to holdMs, and no other proxy can have them meanwhile; on a 10/s lane that
 * is one slot, as without blocks, so two proxies share it call by call. On a lane of
 * thousands a block of 256 is a round trip per 256 calls and a sliver of the lane.
 */
export function largestBlock(limit: number): number {
  return Math.min(256, Math.max(1, Math.floor(limit / 8)));
}

const NONE: readonly ClaimedSlot[] = Object.freeze([]);

export class ClaimedSlots {
  /** Claimed, not yet handed out; in claim order, so the oldest are at the head. */
  private unused: Array<Unused | undefined> = [];
  private head = 0;
  /** Handed to calls and not yet released, by slot number. */
  private readonly inUse = new Map<number, ClaimedSlot>();
  /** Takes since the last claim began, and when it began: the lane's recent rate. */
  private takesSinceClaim = 0;
  private lastClaimAt = -Infinity;
  private lastBlock = 0;
  private readonly maxBlock: number;

  /**
   * Where the next claim starts looking: claims go round the lane in slot order, so the
   * slots after the cursor are the ones used longest ago, most likely free. It starts at
   * a random slot, so proxies sharing a big lane look in different places.
   */
  cursor: number;
  /** The claim in flight (one per lane); takers who find no unused slot wait for it. */
  claiming: Promise<{ waitMs?: number }> | undefined;
  /** Takers waiting for `claiming`: a claim asks for a slot for each (within the largest block). */
  waiting = 0;

  constructor(
    readonly limit: number,
    private readonly holdMs: number,
  ) {
    this.maxBlock = largestBlock(limit);
    this.cursor = Math.floor(Math.random() * limit);
  }

  get unusedCount(): number {
    return this.unused.length - this.head;
  }

  /** An unused slot, now held by a call; undefined when none is left. Call expired() first. */
  take(): number | undefined {
    const next = this.unused[this.head];
    if (!next) return undefined;
    // Cleared, so a long-lived queue does not keep handed-out entries alive.
    this.unused[this.head++] = undefined;
    if (this.head === this.unused.length) {
      this.unused = [];
      this.head = 0;
    }
    this.inUse.set(next.slot, next);
    this.takesSinceClaim++;
    return next.slot;
  }

  /** The call holding `slot` has its answer: the slot, for the release; undefined if not held here. */
  release(slot: number): ClaimedSlot | undefined {
    const held = this.inUse.get(slot);
    if (held) this.inUse.delete(slot);
    return held;
  }

  /**
   * How many slots the claim starting now asks for: enough for half a hold at the rate
   * since the last claim, and one for each waiting taker, within largestBlock(). Half a
   * hold, so a block is normally used up before its slots would be given back unused.
   */
  startClaim(now: number): number {
    const perMs = this.takesSinceClaim / Math.max(1, now - this.lastClaimAt);
    const block = Math.min(this.maxBlock, Math.max(1, this.waiting, Math.ceil((perMs * this.holdMs) / 2)));
    this.takesSinceClaim = 0;
    this.lastClaimAt = now;
    this.lastBlock = block;
    return block;
  }

  /** The claim that began at `claimedAt` brought these slots, in the order it went round the lane. */
  claimed(slots: readonly ClaimedSlot[], claimedAt: number): void {
    const last = slots[slots.length - 1];
    if (last) this.cursor = (last.slot + 1) % this.limit;
    for (const s of slots) {
      // Only after a lease lapsed (a call or a stall longer than the lease) can a claim
      // bring back a slot still held here; its old holder's release is then fenced off by
      // the token (see PgRateBudget), so the fresh claim replaces it.
      this.inUse.delete(s.slot);
      this.unused.push({ slot: s.slot, token: s.token, claimedAt });
    }
  }

  /**
   * Whether to claim the next block now, before the unused slots run out, so the calls of
   * a busy lane do not wait for the round trip: half of the last block is left. Never on a
   * lane whose blocks are single slots (a 10/s lane): that would hold a slot for nothing.
   */
  wantsNextBlock(): boolean {
    return this.claiming === undefined && this.lastBlock >= 2 && this.unusedCount <= this.lastBlock / 2;
  }

  /**
   * Unused slots claimed holdMs or more before `now`, removed: they go back to the lane.
   * They are never handed out after that, so a slot's lease (sized for one call) always
   * covers its idle time too.
   */
  expired(now: number): readonly ClaimedSlot[] {
    // Asked on every take: nothing to allocate when the oldest is still fresh.
    const oldest = this.unused[this.head];
    if (!oldest || now - oldest.claimedAt < this.holdMs) return NONE;
    const out: ClaimedSlot[] = [];
    while (this.head < this.unused.length) {
      const next = this.unused[this.head];
      if (!next || now - next.claimedAt < this.holdMs) break;
      out.push({ slot: next.slot, token: next.token });
      this.head++;
    }
    if (this.head === this.unused.length) {
      this.unused = [];
      this.head = 0;
    }
    return out;
  }

  /** When the oldest unused slot expires, or undefined when there is none. */
  nextExpiry(): number | undefined {
    const next = this.unused[this.head];
    return next ? next.claimedAt + this.holdMs : undefined;
  }

  /** Every unused slot, removed (the budget is closing). */
  drainUnused(): ClaimedSlot[] {
    const out = this.unused.slice(this.head).flatMap((u) => (u ? [{ slot: u.slot, token: u.token }] : []));
    this.unused = [];
    this.head = 0;
    return out;
  }
}
