// The jobs store on both engines (issue 22): what the runner relies on when several
// proxies share one database.
import { afterEach, describe, expect, it } from 'vitest';
import type { DeskStorage } from '../core/storage/open-storage';
import { storageEngines } from '../test-support/storage-engines';
import { KyselyJobStore } from './job-store';

const open: DeskStorage[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ subUid: String(3100100 + i), coin: 'USDT', toAccountType: 'usdt-futures' as const }));

describe.each(storageEngines)('job store on $name', (engine) => {
  /** Two proxies' stores on one place (on SQLite, two connections to one file). */
  async function twoProxies() {
    const place = await engine.place();
    const a = await place.open();
    const b = await place.open();
    open.push(a, b);
    return { a: new KyselyJobStore(a.db('jobs')), b: new KyselyJobStore(b.db('jobs')) };
  }

  it('gives a job to exactly one of two proxies claiming it together, and to the other once the lease runs out', async () => {
    const { a, b } = await twoProxies();
    const id = await a.create({ account: 'broker', user: 'bob', rows: rows(3) }, 1_000);
    const won = await Promise.all([a.claim(id, 'proxy-a', 1_000, 31_000), b.claim(id, 'proxy-b', 1_000, 31_000)]);
    expect(won.filter(Boolean)).toHaveLength(1);
    const [winner, loser] = won[0] ? (['proxy-a', 'proxy-b'] as const) : (['proxy-b', 'proxy-a'] as const);
    // The holder renews; the other is refused until the lease has run out.
    expect(await a.claim(id, winner, 20_000, 50_000)).toBe(true);
    expect(await b.claim(id, loser, 49_999, 79_999)).toBe(false);
    expect(await b.claim(id, loser, 50_001, 80_001)).toBe(true);
    expect(await a.claim(id, winner, 50_002, 80_002)).toBe(false);
  });

  it('lets only the lease holder mark a row as sending', async () => {
    const { a, b } = await twoProxies();
    const id = await a.create({ account: 'broker', user: 'bob', rows: rows(2) }, 1);
    expect(await a.claim(id, 'proxy-a', 1, 30_001)).toBe(true);
    const row = (await b.nextRow(id))!;
    await expect(b.markSending(id, row.seq, 7, 2, 'proxy-b')).rejects.toThrow(/not waiting to be sent by proxy-b/);
    await a.markSending(id, row.seq, 7, 2, 'proxy-a');
    expect(await b.nextRow(id)).toMatchObject({ seq: 1, state: 'sending', auditId: 7, attempts: 1 });
  });

  it('counts, settles, retries and cancels rows, and reports the latest setting per sub-account and coin', async () => {
    const { a } = await twoProxies();
    const first = await a.create({ account: 'broker', user: 'bob', rows: rows(3) }, 10);
    await a.settleRow(first, 1, { state: 'applied', code: '00000', msg: '' }, 11);
    await a.settleRow(first, 2, { state: 'failed', code: '40013', msg: 'frozen' }, 12);
    expect(await a.counts(first)).toEqual({ total: 3, applied: 1, failed: 1, skipped: 0, remaining: 1 });
    expect(await a.skipPending(first, 13)).toBe(1);
    expect(await a.retryFailed(first, 14)).toBe(1);
    const second = await a.create({ account: 'broker', user: 'bob', rows: [{ subUid: '3100100', coin: 'USDT', toAccountType: 'spot' }] }, 20);
    await a.settleRow(second, 1, { state: 'applied', code: '00000', msg: '' }, 21);
    expect(await a.deskSettings('broker')).toEqual([{ subUid: '3100100', coin: 'USDT', toAccountType: 'spot', setAt: 21, jobId: second }]);
    expect((await a.list(['broker'], 10)).map((j) => j.id)).toEqual([second, first]);
    expect(await a.runnable()).toEqual([first, second]);
    await a.setState(first, 'done', 30);
    expect(await a.runnable()).toEqual([second]);
    expect((await a.rows(first)).map((r) => r.state)).toEqual(['applied', 'pending', 'skipped']);
  });
});
