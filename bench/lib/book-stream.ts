// The generated `books` stream of bench/book.bench.ts (BENCHMARKS.md "book"): about 400
// levels a side, 20 to 25% deletes, prices biased toward the top of the book. Apart from
// the bench so that a profile of either pipeline (scripts or --cpu-prof runs) reads the
// very same messages.

import { fromScaled } from '../../contract/core/decimal';
import { crc32 } from '../../contract/core/crc32';
import type { DepthLevel, DepthPush } from '../../contract/schemas/ws-depth';
import { randomInt, seededRandom } from './prng';

export const PRICE_SCALE = 1; // BTCUSDT-like: tick 0.1
export const SIZE_SCALE = 4; // lot 0.0001
export const LEVELS_PER_SIDE = 400;
// Changed levels per push. The reference figures in BENCHMARKS.md (ccxt: deltas alone at
// about 0.2 µs each, a whole message without CRC about 4.5 µs) imply about ten per message.
const LEVELS_PER_MESSAGE = [1, 20] as const;
const MESSAGES = 10_000;
const SEED = 20_240_601;
const DELETE_SHARE = 0.22;
const INSERT_SHARE = 0.22;

/** One stream as JSON text in two dialects; message 0 is the snapshot. */
export interface BookStream {
  withChecksum: string[];
  withoutChecksum: string[];
}

interface GenLevel {
  ticks: number;
  price: string;
  size: string;
}

/**
 * Generates the stream with its own plain-array book, so the embedded checksums do not
 * depend on the code under test. Both variants carry the same books and sequence numbers;
 * `withChecksum` is the seed's dialect, `withoutChecksum` the live exchange's, whose
 * pushes carry no checksum field (upstream-facts "WS v3").
 */
export function generateBookStream(): BookStream {
  const random = seededRandom(SEED);
  const price = (ticks: number) => fromScaled(ticks, PRICE_SCALE, { trim: true });
  const size = () => fromScaled(randomInt(random, 1, 50_000), SIZE_SCALE, { trim: true });
  // Best first on both sides, 1 to 3 ticks apart, so inserts find gaps.
  const bids: GenLevel[] = [];
  const asks: GenLevel[] = [];
  const mid = 430_000;
  for (let i = 0, t = mid; i < LEVELS_PER_SIDE; i++, t -= randomInt(random, 1, 3)) bids.push({ ticks: t, price: price(t), size: size() });
  for (let i = 0, t = mid + 2; i < LEVELS_PER_SIDE; i++, t += randomInt(random, 1, 3)) asks.push({ ticks: t, price: price(t), size: size() });

  // Depth from the top: mostly within the top 10, a tail down the whole book.
  const depth = (len: number) => Math.min(len - 1, Math.floor(-Math.log(1 - random()) * (random() < 0.9 ? 4 : 60)));

  const checksum = () => {
    const parts: string[] = [];
    for (let i = 0; i < 25; i++) {
      const b = bids[i];
      const a = asks[i];
      if (b) parts.push(b.price, b.size);
      if (a) parts.push(a.price, a.size);
    }
    return crc32(parts.join(':'));
  };

  const withChecksum: string[] = [];
  const withoutChecksum: string[] = [];
  const arg = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' } as const;
  let seq = 5_000_000;
  let ts = 1_700_000_000_000;
  const push = (action: 'snapshot' | 'update', b: DepthLevel[], a: DepthLevel[], pseq: number) => {
    const msg: DepthPush = { arg, action, data: [{ a, b, checksum: checksum(), pseq, seq, ts: String(ts) }], ts: ts + 3 };
    withChecksum.push(JSON.stringify(msg));
    delete msg.data[0]!.checksum;
    withoutChecksum.push(JSON.stringify(msg));
  };
  push(
    'snapshot',
    bids.map((l): DepthLevel => [l.price, l.size]),
    asks.map((l): DepthLevel => [l.price, l.size]),
    0,
  );

  for (let m = 1; m < MESSAGES; m++) {
    const changes: Record<'b' | 'a', DepthLevel[]> = { b: [], a: [] };
    const count = randomInt(random, LEVELS_PER_MESSAGE[0], LEVELS_PER_MESSAGE[1]);
    for (let k = 0; k < count; k++) {
      const isBid = random() < 0.5;
      const side = isBid ? bids : asks;
      const other = isBid ? asks : bids;
      const dir = isBid ? -1 : 1; // away from the top
      const d = depth(side.length);
      const out = changes[isBid ? 'b' : 'a'];
      let r = random();
      // Keep each side near LEVELS_PER_SIDE, so deletes and inserts stay equally common.
      if (side.length < LEVELS_PER_SIDE - 20 && r < DELETE_SHARE) r += DELETE_SHARE;
      else if (side.length > LEVELS_PER_SIDE + 20 && r >= DELETE_SHARE && r < DELETE_SHARE + INSERT_SHARE) r -= DELETE_SHARE;
      if (r < DELETE_SHARE) {
        const [gone] = side.splice(d, 1);
        out.push([gone!.price, '0']);
        continue;
      }
      if (r < DELETE_SHARE + INSERT_SHARE) {
        // A new price just better than level j, from j = d down: the first gap found (for
        // j = 0 that is inside the spread, never crossing it), else one past the last level.
        let j = d;
        let t = 0;
        for (; j < side.length; j++) {
          const outer = side[j]!.ticks;
          const inner = j > 0 ? side[j - 1]!.ticks : other[0]!.ticks;
          const room = Math.abs(inner - outer) - 1;
          if (room > 0) {
            t = outer - dir * randomInt(random, 1, room);
            break;
          }
        }
        if (j === side.length) t = side[j - 1]!.ticks + dir * randomInt(random, 1, 3);
        const level = { ticks: t, price: price(t), size: size() };
        side.splice(j, 0, level);
        out.push([level.price, level.size]);
        continue;
      }
      const level = side[d]!;
      level.size = size();
      out.push([level.price, level.size]);
    }
    ts += randomInt(random, 1, 150);
    const pseq = seq;
    seq += 1;
    push('update', changes.b, changes.a, pseq);
  }
  return { withChecksum, withoutChecksum };
}
