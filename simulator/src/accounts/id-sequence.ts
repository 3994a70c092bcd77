// Numeric IDs as decimal strings of one width (they start at 10^15 and never reach 10^16):
// text order equals numeric order, so cursor pagination (spec 4.6: "results with IDs below
// it") works whether a client compares the IDs as numbers or as strings.
const FIRST = 1_000_000_000_000_000n;

export class IdSequence {
  private last: bigint;

  constructor(start: bigint = FIRST) {
    this.last = start;
  }

  next(): string {
    this.last += 1n;
    return this.last.toString();
  }
}

/** Compares two IDs numerically. */
export function idBelow(a: string, b: string): boolean {
  return BigInt(a) < BigInt(b);
}
