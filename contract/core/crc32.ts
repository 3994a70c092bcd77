// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), table-driven.
//
// The depth checksum (upstream-facts "WS v3") is the signed int32 CRC of an ASCII text.
// The checksum is over half the cost of a book message in the peer we measure against
// (BENCHMARKS.md "book"), so the book never concatenates the text: it feeds its stored
// strings in piece by piece, and better still caches each level's own CRC and splices it
// in with crc32Append, which costs five table lookups instead of one per character.

/** The byte table: one step is crc = (crc >>> 8) ^ CRC32_TABLE[(crc ^ byte) & 0xff]. */
export const CRC32_TABLE: Int32Array = (() => {
  const t = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  return t;
})();

/** The running state before any input. */
export const CRC32_INIT = -1;

/** Feeds the char codes of `s` into a running CRC state. Input must be ASCII (decimal strings are). */
export function crc32Update(crc: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    crc = (crc >>> 8) ^ CRC32_TABLE[(crc ^ s.charCodeAt(i)) & 0xff]!;
  }
  return crc;
}

/** Feeds one char code (e.g. 58 for ':') into a running CRC state. */
export function crc32UpdateByte(crc: number, code: number): number {
  return (crc >>> 8) ^ CRC32_TABLE[(crc ^ code) & 0xff]!;
}

/** Turns a running state into the final CRC, as a signed int32 (what upstream sends). */
export function crc32Final(crc: number): number {
  return ~crc | 0;
}

/** The signed int32 CRC-32 of an ASCII string. */
export function crc32(s: string): number {
  return crc32Final(crc32Update(CRC32_INIT, s));
}

// CRC is linear over GF(2): running state s over a piece p of length n gives
// shift_n(s) XOR run(0, p), where shift_n(s) is s run over n zero bytes. shift_n is linear
// in s, so it is four table lookups, one per byte of s. The tables for n below 64 sit in
// one flat array (256 KB, of which a book touches the few lengths its levels have); each
// is one zero byte on from the one before, so building them all is 64K steps.
const MAX_SHIFT = 64;
const SHIFT: Int32Array = (() => {
  const t = new Int32Array(MAX_SHIFT * 1024);
  for (let k = 0; k < 4; k++) for (let b = 0; b < 256; b++) t[k * 256 + b] = b << (8 * k);
  for (let n = 1; n < MAX_SHIFT; n++) {
    for (let e = 0; e < 1024; e++) {
      const x = t[(n - 1) * 1024 + e]!;
      t[n * 1024 + e] = (x >>> 8) ^ CRC32_TABLE[x & 0xff]!;
    }
  }
  return t;
})();

/** The raw CRC of a piece on its own, for crc32Append: crc32Update from a zero state. */
export function crc32Piece(s: string): number {
  return crc32Update(0, s);
}

const COLON = 58;
const CRC_OF_COLON = crc32UpdateByte(0, COLON);

/**
 * crc32Piece(":" + price + ":" + size): what a book side caches per level, so the depth
 * checksum splices each level in with one crc32Append. The leading colon is the separator
 * from the level before; the first level of the text cancels it (OrderBook.checksum).
 */
export function crc32LevelPiece(price: string, size: string): number {
  return crc32Update(crc32UpdateByte(crc32Update(CRC_OF_COLON, price), COLON), size);
}

/**
 * Continues a running state over a piece whose crc32Piece and length are known:
 * crc32Append(state, crc32Piece(p), p.length) === crc32Update(state, p).
 */
export function crc32Append(state: number, piece: number, length: number): number {
  if (length >= MAX_SHIFT) return crc32AppendLong(state, piece, length);
  const o = length << 10;
  return SHIFT[o + (state & 0xff)]! ^ SHIFT[o + 256 + ((state >>> 8) & 0xff)]! ^ SHIFT[o + 512 + ((state >>> 16) & 0xff)]! ^ SHIFT[o + 768 + (state >>> 24)]! ^ piece;
}

// Pieces this long do not occur in a book (a price and a size of 30 digits each); shift byte by byte.
function crc32AppendLong(state: number, piece: number, length: number): number {
  for (let i = 0; i < length; i++) state = (state >>> 8) ^ CRC32_TABLE[state & 0xff]!;
  return state ^ piece;
}
