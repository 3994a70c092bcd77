// A cheap structural check of a `books` push (contract/schemas/ws-depth.ts has the full
// zod schema). At 5,000 messages a second a zod parse per message costs more than the
// book itself; the OrderBook validates every level's decimals anyway and throws a
// DecimalError naming the level, which the pipeline turns into a resync.
// Current live pushes carry no checksum (upstream-facts.md: absent or 0); both read as 0,
// which the book takes as "none" and relies on seq/pseq alone. Live seq/pseq exceed 2^53:
// the socket quotes such numbers before JSON.parse (quoteLongSequences), so they arrive
// here as digits and the book reads them exactly.
// Most pushes never come here: the socket hands their text to the pipeline, whose reader
// (contract/book/book-push-reader.ts) declines every push this check would refuse, and a
// declined push is parsed and checked here as before.
import type { BookPush } from './book-store';

/** A push the book can apply, or the first field that keeps it from being one. */
export type BookPushCheck = { ok: true; push: BookPush } | { ok: false; field: string; message: string };

const bad = (field: string, message: string): BookPushCheck => ({ ok: false, field, message });

export function checkBookPush(msg: Record<string, unknown>): BookPushCheck {
  const action = msg.action;
  if (action !== 'snapshot' && action !== 'update') return bad('action', 'must be snapshot or update');
  const data = msg.data;
  if (!Array.isArray(data)) return bad('data', 'must be an array');
  const d = data[0] as Record<string, unknown> | undefined;
  if (typeof d !== 'object' || d === null) return bad('data.0', 'must be an object');
  if (!Array.isArray(d.a)) return bad('data.0.a', 'must be an array of levels');
  if (!Array.isArray(d.b)) return bad('data.0.b', 'must be an array of levels');
  if (!isSequence(d.seq)) return bad('data.0.seq', 'must be a non-negative integer');
  if (d.pseq !== undefined && !isSequence(d.pseq)) return bad('data.0.pseq', 'must be a non-negative integer when present');
  if (d.checksum !== undefined && typeof d.checksum !== 'number') return bad('data.0.checksum', 'must be a number when present');
  const checksum = typeof d.checksum === 'number' ? d.checksum : 0;
  // A snapshot may omit pseq; for an update without one the book decides (it cannot follow it).
  return { ok: true, push: { action, data: { a: d.a, b: d.b, seq: d.seq, pseq: d.pseq, checksum, ts: typeof d.ts === 'string' ? d.ts : undefined } as BookPush['data'] } };
}

/** A sequence number as a push carries it: a JSON integer, or its digits (quoted when long). */
function isSequence(v: unknown): v is number | string {
  return (typeof v === 'number' && Number.isInteger(v) && v >= 0) || (typeof v === 'string' && /^\d{1,30}$/.test(v));
}
