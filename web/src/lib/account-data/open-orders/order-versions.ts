// Which of two reports about one order is newer (spec 3.1). Order pushes can arrive late,
// twice or swapped (issue 9), so a report only replaces what is known when it is newer:
// a terminal state (filled, canceled) beats any open one, whatever the times say, since
// nothing follows it; otherwise the later updatedTime wins, then the later state
// (live < new < partially_filled), then the larger filled quantity.
import { compareDecimal } from '@contract/core/decimal';
import { isTerminalState } from '@contract/schemas/common';

export interface OrderVersion {
  state: string;
  updatedTime: string;
  cumExecQty: string;
}

const openRank: Record<string, number> = { live: 0, new: 1, partially_filled: 2 };

/** Unix milliseconds as text; anything else counts as the oldest. */
export function timeOf(text: string): bigint {
  return /^\d{1,20}$/.test(text) ? BigInt(text) : 0n;
}

/**
 * Positive when `a` is newer than `b`, negative when older, 0 when neither is (the same
 * report twice, or two terminal reports: the first one stands).
 */
export function compareOrderVersions(a: OrderVersion, b: OrderVersion): number {
  const at = isTerminalState(a.state);
  const bt = isTerminalState(b.state);
  if (at || bt) return at === bt ? 0 : at ? 1 : -1;
  const ta = timeOf(a.updatedTime);
  const tb = timeOf(b.updatedTime);
  if (ta !== tb) return ta > tb ? 1 : -1;
  const ra = openRank[a.state] ?? 0;
  const rb = openRank[b.state] ?? 0;
  if (ra !== rb) return ra - rb;
  return quantityOrder(a.cumExecQty, b.cumExecQty);
}

function quantityOrder(a: string, b: string): number {
  try {
    return compareDecimal(a || '0', b || '0');
  } catch {
    return 0;
  }
}
