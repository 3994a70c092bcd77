// The depth checksum over best-first level lists, for a publisher that holds its levels
// as [price, size] strings (the simulator). OrderBook.checksum() computes the same value
// from its own storage; both follow upstream-facts "WS v3".

import type { DepthLevel } from '../schemas/ws-depth';
import { CRC32_INIT, crc32Final, crc32Update, crc32UpdateByte } from '../core/crc32';

const COLON = 58;

/**
 * CRC32 (signed int32) of the top `depth` levels, interleaved bid1:ask1:bid2:ask2 as
 * price:size; when one side runs out, the other side's levels continue alone.
 */
export function depthChecksum(bids: readonly DepthLevel[], asks: readonly DepthLevel[], depth = 25): number {
  const nb = Math.min(bids.length, depth);
  const na = Math.min(asks.length, depth);
  let crc = CRC32_INIT;
  let first = true;
  for (let i = 0; i < nb || i < na; i++) {
    for (const level of [i < nb ? bids[i] : undefined, i < na ? asks[i] : undefined]) {
      if (level === undefined) continue;
      if (!first) crc = crc32UpdateByte(crc, COLON);
      first = false;
      crc = crc32UpdateByte(crc32Update(crc, level[0]), COLON);
      crc = crc32Update(crc, level[1]);
    }
  }
  return crc32Final(crc);
}
