// The archive store on both engines (issue 22): each record kept once, spans merged,
// gaps settled, and an export read in bounded pages.
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskStorage } from '../core/storage/open-storage';
import { storageEngines } from '../test-support/storage-engines';
import { archiveCsvHeader } from '@contract/schemas/archive';
import { csvLineOfBody } from './archive-csv';
import { ArchiveStore, type ArchivedRow } from './archive-store';

const open: DeskStorage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

const idOf = (i: number) => `r-${String(i).padStart(5, '0')}`;
const row = (i: number, body = `{"execId":"${idOf(i)}","execPrice":"${i}.5"}`): ArchivedRow => ({ id: idOf(i), time: 1_000 + Math.floor(i / 3), ref: `o-${i % 4}`, body });
/** The fill IDs of CSV lines (the third column). */
const idsOfLines = (text: string) => text.split('\r\n').filter(Boolean).map((l) => l.split(',')[2]);

describe.each(storageEngines)('archive store on $name', (engine) => {
  async function opened() {
    const storage = await (await engine.place()).open();
    open.push(storage);
    return storage.db('archive');
  }
  const store = async () => new ArchiveStore(await opened());

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

  it('pages oldest first after a (time, id) and reads every match as CSV in bounded pages', async () => {
    const s = await store();
    const all = Array.from({ length: 4_500 }, (_, i) => row(i));
    await s.put('fills', 'main', all, 1);
    const page = await s.rows('fills', 'main', {}, 2, { time: all[4]!.time, id: all[4]!.id });
    expect(page.map((r) => r.id)).toEqual([all[5]!.id, all[6]!.id]);
    const pages: string[] = [];
    for await (const text of s.iterateCsv('fills', 'main', { ref: 'o-1' })) pages.push(text);
    expect(pages.map((p) => idsOfLines(p).length)).toEqual([1_000, 125]);
    expect(pages.flatMap(idsOfLines)).toEqual(all.filter((r) => r.ref === 'o-1').map((r) => r.id));
    expect(await s.refs('fills', 'main')).toEqual(['o-0', 'o-1', 'o-2', 'o-3']);
    expect(await s.extent('fills', 'main')).toEqual({ from: 1_000, to: 1_000 + Math.floor(4_499 / 3) });
    expect(await s.count('fills', 'main', { from: 1_001, to: 1_002 })).toBe(6);
  });

  it("reads the CSV line stored with each record, and makes it from the record when there is none or the columns changed", async () => {
    const db = await opened();
    const s = new ArchiveStore(db);
    const all = Array.from({ length: 5 }, (_, i) => row(i));
    await s.put('fills', 'main', all, 1);
    const expected = all.map((r) => csvLineOfBody('fills', r.body)).join('');
    const first = await s.csvPage('fills', 'main', {}, 10);
    expect(first).toEqual({ text: expected, rows: 5, last: { time: all[4]!.time, id: all[4]!.id } });
    const stored = await db.selectFrom('archive_records').select(['record_id', 'csv']).orderBy('record_id').execute();
    expect(stored.map((r) => r.csv).join('')).toBe(expected);

    // A record archived before lines were stored has none: its line is made from its JSON.
    await db.updateTable('archive_records').set({ csv: null }).where('record_id', '=', all[1]!.id).execute();
    expect((await s.csvPage('fills', 'main', {}, 10)).text).toBe(expected);

    // Lines made for other columns (the header changed since) are not written out: a store
    // opened after the change drops them and makes each line again from its record.
    await db.updateTable('archive_records').set({ csv: 'made for the old columns\r\n' }).execute();
    await db.updateTable('archive_csv_formats').set({ header: 'an,old,header\r\n' }).where('feed', '=', 'fills').execute();
    const restarted = new ArchiveStore(db);
    expect((await restarted.csvPage('fills', 'main', {}, 10)).text).toBe(expected);
    expect((await db.selectFrom('archive_records').select('csv').execute()).every((r) => r.csv === null)).toBe(true);
    expect((await db.selectFrom('archive_csv_formats').select('header').where('feed', '=', 'fills').executeTakeFirstOrThrow()).header).toBe(archiveCsvHeader('fills'));
    // Stored again with today's columns, a record's line is kept for the next read.
    await restarted.put('fills', 'main', [row(2)], 2);
    expect((await db.selectFrom('archive_records').select('csv').where('record_id', '=', all[2]!.id).executeTakeFirstOrThrow()).csv).toBe(csvLineOfBody('fills', all[2]!.body));
  });

  it('checks the stored lines again on the next read when the check failed (the database was away)', async () => {
    const db = await opened();
    await new ArchiveStore(db).put('fills', 'main', [row(1)], 1);
    let away = true;
    const flaky = new Proxy(db, {
      get(target, key) {
        if (key === 'transaction' && away) {
          away = false;
          return () => ({ execute: () => Promise.reject(new Error('the database is away')) });
        }
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const s = new ArchiveStore(flaky);
    await expect(s.csvPage('fills', 'main', {}, 10)).rejects.toThrow('the database is away');
    expect((await s.csvPage('fills', 'main', {}, 10)).text).toBe(csvLineOfBody('fills', row(1).body));
  });
});
