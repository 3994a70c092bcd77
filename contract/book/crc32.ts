// CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), table-driven.
//
// The depth checksum (upstream-facts "WS v3") is the signed int32 CRC of an ASCII text.
// The book feeds its stored strings in piece by piece through crc32Update, so no
// checksum text is ever concatenated: the checksum is over half the cost of a book
// message in the peer we measure against (BENCHMARKS.md "book").

const TABLE: Int32Array = (() => {
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
    crc = (crc >>> 8) ^ TABLE[(crc ^ s.charCodeAt(i)) & 0xff]!;
  }
  return crc;
}

/** Feeds one char code (e.g. 58 for ':') into a running CRC state. */
export function crc32UpdateByte(crc: number, code: number): number {
  return (crc >>> 8) ^ TABLE[(crc ^ code) & 0xff]!;
}

/** Turns a running state into the final CRC, as a signed int32 (what upstream sends). */
export function crc32Final(crc: number): number {
  return ~crc | 0;
}

/** The signed int32 CRC-32 of an ASCII string. */
export function crc32(s: string): number {
  return crc32Final(crc32Update(CRC32_INIT, s));
}
