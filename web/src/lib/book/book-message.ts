// A cheap structural check of a `books` push (contract/schemas/ws-depth.ts has the full
// zod schema). At 5,000 messages a second a zod parse per message costs more than the
// book itself; the OrderBook validates every level's decimals anyway and throws a
// DecimalError naming the level, which the pipeline turns into a resync.
import type { BookPush } from './book-store';

export function asBookPush(msg: Record<string, unknown>): BookPush | null {
  const action = msg.action;
  if (action !== 'snapshot' && action !== 'update') return null;
  const data = msg.data;
  if (!Array.isArray(data)) return null;
  const d = data[0] as Record<string, unknown> | undefined;
  if (typeof d !== 'object' || d === null) return null;
  if (!Array.isArray(d.a) || !Array.isArray(d.b)) return null;
  if (typeof d.seq !== 'number' || typeof d.checksum !== 'number') return null;
  // A snapshot may omit pseq; an update without one is treated as a gap.
  const pseq = typeof d.pseq === 'number' ? d.pseq : action === 'snapshot' ? 0 : -1;
  return { action, data: { a: d.a, b: d.b, seq: d.seq, pseq, checksum: d.checksum, ts: typeof d.ts === 'string' ? d.ts : undefined } as BookPush['data'] };
}
