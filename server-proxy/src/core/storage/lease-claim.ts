// Claiming a job's lease (issue 22: several proxies on one database), for every table of
// jobs that has one (jobs, archive_exports). One conditional UPDATE (free, ours, or
// expired), so of two proxies claiming together exactly one wins: PostgreSQL re-checks the
// condition on the row the other's committed update left.
import type { DeskDb } from './open-storage';

export type LeasedTable = 'jobs' | 'archive_exports';

/** Takes (or renews) the right to run job `id` until `until`; false when another proxy holds it. */
export async function claimLease(db: DeskDb, table: LeasedTable, id: number, owner: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
