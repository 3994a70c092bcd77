// The order book as the ladder shows it: grouped by a tick multiple (contract/book:
// asks rounded up, bids rounded down), trimmed to the rows that fit, with each row's
// share of the deepest cumulative total for its depth bar, and the user's own open
// orders marked at the bucket they fall into. Only the levels the shown rows need are
// grouped (levelsForRows).
import { groupLevels, type GroupedLevel } from '@contract/book/group-levels';
import { toScaled } from '@contract/core/decimal';
import { levelCount, ticksAt, lotsAt, type PackedLevels } from './packed-levels';

export interface LadderRow extends GroupedLevel {
  /** cumLots / the largest cumLots of both sides: 0..1, for the depth bar width. */
  depthShare: number;
  /** How many of the user's open orders sit in this bucket. */
  ownOrders: number;
}

export interface Ladder {
  asks: LadderRow[];
  bids: LadderRow[];
}

export interface OwnOrder {
  side: 'buy' | 'sell';
  price: string;
}

export interface LadderOptions {
  multiple: number;
  rows: number;
  priceScale: number;
  sizeScale: number;
  ownOrders?: readonly OwnOrder[];
}

/** Bucket ticks the same way groupLevels does: asks up, bids down. */
export function bucketOf(ticks: number, multiple: number, side: 'bid' | 'ask'): number {
  const r = ticks % multiple;
  if (r === 0) return ticks;
  return side === 'bid' ? ticks - r : ticks - r + multiple;
}

/**
 * The best levels that fill the first `rows` buckets (levels are best first). Grouping
 * formats every bucket it makes, so it is fed only what the ladder shows: this runs every
 * frame under load, and a 400-level side would cost ~30x the work for 12 rows.
 */
export function levelsForRows(levels: PackedLevels, multiple: number, side: 'bid' | 'ask', rows: number): { ticks: number; lots: number }[] {
  const out: { ticks: number; lots: number }[] = [];
  let buckets = 0;
  let last = Number.NaN;
  const n = levelCount(levels);
  for (let i = 0; i < n; i++) {
    const ticks = ticksAt(levels, i);
    const b = bucketOf(ticks, multiple, side);
    if (b !== last) {
      if (buckets === rows) break;
      buckets++;
      last = b;
    }
    out.push({ ticks, lots: lotsAt(levels, i) });
  }
  return out;
}

export function buildLadder(bids: PackedLevels, asks: PackedLevels, opts: LadderOptions): Ladder {
  const g = { multiple: opts.multiple, priceScale: opts.priceScale, sizeScale: opts.sizeScale };
  const groupedBids = groupLevels(levelsForRows(bids, opts.multiple, 'bid', opts.rows), { ...g, side: 'bid' }).slice(0, opts.rows);
  const groupedAsks = groupLevels(levelsForRows(asks, opts.multiple, 'ask', opts.rows), { ...g, side: 'ask' }).slice(0, opts.rows);
  const deepest = Math.max(groupedBids.at(-1)?.cumLots ?? 0, groupedAsks.at(-1)?.cumLots ?? 0, 1);
  const own = countOwn(opts.ownOrders ?? [], opts.multiple, opts.priceScale);
  const rows = (levels: GroupedLevel[], side: 'bid' | 'ask'): LadderRow[] =>
    levels.map((l) => ({ ...l, depthShare: l.cumLots / deepest, ownOrders: own[side].get(l.ticks) ?? 0 }));
  return { bids: rows(groupedBids, 'bid'), asks: rows(groupedAsks, 'ask') };
}

function countOwn(orders: readonly OwnOrder[], multiple: number, priceScale: number) {
  const out = { bid: new Map<number, number>(), ask: new Map<number, number>() };
  for (const o of orders) {
    let ticks: number;
    try {
      ticks = Number(toScaled(o.price, priceScale, { rounding: 'down' }));
    } catch {
      continue; // a market order has no price to mark
    }
    if (ticks <= 0) continue;
    const side = o.side === 'buy' ? 'bid' : 'ask';
    const bucket = bucketOf(ticks, multiple, side);
    out[side].set(bucket, (out[side].get(bucket) ?? 0) + 1);
  }
  return out;
}
