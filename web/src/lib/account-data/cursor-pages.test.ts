import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareIds, headReachesLoaded, mergeById, nextCursor } from './cursor-pages';

interface Row {
  id: string;
  v: string;
}
const idOf = (r: Row) => r.id;
const rows = (...ids: number[]) => ids.map((id) => ({ id: String(id), v: 'a' }));

describe('compareIds', () => {
  it('orders digit ids numerically, beyond 2^53', () => {
    expect(compareIds('9', '10')).toBeLessThan(0);
    expect(compareIds('9007199254740993', '9007199254740992')).toBeGreaterThan(0);
    expect(compareIds('42', '42')).toBe(0);
  });
});

describe('nextCursor', () => {
  it('is the minimum id of the page (spec 4.6), whatever order the page came in', () => {
    expect(nextCursor({ list: rows(105, 101, 103), cursor: '999' }, idOf)).toBe('101');
  });

  it("falls back to the server's cursor for an empty page", () => {
    expect(nextCursor({ list: [], cursor: '' }, idOf)).toBe('');
  });
});

describe('mergeById', () => {
  it('appends an older page below the loaded rows', () => {
    expect(mergeById(rows(10, 9), rows(8, 7), idOf).map(idOf)).toEqual(['10', '9', '8', '7']);
  });

  it('puts new rows of a refreshed head on top without duplicating the overlap', () => {
    expect(mergeById(rows(10, 9, 8), rows(12, 11, 10, 9), idOf).map(idOf)).toEqual(['12', '11', '10', '9', '8']);
  });

  it('replaces a row with its newer version', () => {
    const merged = mergeById([{ id: '5', v: 'live' }], [{ id: '5', v: 'filled' }], idOf);
    expect(merged).toEqual([{ id: '5', v: 'filled' }]);
  });

  it('never holds an id twice and stays newest first, for any pages in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 15 }), { maxLength: 8 }), (pages) => {
        let loaded: Row[] = [];
        for (const p of pages) loaded = mergeById(loaded, rows(...p), idOf);
        const ids = loaded.map((r) => Number(r.id));
        expect(new Set(ids).size).toBe(ids.length);
        expect(ids).toEqual([...ids].sort((a, b) => b - a));
        expect(new Set(ids)).toEqual(new Set(pages.flat()));
      }),
    );
  });
});

describe('headReachesLoaded', () => {
  it('is true when the head page overlaps the newest loaded row', () => {
    expect(headReachesLoaded({ list: rows(12, 11, 10), cursor: '10' }, rows(10, 9), idOf)).toBe(true);
  });

  it('is false when more new rows arrived than one page holds', () => {
    expect(headReachesLoaded({ list: rows(30, 29, 28), cursor: '28' }, rows(10, 9), idOf)).toBe(false);
  });
});
