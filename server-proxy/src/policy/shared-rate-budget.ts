// The exchange's rate limits shared by every proxy on one PostgreSQL database (issue 22
// item 2). Two proxies on one API key must together stay within 10 calls a second, so
// the budget lives in the database, not in each process.
//
// It is the same rule as the in-process SlidingWindow, held in rows (desk_rate_slots, made
// by the 'rate' migrations of store-migrations.ts): a lane of `limit` calls a window has
// `limit` slots; a call holds a slot from before it is sent until its answer plus the span
// (window + safety margin). A proxy's slots are interchangeable among its calls: at any
// instant each call in flight has a slot held for it and each call answered less than a
// span ago left one slot unclaimable until then, so at most `limit` calls are in flight or
// cooling down; any limit + 1 calls therefore reach the exchange more than a window apart.
// Times are the database's clock, so the proxies' own clocks need not agree. A proxy that
// dies holding slots loses them after a lease (longer than any call), never for good.
//
// A round trip per call was too slow for a busy lane (issue 22: +924 µs at p50 and 0.12x
// the requests a second of a proxy on SQLite). So a proxy claims slots in blocks: one
// statement marks up to a block of the lane's free slots held for a lease (the next free
// ones in slot order after where its last claim ended), and the proxy hands them to calls
// from memory (claimed-slots.ts). The block follows the lane's recent rate, within an
// eighth of the lane: on a 10/s lane it is one slot, as before, so two proxies share it
// call by call. Slots not handed out within holdMs go back free at once (no call was sent
// with them, so they need no cool-down). Releases of used slots are gathered and written
// in one statement (slot-release-batch.ts): the first after a quiet spell at once, then at
// most one write per releaseEveryMs. Each frees one span after its write, which is after
// the call's answer: only ever later, so safe. A proxy in the shaper's uncontended path
// takes a slot it holds without a promise (takeNow), as a proxy without the budget does.
//
// Every write of a held slot is fenced by its claim's token, the free_at the claim wrote:
// a release touches the row only while that claim still holds it. A claim only takes a
// row whose free_at has passed and writes a later one, so a token is never written twice;
// a release or give-back that comes after its lease lapsed (a stall) cannot free a slot
// another proxy has claimed since.
//
// synchronous_commit stays on. Off, each statement would skip its wait for the WAL flush,
// but a PostgreSQL crash could then lose the last claims it had acknowledged: their slots
// would come back free while the calls sent with them were already on their way, and
// another proxy could send with them: more than the limit in a window. Losing releases
// would be harmless (a slot held until its lease), but they are written in the background
// in batches already, off every call's path, so a flush wait there costs no caller
// anything. With blocks a claim is one statement per many calls, so its wait is small too.
// (The throwaway clusters of the tests and bench/proxy run with synchronous_commit off for
// the whole server, so the figures there do not include the flush wait either way.)
import { Kysely, PostgresDialect } from 'kysely';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { migrateStore } from '../core/storage/open-storage';
import { ClaimedSlots, type ClaimedSlot } from './claimed-slots';
import { realTimers } from './rate-shaper';
import { SlotReleaseBatch, type SlotRelease } from './slot-release-batch';
import { messageOf } from '../core/error-message';

export interface SharedRateBudget {
  /**
   * A slot of the lane this proxy already holds, now held by the caller's call, without
   * waiting; undefined when there is none at hand (then take() asks the database).
   */
  takeNow(lane: string, limit: number): number | undefined;
  /** A free slot of the lane, now held by the caller's call; or how long until one frees. */
  take(lane: string, limit: number): Promise<{ slot: number } | { waitMs: number }>;
  /**
   * The call holding `slot` has its answer (or failed): the slot frees one span after the
   * release is written (within a few ms). The promise settles with that write.
   */
  release(lane: string, slot: number): Promise<void>;
  close(): Promise<void>;
}

export interface PgRateBudgetOptions {
  /** Window + safety margin: how long a used slot cools down after its call's answer. */
  spanMs: number;
  /** How long a claimed slot stays held if its proxy never releases it (it died). */
  leaseMs: number;
  poolSize?: number;
  /**
   * How long a claimed slot may wait unused before it goes back to the lane (default
   * 100 ms). Longer means bigger blocks, so fewer claims on a busy lane (a block lasts
   * about half of it), but slots kept from other proxies for longer when a lane goes quiet.
   */
  holdMs?: number;
  /**
   * At most one write of gathered releases per this many ms (default 20). Each write is a
   * statement the database pays for, whatever its size; the delay only lengthens a used
   * slot's cool-down, by 2% of a 1 s window at most, and only on a lane answering more
   * often than this (a quiet lane's release is written at once).
   */
  releaseEveryMs?: number;
}

/** What the budget has done, for tests and metrics. */
export interface RateBudgetCounts {
  /** Claim statements (a claim that goes round the lane's end is two). */
  claims: number;
  slotsClaimed: number;
  /** The most slots one claim brought. */
  largestClaim: number;
  slotsGivenBack: number;
  releaseWrites: number;
}

const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Up to $4 free slots of the lane in [$2, $3), in slot order, held until now + the lease.
 * SKIP LOCKED: two proxies claiming together never get the same slot, nor wait for each
 * other. The CTE is materialized so the slots are picked (and locked) once. A walk of the
 * primary key from the cursor; free_at has no index, so every write of a slot is a HOT
 * update (the table leaves room in its pages for them) and no index grows with the churn.
 */
const CLAIM = `WITH picked AS MATERIALIZED (
    SELECT slot FROM desk_rate_slots
    WHERE lane = $1 AND slot >= $2 AND slot < $3 AND free_at <= ${NOW_MS}
    ORDER BY slot LIMIT $4
    FOR UPDATE SKIP LOCKED)
  UPDATE desk_rate_slots d SET free_at = ${NOW_MS} + $5
  FROM picked WHERE d.lane = $1 AND d.slot = picked.slot
  RETURNING d.slot, d.free_at::text AS token`;

/** Used slots free one span from now, unused ones now; each only while its claim holds it. */
const RELEASE = `UPDATE desk_rate_slots d SET free_at = ${NOW_MS} + CASE WHEN r.used THEN $6::bigint ELSE 0 END
  FROM unnest($2::int[], $3::int[], $4::bigint[], $5::bool[]) AS r(lane_no, slot, token, used)
  WHERE d.lane = ($1::text[])[r.lane_no] AND d.slot = r.slot AND d.free_at = r.token`;

/**
 * A PostgreSQL array literal of integers (or the digit strings of bigint tokens) or
 * booleans. pg would quote each element and run two regular expressions over it; these
 * need neither, and a release write carries hundreds of them.
 */
function plainArray(values: readonly (number | string | boolean)[]): string {
  return `{${values.join(',')}}`;
}

export class PgRateBudget implements SharedRateBudget {
  /** Lanes whose slot rows exist, with the limit they were made for. */
  private readonly made = new Map<string, number>();
  private readonly lanes = new Map<string, ClaimedSlots>();
  /** Each lane's timer to give back slots left unused for holdMs. */
  private readonly giveBackTimers = new Map<string, NodeJS.Timeout>();
  private readonly releases: SlotReleaseBatch;
  private closing: Promise<void> | undefined;
  readonly counts: RateBudgetCounts = { claims: 0, slotsClaimed: 0, largestClaim: 0, slotsGivenBack: 0, releaseWrites: 0 };

  private constructor(
    private readonly pool: pg.Pool,
    private readonly spanMs: number,
    private readonly leaseMs: number,
    private readonly holdMs: number,
    releaseEveryMs: number,
  ) {
    this.releases = new SlotReleaseBatch((entries) => this.writeReleases(entries), {
      everyMs: releaseEveryMs,
      maxEntries: 1024,
      now: () => performance.now(),
      timers: realTimers,
    });
  }

  /** Opens the budget on `url`, migrating its table; fails with the database's reason. */
  static async open(url: string, options: PgRateBudgetOptions): Promise<PgRateBudget> {
    const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 4, connectionTimeoutMillis: 5_000 });
    // An idle client the server drops (a restart) must not crash the process.
    pool.on('error', () => undefined);
    try {
      // Its own Migrator run (the Migrator's advisory lock: proxies starting together
      // migrate once). Kysely only borrows the pool here; it is never destroyed, which
      // would end the pool.
      await migrateStore(new Kysely({ dialect: new PostgresDialect({ pool }) }), 'rate');
    } catch (err) {
      await pool.end();
      throw new Error(`the shared rate budget's database is not usable: ${messageOf(err)}`);
    }
    return new PgRateBudget(pool, options.spanMs, options.leaseMs, options.holdMs ?? 100, options.releaseEveryMs ?? 20);
  }

  takeNow(lane: string, limit: number): number | undefined {
    if (this.closing) return undefined;
    const slots = this.laneOf(lane, limit);
    this.giveBackExpired(lane, slots);
    const slot = slots.take();
    if (slot !== undefined && slots.wantsNextBlock()) this.startClaim(lane, slots).catch(() => undefined); // a failure shows on the next take that waits
    return slot;
  }

  async take(lane: string, limit: number): Promise<{ slot: number } | { waitMs: number }> {
    const slots = this.laneOf(lane, limit);
    for (;;) {
      if (this.closing) throw new Error('the shared rate budget is closed');
      const slot = this.takeNow(lane, limit);
      if (slot !== undefined) return { slot };
      slots.waiting++;
      let outcome: { waitMs?: number };
      try {
        outcome = await (slots.claiming ?? this.startClaim(lane, slots));
      } finally {
        slots.waiting--;
      }
      // Nothing was free, and the waiters before this one took what came: wait for a slot.
      if (outcome.waitMs !== undefined && slots.unusedCount === 0) return { waitMs: outcome.waitMs };
    }
  }

  release(lane: string, slot: number): Promise<void> {
    const held = this.lanes.get(lane)?.release(slot);
    if (!held) return Promise.reject(new Error(`slot ${slot} of the lane ${lane} is not held by this proxy`));
    return this.releases.add({ lane, slot: held.slot, token: held.token, used: true });
  }

  /** Throws when the database does not answer (GET /readyz). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  /** Gives back the unused slots, writes the gathered releases, then ends the pool. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      for (const timer of this.giveBackTimers.values()) clearTimeout(timer);
      this.giveBackTimers.clear();
      await Promise.all([...this.lanes.values()].map((s) => s.claiming?.catch(() => undefined)));
      for (const [lane, slots] of this.lanes) this.giveBack(lane, slots.drainUnused());
      await this.releases.close();
      await this.pool.end();
    })();
    return this.closing;
  }

  private laneOf(lane: string, limit: number): ClaimedSlots {
    let slots = this.lanes.get(lane);
    if (!slots) {
      slots = new ClaimedSlots(limit, this.holdMs);
      this.lanes.set(lane, slots);
    }
    // The shaper fixes a lane's limit when it first sees the lane; another limit here is a bug.
    if (slots.limit !== limit) throw new RangeError(`the lane ${lane} has ${slots.limit} slots here, not ${limit}`);
    return slots;
  }

  /** The lane's one claim; takers that find no unused slot wait for it. */
  private startClaim(lane: string, slots: ClaimedSlots): Promise<{ waitMs?: number }> {
    const claim = this.claim(lane, slots).finally(() => {
      slots.claiming = undefined;
    });
    slots.claiming = claim;
    return claim;
  }

  private async claim(lane: string, slots: ClaimedSlots): Promise<{ waitMs?: number }> {
    const limit = slots.limit;
    if ((this.made.get(lane) ?? 0) < limit) await this.makeLane(lane, limit);
    // Before the statement is sent: the lease began after this, so idle time counts from here.
    const claimedAt = performance.now();
    const block = slots.startClaim(claimedAt);
    // From the cursor to the lane's end, then (if that was not enough) round from slot 0.
    const from = slots.cursor;
    const got = await this.claimRange(lane, from, limit, block);
    if (got.length < block && from > 0) got.push(...(await this.claimRange(lane, 0, from, block - got.length)));
    if (got.length > 0) {
      this.counts.slotsClaimed += got.length;
      this.counts.largestClaim = Math.max(this.counts.largestClaim, got.length);
      slots.claimed(got, claimedAt);
      this.armGiveBack(lane, slots);
      return {};
    }
    if (slots.waiting === 0) return { waitMs: 1 }; // a claim ahead of need: nobody waits to be told
    const next = await this.pool.query<{ wait: string | null }>(`SELECT min(free_at) - ${NOW_MS} AS wait FROM desk_rate_slots WHERE lane = $1 AND slot < $2`, [lane, limit]);
    return { waitMs: Math.max(1, Number(next.rows[0]?.wait ?? 1)) };
  }

  private async claimRange(lane: string, from: number, to: number, count: number): Promise<ClaimedSlot[]> {
    this.counts.claims++;
    const { rows } = await this.pool.query<ClaimedSlot>(CLAIM, [lane, from, to, count, this.leaseMs]);
    return rows.sort((a, b) => a.slot - b.slot);
  }

  /**
   * The lane's slot rows, made once by whichever proxy comes first. That one then has the
   * table analyzed: until autovacuum gets to it (up to a minute), the planner believes the
   * lane empty and sorts all of it for each claim (18 ms for 20,000 slots, not 1 ms).
   */
  private async makeLane(lane: string, limit: number): Promise<void> {
    const made = await this.pool.query(`INSERT INTO desk_rate_slots (lane, slot, free_at) SELECT $1, g, 0 FROM generate_series(0, $2::int - 1) g ON CONFLICT DO NOTHING`, [lane, limit]);
    if (made.rowCount) await this.pool.query('ANALYZE desk_rate_slots');
    this.made.set(lane, limit);
  }

  private giveBackExpired(lane: string, slots: ClaimedSlots): void {
    this.giveBack(lane, slots.expired(performance.now()));
  }

  private giveBack(lane: string, unused: readonly ClaimedSlot[]): void {
    for (const s of unused) {
      this.counts.slotsGivenBack++;
      // A give-back that fails leaves the slot held until its lease: safe, and nothing to tell.
      this.releases.add({ lane, slot: s.slot, token: s.token, used: false }).catch(() => undefined);
    }
  }

  /** A timer for the lane's oldest unused slot, so idle slots go back without a take. */
  private armGiveBack(lane: string, slots: ClaimedSlots): void {
    if (this.giveBackTimers.has(lane)) return;
    const at = slots.nextExpiry();
    if (at === undefined || this.closing) return;
    const timer = setTimeout(() => {
      this.giveBackTimers.delete(lane);
      this.giveBackExpired(lane, slots);
      this.armGiveBack(lane, slots);
    }, Math.max(1, Math.ceil(at - performance.now())));
    timer.unref();
    this.giveBackTimers.set(lane, timer);
  }

  private async writeReleases(entries: readonly SlotRelease[]): Promise<void> {
    this.counts.releaseWrites++;
    // Each lane's name is sent once (a batch is mostly one lane's), the rows by its number.
    const lanes: string[] = [];
    const laneNo = new Map<string, number>();
    const laneNos: number[] = [];
    for (const e of entries) {
      let no = laneNo.get(e.lane);
      if (no === undefined) {
        no = lanes.push(e.lane); // the new length: PostgreSQL's arrays count from 1
        laneNo.set(e.lane, no);
      }
      laneNos.push(no);
    }
    await this.pool.query(RELEASE, [lanes, plainArray(laneNos), plainArray(entries.map((e) => e.slot)), plainArray(entries.map((e) => e.token)), plainArray(entries.map((e) => e.used)), this.spanMs]);
  }
}
