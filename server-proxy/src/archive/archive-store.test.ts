// The archive store on both engines (issue 22): each record kept once, spans merged,
// gaps settled, and an export read in bounded pages.
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskStorage } from '../core/storage/open-storage';
import { storageEngines } from '../test-support/storage-engines';
import { ArchiveStore, type ArchivedRow } from './archive-store';

const open: DeskStorage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

const row = (i: number, body = `{"i":${i}}`): ArchivedRow => ({ id: `r-${String(i).padStart(5, '0')}`, time: 1_000 + Math.floor(i / 3), ref: `o-${i % 4}`, body });

describe.each(storageEngines)('archive store on $name', (engine) => {
  async function store() {
    const storage = await (await engine.place()).open();
    open.push(storage);
    return new ArchiveStore(storage.db('archive'));
  }

  it('stores a record fetched twice once, taking its newer body, and counts only new rows', async () => {
    const s = await store();
    expect(await s.put('fills', 'main', [row(1), row(2), row(2)], 10)).toBe(2);
    expect(await s.put('fills', 'main', [row(2, '{"changed":true}'), row(3)], 11)).toBe(1);
    expect(await s.count('fills', 'main')).toBe(3);
    expect((await s.rows('fills', 'main', {}, 10)).find((r) => r.id === 'r-00002')?.body).toBe('{"changed":true}');
    expect(await s.count('fills', 'other')).toBe(0);
  });

  it('merges touching spans and fills the open gaps they cover, in one transaction with the rows', async () => {
    const s = await store();
    await s.recordGap('fills', 'main', { from: 150, to: 180 }, 'open', 'timed out', 1);
    await s.recordGap('fills', 'main', { from: 150, to: 190 }, 'open', 'timed out again', 2);
    await s.recordGap('fills', 'main', { from: 0, to: 50 }, 'lost', 'aged out', 3);
    await s.put('fills', 'main', [row(1)], 4, { from: 100, to: 200 });
    await s.put('fills', 'main', [], 5, { from: 201, to: 300 }, { cursor: 'c-9', top: 300, done: false });
    expect(await s.spans('fills', 'main')).toEqual([{ from: 100, to: 300 }]);
    expect((await s.gaps('fills', 'main')).map((g) => [g.from, g.to, g.state, g.attempts])).toEqual([
      [0, 50, 'lost', 1],
      [150, 190, 'filled', 2],
    ]);
    expect(await s.backfill('fills', 'main')).toEqual({ cursor: 'c-9', top: 300, done: false });
  });

  it('pages oldest first after a (time, id) and iterates every match in bounded pages', async () => {
    const s = await store();
    const all = Array.from({ length: 2_500 }, (_, i) => row(i));
    await s.put('fills', 'main', all, 1);
    const page = await s.rows('fills', 'main', {}, 2, { time: all[4]!.time, id: all[4]!.id });
    expect(page.map((r) => r.id)).toEqual([all[5]!.id, all[6]!.id]);
    const seen: string[] = [];
    for await (const r of s.iterate('fills', 'main', { ref: 'o-1' })) seen.push(r.id);
    expect(seen).toEqual(all.filter((r) => r.ref === 'o-1').map((r) => r.id));
    expect(await s.refs('fills', 'main')).toEqual(['o-0', 'o-1', 'o-2', 'o-3']);
    expect(await s.extent('fills', 'main')).toEqual({ from: 1_000, to: 1_000 + Math.floor(2_499 / 3) });
    expect(await s.count('fills', 'main', { from: 1_001, to: 1_002 })).toBe(6);
  });
});
