import { describe, expect, it } from 'vitest';
import { ORDINAL_LIMIT, ordinalOf, tapeOrdinals } from './tape-ordinals';

const rowsOf = (n: number): { id: number | string }[] => Array.from({ length: n }, (_, i) => ({ id: i }));
/** Each row's index as its ordinal says it: head - ordinal. */
const indexes = (rows: object[], head: number) => rows.map((r) => head - ordinalOf(r));

describe('tapeOrdinals', () => {
  it('numbers a first list from its oldest row, so head minus ordinal is each index', () => {
    const rows = rowsOf(5);
    const head = tapeOrdinals(rows);
    expect(head).toBe(4);
    expect(indexes(rows, head)).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps the ordinals of rows already listed when trades come in on top, and drops off the end', () => {
    const first = rowsOf(4);
    tapeOrdinals(first);
    const before = first.map(ordinalOf);
    const next = [{ id: 'a' }, { id: 'b' }, ...first].slice(0, 5);
    const head = tapeOrdinals(next);
    expect(head).toBe(before[0]! + 2);
    expect(next.slice(2).map(ordinalOf)).toEqual(before.slice(0, 3));
    expect(indexes(next, head)).toEqual([0, 1, 2, 3, 4]);
  });

  it('answers the same for the same list (safe to call while rendering)', () => {
    const rows = rowsOf(3);
    const head = tapeOrdinals(rows);
    expect(tapeOrdinals(rows)).toBe(head);
    expect(tapeOrdinals([...rows])).toBe(head);
  });

  it('starts again for a list of new rows (another market, a refetch)', () => {
    tapeOrdinals(rowsOf(10));
    const fresh = rowsOf(3);
    const head = tapeOrdinals(fresh);
    expect(head).toBe(2);
    expect(indexes(fresh, head)).toEqual([0, 1, 2]);
  });

  it('starts again past the limit, so rows stay within what CSS can place', () => {
    let rows = rowsOf(3);
    let head = tapeOrdinals(rows);
    while (head < ORDINAL_LIMIT) {
      rows = [{ id: head }, ...rows].slice(0, 3);
      head = tapeOrdinals(rows);
    }
    rows = [{ id: 'next' }, ...rows].slice(0, 3);
    head = tapeOrdinals(rows);
    expect(head).toBe(2);
    expect(indexes(rows, head)).toEqual([0, 1, 2]);
  });

  it('an empty list has head 0', () => {
    expect(tapeOrdinals([])).toBe(0);
  });
});
