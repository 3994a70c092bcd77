// The order book of one instrument, fed by the `books` channel (spec 6.3, upstream-facts
// "WS v3", websocket.md): a snapshot, then updates; a size of "0" deletes a level.
//
// Levels are keyed by integer ticks and hold their size in integer lots, and keep the
// original price and size strings, because the checksum is over the strings as sent.
// The stored book is never trimmed: view(depth) returns a trimmed copy.
//
// Continuity. The seed's pushes carry a CRC32 of the top 25 levels; the live exchange's
// carry none (only seq, pseq, maxDepth). A checksum is verified when it is present and
// non-zero; otherwise the book relies on the sequence rules of websocket.md alone:
//   - the first update after a snapshot must cover it: pseq <= snapshot seq <= seq
//     (one whose seq is below the snapshot's is older than it, and ignored);
//   - every later update's pseq is the previous seq;
//   - pseq = 0 on a later update means upstream restarted and renumbered: the book
//     cannot continue and asks for a fresh snapshot (a 'gap' with pseq 0), once; the
//     snapshot that follows starts the new numbering, so there is no loop. First after a
//     snapshot, pseq = 0 is within the rule above when seq >= the snapshot's.
// Sequence numbers are exact (sequence.ts keys: bigints beyond 2^53, where live values are).
//
// Two ways in, one set of rules: applySnapshot and applyUpdate take a push that JSON.parse
// made; applyRead takes one that book-push-reader.ts read from the frame's text into
// pendingBids and pendingAsks. Both then go through the same commit.
//
// (Over 400 lines on purpose: the continuity rules, both ways in and the commit that
// checks the checksum read one book's fields; split, each part would need them all.)

import type { DepthData } from '../schemas/ws-depth';
import { DecimalError, fromScaled } from '../core/decimal';
import { BookSide, grown, TEXT_IN_STRINGS } from './book-side';
import { CRC32_INIT, crc32Append, crc32Final, crc32UpdateByte } from '../core/crc32';
import { DecimalReader } from '../core/decimal-reader';
import { toSequenceKey, type SequenceKey, type SequenceValue } from './sequence';

/**
 * The parts of a `books` push (one element of its data array) that the book uses.
 * seq and pseq may be numbers, digit strings or bigints (see sequence.ts); checksum
 * is optional, and 0 means "none" (the live exchange sends none).
 */
export type BookMessage = Pick<DepthData, 'a' | 'b'> & {
  seq: SequenceValue;
  pseq?: SequenceValue | undefined;
  checksum?: number | undefined;
};

export type BookResult =
  | { readonly status: 'ok' }
  /** seq not after the last applied one (a duplicate or a late message): ignored, book unchanged and still in sync. */
  | { readonly status: 'stale' }
  /** No snapshot yet, or the book fell out of sync: updates are refused until the next snapshot. */
  | { readonly status: 'no_snapshot' }
  /**
   * The update does not continue the book: pseq is not the previous seq (or, first after
   * a snapshot, does not cover it), or pseq is 0 (upstream renumbered). The numbers are
   * for messages (doubles; exact ones are in expectedPseqExact and pseqExact).
   */
  | { readonly status: 'gap'; readonly expectedPseq: number; readonly pseq: number; readonly expectedPseqExact: bigint; readonly pseqExact: bigint }
  | { readonly status: 'checksum_mismatch'; readonly expected: number; readonly actual: number };

export interface BookLevel {
  price: string;
  size: string;
  ticks: number;
  lots: number;
}

export interface BookView {
  bids: BookLevel[];
  asks: BookLevel[];
}

export interface OrderBookOptions {
  /** Decimals of the instrument's tick size (price precision). */
  priceScale: number;
  /** Decimals of the instrument's lot size (quantity precision). */
  sizeScale: number;
  /** Verify the checksum of every message that carries one (non-zero). Default true. */
  verifyChecksum?: boolean;
}

/** Levels the checksum covers (upstream-facts "WS v3"). */
export const CHECKSUM_DEPTH = 25;

const OK: BookResult = Object.freeze({ status: 'ok' });
const STALE: BookResult = Object.freeze({ status: 'stale' });
const NO_SNAPSHOT: BookResult = Object.freeze({ status: 'no_snapshot' });
const COLON = 58;
/** crc32Piece(':'): each level's piece starts with a colon (see checksum()). */
const CRC_OF_COLON = crc32UpdateByte(0, COLON);
const FIRST_LEVEL_STATE = CRC32_INIT ^ CRC_OF_COLON;
const PARSER = new DecimalReader();

/**
 * Parsed levels of the message being applied. Filled completely before the book is
 * touched, so a malformed message throws (or a text the reader cannot take is declined)
 * without leaving half of it applied.
 */
export class ParsedLevels {
  ticks = new Float64Array(64);
  lots = new Float64Array(64);
  /** crc32LevelPiece of each level, and its length; lengths are 0 for a push without a checksum (BookSide.crcPiece). */
  crcs = new Int32Array(64);
  crcLengths = new Int32Array(64);
  /** BookSide forms: filled by the text reader only (levels from JSON.parse keep their strings). */
  forms = new Int32Array(64);
  length = 0;

  reset(n: number): void {
    if (n > this.ticks.length) this.grow(n);
    this.length = n;
  }

  /** Room for at least n levels, keeping the levels already there. */
  grow(n: number): void {
    let cap = this.ticks.length;
    while (cap < n) cap *= 2;
    this.ticks = grown(this.ticks, new Float64Array(cap));
    this.lots = grown(this.lots, new Float64Array(cap));
    this.crcs = grown(this.crcs, new Int32Array(cap));
    this.crcLengths = grown(this.crcLengths, new Int32Array(cap));
    this.forms = grown(this.forms, new Int32Array(cap));
  }
}

export class OrderBook {
  readonly priceScale: number;
  readonly sizeScale: number;
  private readonly verify: boolean;
  private readonly bids: BookSide;
  private readonly asks: BookSide;
  /** Where a reader of the push's text puts its levels before applyRead (book-push-reader.ts). */
  readonly pendingBids = new ParsedLevels();
  readonly pendingAsks = new ParsedLevels();
  /** The last push carried a checksum: the text reader's guess for the next (see wantsCrcPieces). */
  private lastHadChecksum = true;
  private synced = false;
  /** The seq of the last applied message (sequence.ts SequenceKey: a number below 2^53). */
  private lastSeq: SequenceKey = 0;
  /** The next update is the first after a snapshot: it must cover the snapshot's seq. */
  private firstAfterSnapshot = false;

  constructor(opts: OrderBookOptions) {
    for (const key of ['priceScale', 'sizeScale'] as const) {
      const v = opts[key];
      if (!Number.isInteger(v) || v < 0 || v > 15) throw new RangeError(`${key} must be an integer from 0 to 15, got ${v}`);
    }
    this.priceScale = opts.priceScale;
    this.sizeScale = opts.sizeScale;
    this.verify = opts.verifyChecksum ?? true;
    this.bids = new BookSide('bid', this.priceScale, this.sizeScale);
    this.asks = new BookSide('ask', this.priceScale, this.sizeScale);
  }

  /**
   * Whether a reader of the push's text should make each level's CRC piece as it reads.
   * The text gives the checksum after the levels, so the reader goes by the last push: a
   * feed either carries checksums (the seed) or does not (live). A wrong guess costs time
   * only: a piece not made is made from the level when a checksum needs it (BookSide.crcPiece).
   */
  get wantsCrcPieces(): boolean {
    return this.verify && this.lastHadChecksum;
  }

  /** True after a good snapshot, until a gap, a checksum mismatch or a malformed message. */
  get inSync(): boolean {
    return this.synced;
  }

  /** The seq of the last applied message, as a double (may round beyond 2^53; see seqExact). */
  get seq(): number {
    return Number(this.lastSeq);
  }

  /** The seq of the last applied message, exact. */
  get seqExact(): bigint {
    return BigInt(this.lastSeq);
  }

  get bidCount(): number {
    return this.bids.length;
  }

  get askCount(): number {
    return this.asks.length;
  }

  /** Replaces the whole book. Throws DecimalError naming the level on malformed input. */
  applySnapshot(data: BookMessage): BookResult {
    this.synced = false;
    const seq = toSequenceKey(data.seq);
    this.parseAll(data);
    return this.commit(true, seq, data.checksum, data);
  }

  /**
   * Applies an incremental update. Refused ('no_snapshot') while out of sync; one that
   * does not continue the book (rules at the top) is a 'gap'. Both gap and mismatch leave
   * the book out of sync: the caller resubscribes for a fresh snapshot (ARCHITECTURE.md,
   * browser data flow).
   */
  applyUpdate(data: BookMessage): BookResult {
    if (!this.synced) return NO_SNAPSHOT;
    const seq = toSequenceKey(data.seq);
    // An update without pseq cannot show that it continues the book.
    const pseq = data.pseq === undefined ? -1 : toSequenceKey(data.pseq, 'pseq');
    const refused = this.refuse(seq, pseq);
    if (refused !== null) return refused;
    this.synced = false; // until the message is known to be well-formed and applied
    this.parseAll(data);
    return this.commit(false, seq, data.checksum, data);
  }

  /**
   * Applies the push whose levels a text reader put in pendingBids and pendingAsks
   * (book-push-reader.ts), by the rules of applySnapshot and applyUpdate. pseq is -1 when
   * the push had none, checksum 0. The pending levels are valid by then: nothing throws.
   */
  applyRead(snapshot: boolean, seq: SequenceKey, pseq: SequenceKey, checksum: number): BookResult {
    this.lastHadChecksum = checksum !== 0;
    if (snapshot) return this.commit(true, seq, checksum, null);
    if (!this.synced) return NO_SNAPSHOT;
    const refused = this.refuse(seq, pseq);
    return refused ?? this.commit(false, seq, checksum, null);
  }

  /** Why an update with these numbers cannot be applied now (rules at the top), or null when it can. pseq -1: none. */
  private refuse(seq: SequenceKey, pseq: SequenceKey): BookResult | null {
    const last = this.lastSeq;
    if (this.firstAfterSnapshot) {
      // websocket.md: the snapshot's seq falls within [pseq, seq] of the first update.
      // pseq 0 satisfies that too (a feed's first push may name no predecessor), unless
      // the new numbering starts below the snapshot: then upstream restarted, and waiting
      // for its numbers to pass the snapshot's would stall the book.
      if (pseq === 0 && seq < last) return this.gap(pseq);
      if (seq < last) return STALE;
      if (pseq > last || pseq < 0) return this.gap(pseq);
    } else if (pseq === 0 && last !== 0) {
      return this.gap(pseq);
    } else if (pseq !== last) {
      if (seq <= last && pseq >= 0) return STALE;
      return this.gap(pseq);
    }
    return null;
  }

  // Applies the pending levels: a snapshot replaces each side, an update sets its levels.
  // `strings` is the parsed push whose levels hold the price and size strings, or null
  // for levels read from text (pending*.forms say how to write them again).
  private commit(snapshot: boolean, seq: SequenceKey, checksum: number | undefined, strings: BookMessage | null): BookResult {
    this.synced = false;
    const apply = snapshot ? loadSide : updateSide;
    apply(this.bids, this.pendingBids, strings === null ? null : strings.b);
    apply(this.asks, this.pendingAsks, strings === null ? null : strings.a);
    this.lastSeq = seq;
    this.firstAfterSnapshot = snapshot;
    return this.settle(checksum);
  }

  /**
   * The CRC32 of the top 25 levels as upstream computes it: "bidPrice:bidSize:askPrice:askSize"
   * pairs from the top down, over the original strings; once one side runs out the other
   * side's levels continue alone. Nothing is concatenated: each level's cached CRC is
   * spliced in (crc32.ts crc32Append), made from its strings the first time (BookSide.crcPiece).
   */
  checksum(): number {
    return sidesChecksum(this.bids, this.asks);
  }

  bestBidTicks(): number | undefined {
    return this.bids.length > 0 ? this.bids.ticksAt(0) : undefined;
  }

  bestAskTicks(): number | undefined {
    return this.asks.length > 0 ? this.asks.ticksAt(0) : undefined;
  }

  /** The best bid's price as sent. */
  bestBid(): string | undefined {
    return this.bids.length > 0 ? this.bids.priceAt(0) : undefined;
  }

  bestAsk(): string | undefined {
    return this.asks.length > 0 ? this.asks.priceAt(0) : undefined;
  }

  /** Ask minus bid in ticks; undefined while either side is empty. */
  spreadTicks(): number | undefined {
    const bid = this.bestBidTicks();
    const ask = this.bestAskTicks();
    return bid === undefined || ask === undefined ? undefined : ask - bid;
  }

  /** The spread as a decimal string at the price precision. */
  spread(): string | undefined {
    const t = this.spreadTicks();
    return t === undefined ? undefined : fromScaled(t, this.priceScale);
  }

  /** The exact mid price: at the price precision, or with one more decimal (a 5) when the spread is odd. */
  mid(): string | undefined {
    const bid = this.bestBidTicks();
    const ask = this.bestAskTicks();
    if (bid === undefined || ask === undefined) return undefined;
    const sum = BigInt(bid) + BigInt(ask);
    return sum % 2n === 0n ? fromScaled(sum / 2n, this.priceScale) : fromScaled(sum * 5n, this.priceScale + 1);
  }

  /** A copy of the top `depth` levels of each side, best first. The stored book is untouched. */
  view(depth: number = Number.POSITIVE_INFINITY): BookView {
    return { bids: copySide(this.bids, depth), asks: copySide(this.asks, depth) };
  }

  /**
   * The best `depth` levels of each side as [ticks0, lots0, ticks1, lots1, ...]: no strings
   * and no objects, so the browser's book store (web/src/lib/book/book-store.ts) publishes
   * a frame's view without allocating per level. Ticks and lots are safe integers, exact
   * in a Float64Array.
   */
  packedView(depth: number = Number.POSITIVE_INFINITY): { bids: Float64Array; asks: Float64Array } {
    return { bids: packSide(this.bids, depth), asks: packSide(this.asks, depth) };
  }

  private gap(pseq: SequenceKey): BookResult {
    this.synced = false;
    const expected = this.lastSeq;
    return { status: 'gap', expectedPseq: Number(expected), pseq: Number(pseq), expectedPseqExact: BigInt(expected), pseqExact: BigInt(pseq) };
  }

  private settle(expected: number | undefined): BookResult {
    if (this.verify && expected !== undefined && expected !== 0) {
      const actual = this.checksum();
      if (actual !== expected) return { status: 'checksum_mismatch', expected, actual };
    }
    this.synced = true;
    return OK;
  }

  private parseAll(data: BookMessage): void {
    // A push that will be checksummed gets its levels' CRC pieces as they are read; one
    // without leaves them to BookSide.crcPiece, made only if a later checksum needs them.
    this.lastHadChecksum = data.checksum !== undefined && data.checksum !== 0;
    const withCrc = this.verify && this.lastHadChecksum;
    parseSide(this.pendingBids, data.b, 'b', this.priceScale, this.sizeScale, withCrc);
    parseSide(this.pendingAsks, data.a, 'a', this.priceScale, this.sizeScale, withCrc);
  }
}

// A level's strings from the parsed push, or none ('') when it was read from text: its
// form then says how to write them again (book-side.ts).
function updateSide(side: BookSide, parsed: ParsedLevels, levels: BookMessage['a'] | null): void {
  const { ticks, lots, crcs, crcLengths, forms } = parsed;
  for (let i = 0; i < parsed.length; i++) {
    if (levels === null) side.set(ticks[i]!, lots[i]!, '', '', crcs[i]!, crcLengths[i]!, forms[i]!);
    else side.set(ticks[i]!, lots[i]!, levels[i]![0], levels[i]![1], crcs[i]!, crcLengths[i]!, TEXT_IN_STRINGS);
  }
}

function loadSide(side: BookSide, parsed: ParsedLevels, levels: BookMessage['a'] | null): void {
  side.clear();
  const { ticks, lots, crcs, crcLengths, forms } = parsed;
  const n = parsed.length;
  // Snapshots arrive best first; then the side is filled in one pass. Anything else
  // (unsorted, repeated prices) goes through the general insert.
  const sign = side.side === 'bid' ? 1 : -1;
  let bestFirst = true;
  for (let i = 1; i < n && bestFirst; i++) bestFirst = sign * ticks[i]! < sign * ticks[i - 1]!;
  if (!bestFirst) {
    updateSide(side, parsed, levels);
    return;
  }
  for (let i = 0; i < n; i++) {
    if (lots[i] === 0) continue;
    if (levels === null) side.pushBestFirst(ticks[i]!, lots[i]!, '', '', crcs[i]!, crcLengths[i]!, forms[i]!);
    else side.pushBestFirst(ticks[i]!, lots[i]!, levels[i]![0], levels[i]![1], crcs[i]!, crcLengths[i]!, TEXT_IN_STRINGS);
  }
  side.reverse();
}

function parseSide(out: ParsedLevels, levels: BookMessage['a'], name: 'a' | 'b', priceScale: number, sizeScale: number, withCrc: boolean): void {
  if (!Array.isArray(levels)) throw new DecimalError(name, 'malformed', `${name} must be an array of [price, size] levels`);
  const n = levels.length;
  out.reset(n);
  const { ticks, lots, crcs, crcLengths } = out;
  const parser = PARSER;
  parser.trackCrc = withCrc;
  let i = 0;
  try {
    for (; i < n; i++) {
      const level = levels[i]!;
      const price = level[0];
      const size = level[1];
      parser.crc = CRC_OF_COLON;
      ticks[i] = parser.ticks(price, priceScale, 'price');
      parser.crc = crc32UpdateByte(parser.crc, COLON);
      lots[i] = parser.ticks(size, sizeScale, 'size');
      crcs[i] = parser.crc;
      crcLengths[i] = withCrc ? price.length + size.length + 2 : 0;
    }
  } catch (err) {
    // Name the level only on failure, so the happy path builds no strings.
    const where = `${name}[${i}]`;
    if (err instanceof DecimalError) throw new DecimalError(`${where} ${err.field}`, err.reason, `${where}: ${err.message}`);
    throw new DecimalError(where, 'malformed', `${where} must be a [price, size] pair of decimal strings`);
  }
}

function packSide(side: BookSide, depth: number): Float64Array {
  const n = depth > 0 ? Math.min(side.length, Math.floor(depth)) : 0;
  const out = new Float64Array(2 * n);
  for (let d = 0; d < n; d++) {
    out[2 * d] = side.ticksAt(d);
    out[2 * d + 1] = side.lotsAt(d);
  }
  return out;
}

/**
 * The CRC32 of the top 25 levels of two book sides as upstream computes it (see
 * OrderBook.checksum), from each level's cached CRC piece. Exported for a publisher that
 * keeps its own BookSides of what its clients hold (the simulator's depth publisher).
 */
export function sidesChecksum(bids: BookSide, asks: BookSide): number {
  let bi = bids.length - 1;
  let ai = asks.length - 1;
  const bEnd = Math.max(-1, bi - CHECKSUM_DEPTH);
  const aEnd = Math.max(-1, ai - CHECKSUM_DEPTH);
  // Levels cache the CRC of ":price:size", with a leading colon, so each level is one
  // splice. The first level must not have the colon: starting from INIT ^ crc(":") and
  // splicing one character fewer cancels it (CRC is linear; see crc32.ts).
  let crc = FIRST_LEVEL_STATE;
  let skip = 1;
  while (bi > bEnd || ai > aEnd) {
    if (bi > bEnd) {
      const length = bids.crcPiece(bi);
      crc = crc32Append(crc, bids.crcs[bi]!, length - skip);
      skip = 0;
      bi--;
    }
    if (ai > aEnd) {
      const length = asks.crcPiece(ai);
      crc = crc32Append(crc, asks.crcs[ai]!, length - skip);
      skip = 0;
      ai--;
    }
  }
  return skip === 1 ? crc32Final(CRC32_INIT) : crc32Final(crc);
}

function copySide(side: BookSide, depth: number): BookLevel[] {
  const n = depth > 0 ? Math.min(side.length, Math.floor(depth)) : 0; // NaN and negatives give no levels
  const out: BookLevel[] = new Array<BookLevel>(n);
  for (let d = 0; d < n; d++) {
    out[d] = { price: side.priceAt(d), size: side.sizeAt(d), ticks: side.ticksAt(d), lots: side.lotsAt(d) };
  }
  return out;
}
