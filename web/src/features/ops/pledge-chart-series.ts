// Chart geometry for one loan order's pledge rate (spec 2.2): a true time axis (a gap of
// ten days is drawn ten times as wide as a gap of one), one stepped series (the rate
// holds until a revision moves it), and a marker per revision. Rates are percentages as
// text; the numbers here are for drawing only (the table and the CSV keep the exchange's text).
import type { ReviseRecord } from '@contract/schemas/earn-broker-convert';

const DAY = 24 * 3600 * 1000;

export interface RevisionPoint {
  time: number;
  before: number;
  after: number;
  record: ReviseRecord;
}

/** The loan orders present, in first-seen order. */
export function orderIdsOf(records: readonly ReviseRecord[]): string[] {
  return [...new Set(records.map((r) => r.orderId))];
}

/** One order's revisions, oldest first. */
export function revisionPoints(records: readonly ReviseRecord[], orderId: string): RevisionPoint[] {
  return records
    .filter((r) => r.orderId === orderId)
    .map((r) => ({ time: Number(r.reviseTime), before: Number(r.beforePledgeRate), after: Number(r.afterPledgeRate), record: r }))
    .sort((a, b) => a.time - b.time);
}

export type Scale = (v: number) => number;

/** Maps [d0, d1] onto [r0, r1] linearly (a degenerate domain maps to the middle). */
export function linearScale(d0: number, d1: number, r0: number, r1: number): Scale {
  if (d1 === d0) return () => (r0 + r1) / 2;
  const k = (r1 - r0) / (d1 - d0);
  return (v) => r0 + (v - d0) * k;
}

/**
 * The SVG path of the stepped series: from the first revision's "before" level, flat
 * until each revision, then straight to its "after" level; flat again to `endTime`.
 */
export function steppedPath(points: readonly RevisionPoint[], x: Scale, y: Scale, endTime: number): string {
  const first = points[0];
  if (!first) return '';
  const r = (n: number) => Math.round(n * 10) / 10;
  let d = `M${r(x(first.time))},${r(y(first.before))}`;
  for (const p of points) d += `H${r(x(p.time))}V${r(y(p.after))}`;
  const last = points[points.length - 1]!;
  if (endTime > last.time) d += `H${r(x(endTime))}`;
  return d;
}

/** Tick times on UTC calendar boundaries (days, weeks or months), at most about `max` of them. */
export function timeTicks(from: number, to: number, max: number): number[] {
  if (!(to > from) || max < 1) return [];
  const span = to - from;
  if (span / DAY > max * 20) {
    // Month starts, every n months.
    const months = Math.ceil(span / (30 * DAY) / max);
    const d = new Date(from);
    let t = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const out: number[] = [];
    while (t <= to) {
      out.push(t);
      const m = new Date(t);
      t = Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + months, 1);
    }
    return out;
  }
  const step = [1, 2, 7, 14, 28].map((n) => n * DAY).find((s) => span / s <= max) ?? 28 * DAY;
  const out: number[] = [];
  for (let t = Math.ceil(from / DAY) * DAY; t <= to; t += step) out.push(t);
  return out;
}

/** Round rate ticks (in percent) covering [min, max]. */
export function rateTicks(min: number, max: number, count: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max === min) return [min];
  const raw = (max - min) / Math.max(1, count);
  const step = [1, 2, 5, 10, 20, 25, 50].find((s) => s >= raw) ?? 100;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max; v += step) out.push(v);
  return out;
}

/** The rate domain of the points, padded so markers don't sit on the frame. */
export function rateDomain(points: readonly RevisionPoint[]): [number, number] {
  const values = points.flatMap((p) => [p.before, p.after]);
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = Math.max(1, (hi - lo) * 0.08);
  return [Math.floor(lo - pad), Math.ceil(hi + pad)];
}

export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
