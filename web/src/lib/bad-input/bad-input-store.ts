// Pushes and answers that failed the contract (issue 15 "Bad input"). Nothing that fails
// is dropped silently: every one is counted here per channel, the first of each channel
// and field is logged once with console.warn, and the header shows the total as a warning
// next to the connection status (bad-input-warning.tsx). A REST answer's channel is its
// path; a push's is its topic ("order", "books:BTCUSDT", ...).
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import { firstProblem } from '@contract/core/validation';

export interface BadInputEntry {
  /** Where it came from: a push topic or a REST path. */
  channel: string;
  /** The first offending field, as firstProblem names it, list positions as * ("data.*.state"). */
  field: string;
  message: string;
  count: number;
}

export interface BadInputState {
  /** One entry per channel and field, in the order they were first seen. */
  entries: readonly BadInputEntry[];
  total: number;
}

export type Warn = (message: string) => void;

export function createBadInputStore(warn: Warn = (m) => console.warn(m)) {
  const store = createStore<BadInputState>()(() => ({ entries: [], total: 0 }));
  /** Counts one message that failed; logs it when its channel and field are new. */
  const report = (channel: string, rawField: string, message: string): void => {
    // Which item of a list failed differs from push to push; the field that failed is the news.
    const field = rawField.replace(/(^|\.)\d+(?=\.|$)/g, '$1*');
    const { entries, total } = store.getState();
    const at = entries.findIndex((e) => e.channel === channel && e.field === field);
    if (at < 0) {
      warn(`[desk] ${channel}: a message failed the contract at ${field} (${message}); it was not applied`);
      store.setState({ entries: [...entries, { channel, field, message, count: 1 }], total: total + 1 });
      return;
    }
    const next = entries.slice();
    const old = entries[at] as BadInputEntry;
    next[at] = { ...old, count: old.count + 1 };
    store.setState({ entries: next, total: total + 1 });
  };
  return {
    store,
    report,
    /** Same, from a zod failure: its first problem names the field. */
    reportError(channel: string, error: z.ZodError, prefix: readonly (string | number)[] = []): void {
      const { field, message } = firstProblem(error, prefix);
      report(channel, field, message);
    },
    reset(): void {
      store.setState({ entries: [], total: 0 });
    },
  };
}

export type BadInput = ReturnType<typeof createBadInputStore>;

export const badInput = createBadInputStore();

/**
 * Parses each item of a push's data array with the channel's schema: the items that pass,
 * and every one that fails reported to `sink` (the page-wide store by default).
 */
export function parsePushItems<T>(
  channel: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: z.ZodError } },
  data: unknown,
  sink: BadInput = badInput,
): T[] {
  if (!Array.isArray(data)) {
    sink.report(channel, 'data', 'must be an array');
    return [];
  }
  const out: T[] = [];
  data.forEach((d, i) => {
    const r = schema.safeParse(d);
    if (r.success) out.push(r.data);
    else sink.reportError(channel, r.error, ['data', i]);
  });
  return out;
}
