import { describe, expect, it } from 'vitest';
import type { Page } from './cursor-pages';
import { collectRange, type RangeProgress } from './range-export';

interface Row {
  id: string;
  t: number;
}

/** A fake spec 4.6 list of ids 1..n (time = id), newest first, honouring cursor and limit. */
function fakeList(n: number, pageSize: number, calls: (string | undefined)[] = []) {
  const all: Row[] = Array.from({ length: n }, (_, i) => ({ id: String(n - i), t: n - i }));
  return async (cursor: string | undefined): Promise<Page<Row>> => {
    calls.push(cursor);
    const below = cursor === undefined ? Infinity : Number(cursor);
    const list = all.filter((r) => Number(r.id) < below).slice(0, pageSize);
    return { list, cursor: list.at(-1)?.id ?? '' };
  };
}

const idOf = (r: Row) => r.id;

describe('collectRange', () => {
  it('pages through the whole range with cursor = the minimum id of the previous page', async () => {
    const calls: (string | undefined)[] = [];
    const result = await collectRange({ fetchPage: fakeList(250, 100, calls), idOf, pageSize: 100 });
    expect(result.rows).toHaveLength(250);
    expect(result.rows[0]?.id).toBe('250');
    expect(result.rows.at(-1)?.id).toBe('1');
    expect(calls).toEqual([undefined, '151', '51']);
    expect(result.truncated).toBe(false);
  });

  it('asks once more after an exactly full last page and stops on the empty one', async () => {
    const calls: (string | undefined)[] = [];
    const result = await collectRange({ fetchPage: fakeList(200, 100, calls), idOf, pageSize: 100 });
    expect(result.rows).toHaveLength(200);
    expect(calls).toEqual([undefined, '101', '1']);
  });

  it('reports progress after each page, with the share of the time range covered', async () => {
    const seen: RangeProgress[] = [];
    await collectRange({ fetchPage: fakeList(300, 100, []), idOf, timeOf: (r) => r.t, range: { start: 0, end: 300 }, pageSize: 100, onProgress: (p) => seen.push(p) });
    expect(seen.map((p) => p.rows)).toEqual([100, 200, 300, 300, 300]);
    expect(seen[0]?.fraction).toBeCloseTo(99 / 300);
    expect(seen.at(-1)?.fraction).toBe(1);
  });

  it('stops when aborted and fetches no further page', async () => {
    const calls: (string | undefined)[] = [];
    const controller = new AbortController();
    const fetchPage = fakeList(1000, 100, calls);
    const run = collectRange({
      fetchPage: async (cursor) => {
        const page = await fetchPage(cursor);
        if (calls.length === 2) controller.abort();
        return page;
      },
      idOf,
      pageSize: 100,
      signal: controller.signal,
    });
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(2);
  });

  it('never loops on a server whose cursor does not move, and drops rows it already has', async () => {
    let calls = 0;
    const result = await collectRange({
      fetchPage: async () => {
        calls++;
        return { list: [{ id: '5', t: 5 }, { id: '4', t: 4 }], cursor: '4' };
      },
      idOf,
      pageSize: 2,
    });
    expect(result.rows.map(idOf)).toEqual(['5', '4']);
    expect(calls).toBe(2);
  });

  it('stops at maxRows and says the export is truncated', async () => {
    const result = await collectRange({ fetchPage: fakeList(1000, 100), idOf, pageSize: 100, maxRows: 250 });
    expect(result.rows).toHaveLength(250);
    expect(result.truncated).toBe(true);
  });
});
