// Claiming a job's lease (issue 22: several proxies on one database), for every table of
// jobs that has one (jobs, archive_exports, and the archive's sync claims). One conditional
// UPDATE (free, ours, or expired), so of two proxies claiming together exactly one wins:
// PostgreSQL re-checks the condition on the row the other's committed update left.
import { sql, type Expression, type SqlBool } from 'kysely';
import type { DeskDb } from './open-storage';

/** The condition under which `owner` may take a row's lease at `now`: nobody holds it, `owner` does, or it ran out. */
export const leaseFree = (owner: string, now: number): Expression<SqlBool> => sql<SqlBool>`(lease_owner is null or lease_owner = ${owner} or lease_until < ${now})`;

export type LeasedTable = 'jobs' | 'archive_exports';

/** Takes (or renews) the right to run job `id` until `until`; false when another proxy holds it. */
export async function claimLease(db: DeskDb, table: LeasedTable, id: number, owner: string, now: number, until: number): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ lease_owner: owner, lease_until: until })
    .where('id', '=', id)
    .where(leaseFree(owner, now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
