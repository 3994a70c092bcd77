// A stable place for each row of the trades tape (trades-tape.tsx says why): a trade's
// ordinal counts the trades before it, so it never changes while the trade is listed, and
// the newest row's ordinal (the head) minus a row's ordinal is that row's index.
//
// The tape's list is newest first and grows at its head; every write keeps the row objects
// it already held (market-feeds.ts applyTradePushes), so an ordinal is remembered per row
// object. It is a cache, the same for the same list, so reading it while rendering is safe.

const ordinals = new WeakMap<object, number>();

/**
 * Past this, the ordinals start again from the list's length, and every row moves once:
 * rows sit at -ordinal × row height, and this keeps that far inside what CSS can place.
 */
export const ORDINAL_LIMIT = 100_000;

/**
 * Gives each row of the list (newest first) that has none an ordinal one above the row
 * after it, and returns the head: the first row's ordinal. A list whose rows share no
 * ordinals with the last one (a new market, a refetch) simply starts again.
 */
export function tapeOrdinals(rows: readonly object[]): number {
  if (rows.length === 0) return 0;
  const known = ordinals.get(rows[0]!);
  if (known !== undefined && known < ORDINAL_LIMIT) return known;
  // The newest row that has an ordinal; those before it are new. Not contiguous with the
  // rows after it (a refetch that dropped or added rows in between) counts as unknown.
  let from = rows.length;
  for (let i = 0; i < rows.length; i++) {
    const ordinal = ordinals.get(rows[i]!);
    if (ordinal === undefined) continue;
    if (ordinal < ORDINAL_LIMIT && rowsAfterAreContiguous(rows, i, ordinal)) from = i;
    break;
  }
  let next = from < rows.length ? ordinals.get(rows[from]!)! : -1;
  if (from === rows.length) for (let i = rows.length - 1; i >= 0; i--) ordinals.set(rows[i]!, ++next);
  else for (let i = from - 1; i >= 0; i--) ordinals.set(rows[i]!, ++next);
  return next;
}

/** The ordinal tapeOrdinals() gave a row of the list it was last given. */
export function ordinalOf(row: object): number {
  return ordinals.get(row) ?? 0;
}

function rowsAfterAreContiguous(rows: readonly object[], at: number, ordinal: number): boolean {
  // Only the row after is checked: the list is newest first and loses rows only at its
  // end, so one gap there is the sign of a list that was not built on the last one.
  const after = rows[at + 1];
  return after === undefined || ordinals.get(after) === ordinal - 1;
}
