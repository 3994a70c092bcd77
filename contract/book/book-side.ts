// One side of the order book: price levels sorted so that the best level is at the END.
//
// Deltas cluster at the top of the book (BENCHMARKS.md "book"), so keeping the top at the
// end makes an insert or delete there shift only the few levels above it, and the search
// gallops from the end before it bisects. Parallel arrays hold the integer key, the size
// in lots, the original price and size strings (the checksum is over the originals), and
// each level's ":price:size" CRC piece for the checksum (crc32.ts crc32Append).
// A piece is made from the strings the first time a checksum reaches its level (crcPiece),
// not when the level is set: most levels are set and replaced without ever being in the
// top 25 of a checksummed push, and the live exchange's pushes carry no checksum at all.
// Nothing here allocates per level except when the arrays grow.
//
// A level read from a push's text (book-push-reader.ts) has no strings: making two per
// level was most of what reading the text saves over JSON.parse. It keeps, in `forms`,
// how many decimals its price and size were written with; the reader takes only plain
// digits without leading zeros, so the value and that count give back the text as sent
// (levelText), for the few levels whose text is ever asked for (the best bid and ask,
// a checksum's level whose piece is not made yet, view()).

import { crc32LevelPiece } from '../core/crc32';
import { fromScaled } from '../core/decimal';

const INITIAL_CAPACITY = 64;

/** The form of a level whose price and size strings are stored (see BookSide.set). */
export const TEXT_IN_STRINGS = -1;

/** The form of a level read from text: the decimals its price and size were written with (each below 256). */
export function textForm(priceDecimals: number, sizeDecimals: number): number {
  return priceDecimals | (sizeDecimals << 8);
}

/** The text of a value read as plain digits without leading zeros, with `decimals` decimals, at `scale`. */
function levelText(value: number, scale: number, decimals: number): string {
  const text = fromScaled(value, scale);
  if (decimals === scale) return text;
  // Fewer decimals: the ones dropped are zeros (the value was scaled up); more: zeros the value dropped.
  if (decimals < scale) return text.slice(0, text.length - (scale - decimals) - (decimals === 0 ? 1 : 0));
  return (scale === 0 ? `${text}.` : text) + '0'.repeat(decimals - scale);
}

export class BookSide {
  /** Sort key: ticks for bids, -ticks for asks, so ascending order puts the best last. */
  keys: Float64Array;
  lots: Float64Array;
  prices: string[];
  sizes: string[];
  /** crc32Piece of ":price:size" per level (leading colon: see OrderBook.checksum). */
  crcs: Int32Array;
  /** Length of ":price:size"; 0 while the level's piece is not made yet (see crcPiece). */
  crcLengths: Int32Array;
  /** TEXT_IN_STRINGS, or a level read from text: its price's decimals | its size's decimals << 8 (textForm). */
  forms: Int32Array;
  length = 0;
  private readonly sign: 1 | -1;

  /** The scales are needed only for levels set without their strings (a form other than TEXT_IN_STRINGS). */
  constructor(
    readonly side: 'bid' | 'ask',
    private readonly priceScale = 0,
    private readonly sizeScale = 0,
  ) {
    this.sign = side === 'bid' ? 1 : -1;
    this.keys = new Float64Array(INITIAL_CAPACITY);
    this.lots = new Float64Array(INITIAL_CAPACITY);
    this.crcs = new Int32Array(INITIAL_CAPACITY);
    this.crcLengths = new Int32Array(INITIAL_CAPACITY);
    this.forms = new Int32Array(INITIAL_CAPACITY);
    // Filled, not holey, so V8 keeps them as packed element arrays.
    this.prices = new Array<string>(INITIAL_CAPACITY).fill('');
    this.sizes = new Array<string>(INITIAL_CAPACITY).fill('');
  }

  clear(): void {
    this.length = 0;
  }

  /** Ticks of the level `depth` places from the top (0 = best). Caller checks depth < length. */
  ticksAt(depth: number): number {
    return this.sign * this.keys[this.length - 1 - depth]!;
  }

  lotsAt(depth: number): number {
    return this.lots[this.length - 1 - depth]!;
  }

  /** The price as sent. */
  priceAt(depth: number): string {
    return this.priceText(this.length - 1 - depth);
  }

  sizeAt(depth: number): string {
    return this.sizeText(this.length - 1 - depth);
  }

  private priceText(i: number): string {
    const form = this.forms[i]!;
    return form === TEXT_IN_STRINGS ? this.prices[i]! : levelText(this.sign * this.keys[i]!, this.priceScale, form & 0xff);
  }

  private sizeText(i: number): string {
    const form = this.forms[i]!;
    return form === TEXT_IN_STRINGS ? this.sizes[i]! : levelText(this.lots[i]!, this.sizeScale, form >>> 8);
  }

  /**
   * Makes the CRC piece of the level at index `i` (storage order) from its strings, unless
   * it is made already, and returns its length; the piece is then in crcs[i].
   */
  crcPiece(i: number): number {
    const known = this.crcLengths[i]!;
    if (known !== 0) return known;
    const price = this.priceText(i);
    const size = this.sizeText(i);
    this.crcs[i] = crc32LevelPiece(price, size);
    return (this.crcLengths[i] = price.length + size.length + 2);
  }

  /**
   * Sets the level at `ticks` (lots > 0), or deletes it (lots === 0; a missing level is no
   * error). `crc` and `crcLength` are its CRC piece when the caller has it; a crcLength of
   * 0 leaves the piece to be made from `price` and `size` when a checksum needs it.
   * `form` is TEXT_IN_STRINGS, or textForm(...) for a level read from text, whose price
   * and size strings are then ''.
   */
  set(ticks: number, lots: number, price: string, size: string, crc: number, crcLength: number, form: number = TEXT_IN_STRINGS): void {
    const key = this.sign * ticks;
    const len = this.length;
    const keys = this.keys;
    const i = this.lowerBound(key);
    if (i < len && keys[i] === key) {
      if (lots === 0) {
        this.removeAt(i);
      } else {
        this.lots[i] = lots;
        this.prices[i] = price;
        this.sizes[i] = size;
        this.crcs[i] = crc;
        this.crcLengths[i] = crcLength;
        this.forms[i] = form;
      }
      return;
    }
    if (lots !== 0) this.insertAt(i, key, lots, price, size, crc, crcLength, form);
  }

  /**
   * Bulk load of a snapshot side that arrives best first: push every level in order on an
   * empty side, then call reverse() once. In between the side is not in its sorted order.
   */
  pushBestFirst(ticks: number, lots: number, price: string, size: string, crc: number, crcLength: number, form: number = TEXT_IN_STRINGS): void {
    if (this.length === this.keys.length) this.grow();
    const at = this.length++;
    this.keys[at] = this.sign * ticks;
    this.lots[at] = lots;
    this.prices[at] = price;
    this.sizes[at] = size;
    this.crcs[at] = crc;
    this.crcLengths[at] = crcLength;
    this.forms[at] = form;
  }

  /** Reverses the stored order; used once after pushBestFirst has filled the side. */
  reverse(): void {
    const n = this.length;
    this.keys.subarray(0, n).reverse();
    this.lots.subarray(0, n).reverse();
    this.crcs.subarray(0, n).reverse();
    this.crcLengths.subarray(0, n).reverse();
    this.forms.subarray(0, n).reverse();
    for (let i = 0, j = n - 1; i < j; i++, j--) {
      const p = this.prices[i]!;
      this.prices[i] = this.prices[j]!;
      this.prices[j] = p;
      const s = this.sizes[i]!;
      this.sizes[i] = this.sizes[j]!;
      this.sizes[j] = s;
    }
  }

  // First index whose key is >= key. Gallops down from the top (the end) first, since
  // that is where the deltas land, then bisects the bracket it found.
  private lowerBound(key: number): number {
    const keys = this.keys;
    let hi = this.length; // keys[hi..] are all >= key
    let step = 1;
    let lo = hi - step;
    while (lo >= 0 && keys[lo]! >= key) {
      hi = lo;
      step <<= 1;
      lo = hi - step;
    }
    if (lo < 0) lo = -1; // keys[lo] < key for lo >= 0; -1 stands for "before the start"
    // Invariant: keys[lo] < key (or lo === -1), keys[hi] >= key (or hi === length).
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < key) lo = mid;
      else hi = mid;
    }
    return hi;
  }

  private insertAt(i: number, key: number, lots: number, price: string, size: string, crc: number, crcLength: number, form: number): void {
    if (this.length === this.keys.length) this.grow();
    const len = this.length;
    if (i < len) {
      this.shiftNumbers(i + 1, i, len);
      const prices = this.prices;
      const sizes = this.sizes;
      for (let j = len; j > i; j--) {
        prices[j] = prices[j - 1]!;
        sizes[j] = sizes[j - 1]!;
      }
    }
    this.keys[i] = key;
    this.lots[i] = lots;
    this.prices[i] = price;
    this.sizes[i] = size;
    this.crcs[i] = crc;
    this.crcLengths[i] = crcLength;
    this.forms[i] = form;
    this.length = len + 1;
  }

  private removeAt(i: number): void {
    const len = this.length - 1;
    if (i < len) {
      this.shiftNumbers(i, i + 1, len + 1);
      const prices = this.prices;
      const sizes = this.sizes;
      for (let j = i; j < len; j++) {
        prices[j] = prices[j + 1]!;
        sizes[j] = sizes[j + 1]!;
      }
    }
    // Drop the references so removed strings can be collected.
    this.prices[len] = '';
    this.sizes[len] = '';
    this.length = len;
  }

  // copyWithin for all five typed arrays. Near the top only a few levels move, and there
  // one plain loop beats five native calls.
  private shiftNumbers(target: number, start: number, end: number): void {
    const { keys, lots, crcs, crcLengths, forms } = this;
    const n = end - start;
    if (n > 16) {
      keys.copyWithin(target, start, end);
      lots.copyWithin(target, start, end);
      crcs.copyWithin(target, start, end);
      crcLengths.copyWithin(target, start, end);
      forms.copyWithin(target, start, end);
    } else if (target > start) {
      for (let j = n - 1; j >= 0; j--) {
        keys[target + j] = keys[start + j]!;
        lots[target + j] = lots[start + j]!;
        crcs[target + j] = crcs[start + j]!;
        crcLengths[target + j] = crcLengths[start + j]!;
        forms[target + j] = forms[start + j]!;
      }
    } else {
      for (let j = 0; j < n; j++) {
        keys[target + j] = keys[start + j]!;
        lots[target + j] = lots[start + j]!;
        crcs[target + j] = crcs[start + j]!;
        crcLengths[target + j] = crcLengths[start + j]!;
        forms[target + j] = forms[start + j]!;
      }
    }
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    this.keys = grown(this.keys, new Float64Array(cap));
    this.lots = grown(this.lots, new Float64Array(cap));
    this.crcs = grown(this.crcs, new Int32Array(cap));
    this.crcLengths = grown(this.crcLengths, new Int32Array(cap));
    this.forms = grown(this.forms, new Int32Array(cap));
    for (let j = this.prices.length; j < cap; j++) {
      this.prices.push('');
      this.sizes.push('');
    }
  }
}

/** `to`, a larger array of the same kind, holding `from`'s values at its start. */
export function grown<T extends Float64Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
