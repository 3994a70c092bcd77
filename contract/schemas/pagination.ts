// spec 4.6: cursor pagination of unfilled-orders, history-orders, fills, financial-records.
import { z } from 'zod';
import { id, msString } from './common';

export const MAX_PAGE_LIMIT = 100;

/**
 * How many rows a page may hold, as text (the docs type limits and page sizes as strings):
 * a whole number of at most `digits` digits, from 1 to `max`.
 */
export function rowCountText(max: number, digits = 4) {
  return z
    .string()
    .regex(new RegExp(`^\\d{1,${digits}}$`), 'must be a whole number')
    .refine((s) => Number(s) >= 1 && Number(s) <= max, `must be between 1 and ${max}`);
}

export const pageQuery = {
  cursor: id.optional(),
  startTime: msString.optional(),
  endTime: msString.optional(),
  limit: rowCountText(MAX_PAGE_LIMIT).optional(),
};

/** pageNo and pageSize of the lists that are paged by number (loans, pledge-rate revisions). */
export function numberedPageQuery(maxPageSize: number) {
  return {
    pageNo: z
      .string()
      .regex(/^\d{1,6}$/, 'must be a whole number')
      .refine((s) => Number(s) >= 1, 'must be 1 or more')
      .optional(),
    pageSize: rowCountText(maxPageSize).optional(),
  };
}

/**
 * The refinement of every query with a startTime and an endTime: when both are given, the
 * range must not end before it starts. Compared as bigints: the times are digits.
 */
export function timeRangeRule(q: { startTime?: string | undefined; endTime?: string | undefined }, ctx: z.RefinementCtx): void {
  if (q.startTime === undefined || q.endTime === undefined || BigInt(q.endTime) >= BigInt(q.startTime)) return;
  ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'must not be before startTime' });
}

/** A page: the items and the cursor for the next page (the minimum ID of this one, '' when none). */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), cursor: z.string() });
}
