// bench book: contract/book's OrderBook against ccxt's order book (BENCHMARKS.md "book",
// issue 2 item 12), in one process, on one generated stream of `books` pushes as JSON text.
//
// Per message, for both: JSON.parse, apply every level, verify the checksum of the top 25
// levels against the value embedded in the message (a mismatch aborts the benchmark).
//
// The ccxt side does what ccxt's bitget handler does for `books` (ccxt/js/src/pro/bitget.js
// handleOrderBook and handleDelta): each level becomes a row [price, size, original level]
// stored with storeArray, and the checksum text is the top 25 rows' original strings pushed
// to an array and joined with ':'. Like that handler it uses the exchange's countedOrderBook
// (same public route as orderBook(snapshot, 400), same sorted rows and Float64Array index):
// the plain orderBook's storeArray overwrites only the numeric size of an existing level,
// so the original strings, and with them the checksum, would go stale on every size change.
// It skips ccxt's safe* accessors (plain Number() instead), which favours the peer.
//
// Which CRC: the peer's joined text is CRC'd with OUR crc32 (the same table-driven loop our
// book uses), so the result compares book structure and checksum method, not two CRC
// implementations. A last pass gives the ratio with ccxt's own crc32, for information only.
//
// Rounds interleave the two in steps of a few hundred messages (bench/lib/compare.ts
// interleave), so load swings on a shared machine hit both alike.

import ccxt from 'ccxt';
import { crc32 } from '../contract/core/crc32';
import { OrderBook } from '../contract/book/order-book';
import { fromScaled } from '../contract/core/decimal';
import type { DepthLevel, DepthPush } from '../contract/schemas/ws-depth';
import { compare, interleave } from './lib/compare';
import { randomInt, seededRandom } from './lib/prng';

const PRICE_SCALE = 1; // BTCUSDT-like: tick 0.1
const SIZE_SCALE = 4; // lot 0.0001
const LEVELS_PER_SIDE = 400;
// Changed levels per push. The reference figures in BENCHMARKS.md (ccxt: deltas alone at
// about 0.2 µs each, a whole message without CRC about 4.5 µs) imply about ten per message.
const LEVELS_PER_MESSAGE = [1, 20] as const;
const MESSAGES = 10_000;
const SEED = 20_240_601;
const DELETE_SHARE = 0.22;
const INSERT_SHARE = 0.22;

// ---------------------------------------------------------------- the stream

interface GenLevel {
  ticks: number;
  price: string;
  size: string;
}

/** Generates the stream with its own plain-array book, so the embedded checksums do not depend on the code under test. */
function generateStream(): string[] {
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

  const messages: string[] = [];
  const arg = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' } as const;
  let seq = 5_000_000;
  let ts = 1_700_000_000_000;
  const push = (action: 'snapshot' | 'update', b: DepthLevel[], a: DepthLevel[], pseq: number) => {
    const msg: DepthPush = { arg, action, data: [{ a, b, checksum: checksum(), pseq, seq, ts: String(ts) }], ts: ts + 3 };
    messages.push(JSON.stringify(msg));
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
  return messages;
}

// ---------------------------------------------------------------- the two pipelines

/** Our pipeline over messages [from, to) of the stream; the first message is the snapshot. */
class OursRunner {
  private book = new OrderBook({ priceScale: PRICE_SCALE, sizeScale: SIZE_SCALE });

  run(messages: readonly string[], from: number, to: number): void {
    const book = this.book;
    for (let i = from; i < to; i++) {
      const msg = JSON.parse(messages[i]!) as DepthPush;
      const data = msg.data[0]!;
      const result = msg.action === 'snapshot' ? book.applySnapshot(data) : book.applyUpdate(data);
      if (result.status !== 'ok') throw new Error(`ours: message ${i}: ${JSON.stringify(result)}`);
    }
  }
}

type Row = [number, number, DepthLevel];
interface CcxtSide {
  length: number;
  [i: number]: Row;
  storeArray(row: Row): void;
}
interface CcxtBook {
  bids: CcxtSide;
  asks: CcxtSide;
}

const exchange = new ccxt.pro.okx();

/** ccxt's pipeline over messages [from, to), the way ccxt's bitget handler drives it. */
class CcxtRunner {
  private book: CcxtBook | undefined;

  constructor(private readonly crc: (s: string) => number) {}

  run(messages: readonly string[], from: number, to: number): void {
    const crc = this.crc;
    for (let i = from; i < to; i++) {
      const msg = JSON.parse(messages[i]!) as DepthPush;
      const data = msg.data[0]!;
      if (msg.action === 'snapshot') {
        const row = (level: DepthLevel): Row => [Number(level[0]), Number(level[1]), level];
        this.book = exchange.countedOrderBook({ bids: data.b.map(row), asks: data.a.map(row) }, LEVELS_PER_SIDE) as unknown as CcxtBook;
      } else {
        for (const level of data.a) this.book!.asks.storeArray([Number(level[0]), Number(level[1]), level]);
        for (const level of data.b) this.book!.bids.storeArray([Number(level[0]), Number(level[1]), level]);
      }
      const { bids, asks } = this.book!;
      // A plain loop over the top 25: slice() would build a new indexed side (BENCHMARKS.md trap).
      const parts: string[] = [];
      for (let k = 0; k < 25; k++) {
        if (k < bids.length) {
          const row = bids[k]!;
          parts.push(row[2][0], row[2][1]);
        }
        if (k < asks.length) {
          const row = asks[k]!;
          parts.push(row[2][0], row[2][1]);
        }
      }
      const actual = crc(parts.join(':'));
      if (actual !== data.checksum) throw new Error(`ccxt: message ${i}: checksum ${actual}, expected ${data.checksum}`);
    }
  }
}

// ---------------------------------------------------------------- run

const started = Date.now();
const messages = generateStream();
const bytes = messages.reduce((s, m) => s + m.length, 0);
console.log(`book: ${messages.length} messages (${(bytes / 1e6).toFixed(1)} MB of JSON), ${LEVELS_PER_SIDE} levels a side, generated in ${Date.now() - started} ms`);

// One round is one pass over the stream by both, alternating in steps of STEP messages.
const STEP = 250;
const steps = Math.ceil(messages.length / STEP);
const stepSize = (k: number) => Math.min(messages.length, (k + 1) * STEP) - k * STEP;
const pass = (ccxtCrc: (s: string) => number) => {
  const ours = new OursRunner();
  const peer = new CcxtRunner(ccxtCrc);
  return interleave(
    steps,
    stepSize,
    (k) => ours.run(messages, k * STEP, k * STEP + stepSize(k)),
    (k) => peer.run(messages, k * STEP, k * STEP + stepSize(k)),
  );
};

await compare({
  name: 'book',
  unit: 'msgs/s',
  peerName: 'ccxt order book (ccxt.pro.okx().countedOrderBook)',
  target: 2.5,
  higherIsBetter: true,
  rounds: 21,
  budgetSeconds: 40,
  round: () => pass(crc32),
});

// For information: the peer with ccxt's own crc32 instead of ours (not written to the result).
if (Date.now() - started < 45_000) {
  const own = [0, 1, 2].map(() => pass((s) => exchange.crc32(s, true) as number));
  const ownRatios = own.map((r) => r.ours / r.peer).sort((x, y) => x - y);
  console.log(`book (info): with ccxt's own crc32 on the peer side, ours/peer = ${ownRatios[1]!.toFixed(2)}x (median of 3 passes)`);
} else {
  console.log('book (info): pass with ccxt\'s own crc32 skipped, the machine is too slow right now');
}
console.log(`book: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
