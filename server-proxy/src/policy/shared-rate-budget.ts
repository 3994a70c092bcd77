// The exchange's rate limits shared by every proxy on one PostgreSQL database (issue 22
// item 2). Two proxies on one API key must together stay within 10 calls a second, so
// the budget lives in the database, not in each process.
//
// It is the same rule as the in-process SlidingWindow, held in rows (desk_rate_slots, made
// by the 'rate' migrations of store-migrations.ts): a lane of `limit`
// calls a window has `limit` slots; a call takes a free slot before it is sent and holds
// it until its answer plus the span (window + safety margin), so any limit + 1 calls
// arrive at the exchange more than a window apart. Taking is one atomic UPDATE on a row
// locked with FOR UPDATE SKIP LOCKED: two proxies never get the same slot. Times are the
// database's clock, so the proxies' own clocks need not agree. A proxy that dies holding
// a slot loses it after a lease (longer than any call), never for good.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrateStore } from '../core/storage/open-storage';

export interface SharedRateBudget {
  /** A free slot of the lane, taken now; or how long until one frees. */
  take(lane: string, limit: number): Promise<{ slot: number } | { waitMs: number }>;
  /** The call holding `slot` has its answer (or failed): the slot frees one span from now. */
  release(lane: string, slot: number): Promise<void>;
  close(): Promise<void>;
}

const NOW_MS = `(extract(epoch from clock_timestamp()) * 1000)::bigint`;

export class PgRateBudget implements SharedRateBudget {
  /** Lanes whose slot rows exist, with the limit they were made for. */
  private readonly made = new Map<string, number>();
  /**
   * The slot each lane tries first: the one after the last this process took. Slots are
   * used in turn, so that one has most likely been free longest; trying it is a primary-key
   * update, while the search for the earliest free slot walks an index that every take and
   * release rewrites. Only when it is busy (or another proxy took it) does take() search.
   */
  private readonly nextGuess = new Map<string, number>();

  private constructor(
    private readonly pool: pg.Pool,
    private readonly spanMs: number,
    private readonly leaseMs: number,
  ) {}

  /** Opens the budget on `url`, migrating its table; fails with the database's reason. */
  static async open(url: string, options: { spanMs: number; leaseMs: number; poolSize?: number }): Promise<PgRateBudget> {
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
      throw new Error(`the shared rate budget's database is not usable: ${err instanceof Error ? err.message : String(err)}`);
    }
    return new PgRateBudget(pool, options.spanMs, options.leaseMs);
  }

  async take(lane: string, limit: number): Promise<{ slot: number } | { waitMs: number }> {
    if ((this.made.get(lane) ?? 0) < limit) {
      await this.pool.query(`INSERT INTO desk_rate_slots (lane, slot, free_at) SELECT $1, g, 0 FROM generate_series(0, $2::int - 1) g ON CONFLICT DO NOTHING`, [lane, limit]);
      this.made.set(lane, limit);
    }
    const guess = (this.nextGuess.get(lane) ?? 0) % limit;
    const quick = await this.pool.query<{ slot: number }>(
      `UPDATE desk_rate_slots SET free_at = ${NOW_MS} + $3 WHERE lane = $1 AND slot = $2 AND free_at <= ${NOW_MS} RETURNING slot`,
      [lane, guess, this.leaseMs],
    );
    if (quick.rows[0]) {
      this.nextGuess.set(lane, guess + 1);
      return { slot: quick.rows[0].slot };
    }
    const taken = await this.pool.query<{ slot: number }>(
      `UPDATE desk_rate_slots SET free_at = ${NOW_MS} + $3
       WHERE lane = $1 AND slot = (
         SELECT slot FROM desk_rate_slots WHERE lane = $1 AND slot < $2 AND free_at <= ${NOW_MS}
         ORDER BY free_at, slot LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING slot`,
      [lane, limit, this.leaseMs],
    );
    const row = taken.rows[0];
    if (row) {
      this.nextGuess.set(lane, row.slot + 1);
      return { slot: row.slot };
    }
    const next = await this.pool.query<{ wait: string | null }>(`SELECT min(free_at) - ${NOW_MS} AS wait FROM desk_rate_slots WHERE lane = $1 AND slot < $2`, [lane, limit]);
    return { waitMs: Math.max(1, Number(next.rows[0]?.wait ?? 1)) };
  }

  async release(lane: string, slot: number): Promise<void> {
    await this.pool.query(`UPDATE desk_rate_slots SET free_at = ${NOW_MS} + $3 WHERE lane = $1 AND slot = $2`, [lane, slot, this.spanMs]);
  }

  /** Throws when the database does not answer (GET /readyz). */
  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
