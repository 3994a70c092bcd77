// spec 4.6: cursor pagination of unfilled-orders, history-orders, fills, financial-records.
import { z } from 'zod';
import { id, msString } from './common';

export const MAX_PAGE_LIMIT = 100;

export const pageQuery = {
  cursor: id.optional(),
  startTime: msString.optional(),
  endTime: msString.optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be a whole number')
    .refine((s) => Number(s) >= 1 && Number(s) <= MAX_PAGE_LIMIT, `must be between 1 and ${MAX_PAGE_LIMIT}`)
    .optional(),
};

/** Checks endTime >= startTime when both are given. */
export function timeRangeOrdered(q: { startTime?: string | undefined; endTime?: string | undefined }): boolean {
  return q.startTime === undefined || q.endTime === undefined || BigInt(q.endTime) >= BigInt(q.startTime);
}

/** A page: the items and the cursor for the next page (the minimum ID of this one, '' when none). */
export function page<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), cursor: z.string() });
}
