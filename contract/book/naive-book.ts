// A deliberately simple order book: a Map per side, sorted on every read, the checksum
// text built by string concatenation. It is the reference the property tests hold
// OrderBook to, so it shares none of OrderBook's machinery (no typed arrays, no
// incremental CRC, BigInt decimal parsing from decimal.ts).

import { toScaled } from '../core/decimal';
import type { DepthLevel } from '../schemas/ws-depth';
import { crc32 } from '../core/crc32';

interface NaiveLevel {
  key: bigint;
  price: string;
  size: string;
}

export class NaiveBook {
  private readonly sides = { bid: new Map<bigint, NaiveLevel>(), ask: new Map<bigint, NaiveLevel>() };

  constructor(private readonly priceScale: number, private readonly sizeScale: number) {}

  snapshot(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): void {
    this.sides.bid.clear();
    this.sides.ask.clear();
    this.update(bids, asks);
  }

  update(bids: readonly DepthLevel[], asks: readonly DepthLevel[]): void {
    for (const [price, size] of bids) this.set('bid', price, size);
    for (const [price, size] of asks) this.set('ask', price, size);
  }

  /** Levels best first, as [price, size] strings. */
  levels(side: 'bid' | 'ask'): DepthLevel[] {
    const sorted = [...this.sides[side].values()].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
    if (side === 'bid') sorted.reverse();
    return sorted.map((l): DepthLevel => [l.price, l.size]);
  }

  checksumText(depth = 25): string {
    const bids = this.levels('bid').slice(0, depth);
    const asks = this.levels('ask').slice(0, depth);
    const parts: string[] = [];
    for (let i = 0; i < Math.max(bids.length, asks.length); i++) {
      const bid = bids[i];
      const ask = asks[i];
      if (bid) parts.push(`${bid[0]}:${bid[1]}`);
      if (ask) parts.push(`${ask[0]}:${ask[1]}`);
    }
    return parts.join(':');
  }

  checksum(): number {
    return crc32(this.checksumText());
  }

  private set(side: 'bid' | 'ask', price: string, size: string): void {
    const key = toScaled(price, this.priceScale);
    if (toScaled(size, this.sizeScale) === 0n) this.sides[side].delete(key);
    else this.sides[side].set(key, { key, price, size });
  }
}
