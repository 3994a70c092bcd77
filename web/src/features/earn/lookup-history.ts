// The session's redemption lookups (issue 8.3), newest first, kept in sessionStorage so a
// reload keeps them and closing the tab forgets them.
import { z } from 'zod';
import { periodTypes } from '@contract/schemas/earn-broker-convert';

export const lookupEntrySchema = z.object({
  at: z.number(),
  orderId: z.string(),
  periodType: z.enum(periodTypes),
  /** success / fail as the exchange answered (spec 2.3), or error when the call itself failed. */
  outcome: z.enum(['success', 'fail', 'error']),
  msg: z.string(),
});
export type LookupEntry = z.infer<typeof lookupEntrySchema>;

export const MAX_LOOKUPS = 100;
const KEY = 'desk.redeem-lookups';

export function addLookup(history: readonly LookupEntry[], entry: LookupEntry, max = MAX_LOOKUPS): LookupEntry[] {
  return [entry, ...history].slice(0, max);
}

export interface KeyValue {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The stored history; anything unreadable counts as none (it is a convenience, not a record). */
export function loadLookups(storage: KeyValue | null): LookupEntry[] {
  try {
    const parsed = z.array(lookupEntrySchema).safeParse(JSON.parse(storage?.getItem(KEY) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, MAX_LOOKUPS) : [];
  } catch {
    return [];
  }
}

export function saveLookups(storage: KeyValue | null, history: readonly LookupEntry[]): void {
  try {
    storage?.setItem(KEY, JSON.stringify(history));
  } catch {
    // Full or blocked storage: the history lasts for this page only.
  }
}
