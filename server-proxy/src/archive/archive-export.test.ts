// CSV exports run as jobs (issue 20 item 4) on both engines: built in the background with
// progress, the same file as the streamed .csv route, taken over after a stop, and refused
// (creating nothing) for bad input, a role without the feed's permission, or another user.
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import type { ArchiveExport } from '@contract/schemas/archive-exports';
import { systemClock } from '@contract/core/clock';
import type { DeskStorage } from '../core/storage/open-storage';
import { FakeUpstream } from '../test-support/fake-upstream';
import { storageEngines } from '../test-support/storage-engines';
import { testDesk, type TestDesk } from '../test-support/test-desk';
import { ArchiveStore, type ArchivedRow } from './archive-store';
import { EXPORT_ATTEMPTS, EXPORT_PAGE_ROWS, ExportRunner } from './export-runner';
import { ExportStore } from './export-store';

let upstream: FakeUpstream;
const open: DeskStorage[] = [];
const desks: TestDesk[] = [];
beforeAll(async () => {
  upstream = await FakeUpstream.start();
});
afterAll(async () => upstream.close());
afterEach(async () => {
  for (const d of desks.splice(0)) await d.app.close();
  for (const s of open.splice(0)) await s.close().catch(() => undefined);
});

const t0 = Date.UTC(2025, 0, 1);
/** n archived fills of main, a second apart; one has a comma in a field (the CSV quotes it). */
function fills(n: number): ArchivedRow[] {
  return Array.from({ length: n }, (_, i) => {
    const fill = { execId: String(1_000_000 + i), orderId: String(2_000_000 + (i >> 1)), symbol: 'BTCUSDT', side: i % 3 ? 'buy' : 'sell', execPrice: '40000.5', execQty: '0.001', execValue: '40.0005', tradeScope: i === 200 ? 'maker, rebated' : 'taker', createdTime: String(t0 + i * 1000) };
    return { id: fill.execId, time: t0 + i * 1000, ref: fill.orderId, body: JSON.stringify(fill) };
  });
}

/**
 * The archive's reads for a runner: the first page reads, then every read fails (as a
 * proxy killed mid-export, or a database gone away, would leave it) until `heal()`.
 */
function failingAfterOnePage(archive: ArchiveStore, error: string) {
  const reads = { count: 0, failing: true, heal: () => void (reads.failing = false) };
  const source: Pick<ArchiveStore, 'count' | 'csvPage'> = {
    count: archive.count.bind(archive),
    csvPage: async (...args) => {
      if (++reads.count > 1 && reads.failing) throw new Error(error);
      return archive.csvPage(...args);
    },
  };
  return { reads, source };
}

describe.each(storageEngines)('archive export jobs on $name', (engine) => {
  async function storage(place?: Awaited<ReturnType<typeof engine.place>>) {
    const s = await (place ?? (await engine.place())).open();
    open.push(s);
    return s;
  }
  async function desk(s: DeskStorage, ownership?: { owner: string; shared: boolean; leaseMs: number }): Promise<TestDesk> {
    const d = await testDesk(upstream.url, {}, { archiveDb: s.db('archive'), ...(ownership ? { jobOwnership: ownership } : {}) });
    desks.push(d);
    return d;
  }
  const start = async (d: TestDesk, headers: Record<string, string>, body: unknown) => d.app.inject({ method: 'POST', url: '/archive/exports', headers, payload: JSON.stringify(body) });
  const list = async (d: TestDesk, cookie: string) => (await d.app.inject({ method: 'GET', url: '/archive/exports?account=main', headers: { cookie } })).json<{ data: ArchiveExport[] }>().data;
  async function untilDone(d: TestDesk, cookie: string, id: number): Promise<ArchiveExport> {
    const end = Date.now() + 15_000;
    for (;;) {
      const job = (await list(d, cookie)).find((j) => j.id === id);
      if (job?.state === 'done') return job;
      if (Date.now() > end) throw new Error(`export ${id} still ${JSON.stringify(job)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const download = (d: TestDesk, cookie: string, id: number) => d.app.inject({ method: 'GET', url: `/archive/exports/${id}/csv`, headers: { cookie } });
  /** A desk over 2,500 archived fills, its trader signed in, and an export of them all created (no runner on it yet). */
  async function deskWithExport() {
    const s = await storage();
    const archive = new ArchiveStore(s.db('archive'));
    await archive.put('fills', 'main', fills(2_500), t0);
    const d = await desk(s);
    const trader = await d.signIn('trader', ['main']);
    const exports = new ExportStore(s.db('archive'));
    const id = await exports.create({ account: 'main', user: 'trader-user', feed: 'fills', range: {}, total: 2_500 }, Date.now());
    return { archive, d, trader, exports, id };
  }

  it('builds the CSV in the background, and it equals the streamed .csv route for the same range', async () => {
    const s = await storage();
    await new ArchiveStore(s.db('archive')).put('fills', 'main', fills(2_500), t0);
    const d = await desk(s);
    const trader = await d.signIn('trader', ['main']);
    const from = t0 + 100_000;
    const to = t0 + 2_400_000;
    const created = await start(d, trader.headers, { feed: 'fills', account: 'main', from: String(from), to: String(to) });
    expect(created.statusCode).toBe(201);
    const job = created.json<{ data: ArchiveExport }>().data;
    expect(job).toMatchObject({ feed: 'fills', account: 'main', user: 'trader-user', from, to, ref: null, total: 2_301 });
    const done = await untilDone(d, trader.cookie, job.id);
    expect(done).toMatchObject({ rows: 2_301, total: 2_301 });
    const file = await download(d, trader.cookie, job.id);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="fills-main.csv"');
    const streamed = await d.app.inject({ method: 'GET', url: `/archive/fills.csv?account=main&from=${from}&to=${to}`, headers: { cookie: trader.cookie } });
    expect(file.body).toBe(streamed.body);
    expect(file.body.split('\r\n')).toHaveLength(2_301 + 2);
    expect(file.body).toContain('"maker, rebated"');
    // Newest first: a second export lists above the first.
    const second = (await start(d, trader.headers, { feed: 'fills', ref: '2000003' })).json<{ data: ArchiveExport }>().data;
    await untilDone(d, trader.cookie, second.id);
    expect((await list(d, trader.cookie)).map((j) => [j.id, j.rows])).toEqual([
      [second.id, 2],
      [job.id, 2_301],
    ]);
  });

  it('records progress page by page, and a proxy that stopped mid-export is taken over once its lease runs out', async () => {
    const place = await engine.place();
    const a = await storage(place);
    const archive = new ArchiveStore(a.db('archive'));
    await archive.put('fills', 'main', fills(2_500), t0);
    const exports = new ExportStore(a.db('archive'));
    const id = await exports.create({ account: 'main', user: 'trader-user', feed: 'fills', range: {}, total: 2_500 }, Date.now());
    // Proxy A writes one page, then dies (as a kill -9 would leave it: running, its lease held).
    const dying = failingAfterOnePage(archive, 'proxy killed').source;
    const runnerA = new ExportRunner({ exports, archive: dying, clock: systemClock, owner: 'proxy-a', leaseMs: 2_000 });
    await runnerA.kick(id);
    runnerA.close(); // killed: no retry from A
    expect(await exports.get(id)).toMatchObject({ state: 'running', rows: EXPORT_PAGE_ROWS, total: 2_500 });

    // Proxy B on the same database finishes it once A's lease has run out, continuing after
    // the last page A wrote; until then the file is not offered.
    const d = await desk(await storage(place), { owner: 'proxy-b', shared: true, leaseMs: 400 });
    const trader = await d.signIn('trader', ['main']);
    const early = await download(d, trader.cookie, id);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ field: 'export' });
    expect(early.json<{ msg: string }>().msg).toMatch(/^export: not done yet: 1000 of 2500 rows written/);
    expect(await untilDone(d, trader.cookie, id)).toMatchObject({ rows: 2_500, total: 2_500 });
    const streamed = await d.app.inject({ method: 'GET', url: '/archive/fills.csv?account=main', headers: { cookie: trader.cookie } });
    expect((await download(d, trader.cookie, id)).body).toBe(streamed.body);
  });

  it('cancels a running export of its user: what it wrote is deleted and a runner still on it writes no more', async () => {
    // Started as the route does, but built by a runner that stops after one page (as a
    // proxy that died would leave it): running, with a chunk of the file written.
    const { archive, d, trader, exports, id } = await deskWithExport();
    const onePage = failingAfterOnePage(archive, 'stopped').source;
    const runnerA = new ExportRunner({ exports, archive: onePage, clock: systemClock, owner: 'proxy-a', leaseMs: 60_000 });
    await runnerA.kick(id);
    runnerA.close();
    expect(await exports.get(id)).toMatchObject({ state: 'running', rows: EXPORT_PAGE_ROWS });
    const cancel = (headers: Record<string, string>, which = id) => d.app.inject({ method: 'POST', url: `/archive/exports/${which}/cancel`, headers });
    const refusal = async (r: Awaited<ReturnType<typeof cancel>>) => ({ status: r.statusCode, msg: r.json<{ msg: string }>().msg });

    // Not another user's, not cross-site, not without a session.
    const other = await d.signIn('trader', ['main'], 'trader-2');
    expect(await refusal(await cancel(other.headers))).toEqual({ status: 400, msg: 'export: no such export of yours' });
    expect((await cancel({ ...trader.headers, 'x-desk-csrf': 'wrong' })).statusCode).toBe(403);
    expect((await cancel({})).statusCode).toBe(401);
    expect(await exports.get(id)).toMatchObject({ state: 'running' });

    const canceled = await cancel(trader.headers);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json<{ data: ArchiveExport }>().data).toMatchObject({ id, state: 'canceled', rows: EXPORT_PAGE_ROWS });
    const file: string[] = [];
    for await (const chunk of exports.file(id)) file.push(chunk);
    expect(file).toEqual([]);
    // A runner that takes it up again (a restart, another proxy) leaves it as it is.
    await new ExportRunner({ exports, archive, clock: systemClock, owner: 'proxy-b', leaseMs: 60_000 }).kick(id);
    expect(await exports.get(id)).toMatchObject({ state: 'canceled', rows: EXPORT_PAGE_ROWS });
    expect(await exports.runnable()).toEqual([]);
    expect((await list(d, trader.cookie)).map((j) => [j.id, j.state])).toEqual([[id, 'canceled']]);
    expect(await refusal(await download(d, trader.cookie, id))).toEqual({ status: 400, msg: 'export: it was canceled; its file was deleted' });
    expect(await refusal(await cancel(trader.headers))).toEqual({ status: 400, msg: 'export: it is canceled already; only a running or failed export can be canceled' });

    // A finished export is not canceled: its file stays.
    const done = (await start(d, trader.headers, { feed: 'fills', ref: '2000003' })).json<{ data: ArchiveExport }>().data;
    await untilDone(d, trader.cookie, done.id);
    expect(await refusal(await cancel(trader.headers, done.id))).toEqual({ status: 400, msg: 'export: it is done already; only a running or failed export can be canceled' });
    expect((await download(d, trader.cookie, done.id)).statusCode).toBe(200);
  });

  it('tries a failing export again by itself, gives it up as failed after repeated errors, and a retry goes on after its last chunk', async () => {
    const { archive, d, trader, exports, id } = await deskWithExport();
    const { reads, source: flaky } = failingAfterOnePage(archive, 'SQLITE_IOERR: disk I/O error');
    const runner = new ExportRunner({ exports, archive: flaky, clock: systemClock, owner: 'embedded', leaseMs: 60_000, backoffMs: () => 5 });
    const untilState = async (state: string) => {
      for (const end = Date.now() + 5_000; (await exports.get(id))?.state !== state; ) {
        if (Date.now() > end) throw new Error(`export ${id} is ${JSON.stringify(await exports.get(id))}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await runner.kick(id);
    await untilState('failed');
    runner.close();
    // Tried EXPORT_ATTEMPTS times with no restart, then given up with the reason, the first chunk kept.
    expect(reads.count).toBe(1 + EXPORT_ATTEMPTS);
    const failed = (await list(d, trader.cookie)).find((j) => j.id === id);
    expect(failed).toMatchObject({ state: 'failed', rows: EXPORT_PAGE_ROWS, error: `stopped after ${EXPORT_ATTEMPTS} failed attempts: SQLITE_IOERR: disk I/O error` });
    expect(await exports.runnable()).toEqual([]);
    const refused = await download(d, trader.cookie, id);
    expect(refused.json<{ msg: string }>().msg).toBe(`export: it failed at 1000 of 2500 rows (stopped after ${EXPORT_ATTEMPTS} failed attempts: SQLITE_IOERR: disk I/O error); retry it to go on`);

    // Only its user, from the desk, may retry it; then the desk's runner finishes the file, no row twice.
    const retry = (headers: Record<string, string>) => d.app.inject({ method: 'POST', url: `/archive/exports/${id}/retry`, headers });
    const other = await d.signIn('trader', ['main'], 'trader-2');
    expect((await retry(other.headers)).json<{ msg: string }>().msg).toBe('export: no such export of yours');
    expect((await retry({ ...trader.headers, 'x-desk-csrf': 'wrong' })).statusCode).toBe(403);
    reads.heal();
    const retried = await retry(trader.headers);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<{ data: ArchiveExport }>().data).toMatchObject({ id, state: 'running', error: null });
    expect(await untilDone(d, trader.cookie, id)).toMatchObject({ rows: 2_500, error: null });
    const streamed = await d.app.inject({ method: 'GET', url: '/archive/fills.csv?account=main', headers: { cookie: trader.cookie } });
    expect((await download(d, trader.cookie, id)).body).toBe(streamed.body);
    expect((await retry(trader.headers)).json<{ msg: string }>().msg).toBe('export: it is done; only a failed export can be retried');
  });

  /** The desk's export list stream for `cookie`, read event by event. */
  async function exportEvents(d: TestDesk, cookie: string) {
    await d.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = d.app.server.address() as { port: number };
    const url = `http://127.0.0.1:${port}/archive/exports/events?account=main`;
    const abort = new AbortController();
    const res = await fetch(url, { headers: { cookie }, signal: abort.signal });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    const events: ArchiveExport[][] = [];
    let buffered = '';
    return {
      url,
      events,
      close: () => abort.abort(),
      /** Reads events until one satisfies `done`. */
      async until(done: (list: ArchiveExport[]) => boolean): Promise<ArchiveExport[]> {
        for (;;) {
          const at = buffered.indexOf('\n\n');
          if (at >= 0) {
            const frame = buffered.slice(0, at);
            buffered = buffered.slice(at + 2);
            if (!frame.startsWith('data: ')) continue;
            const list = JSON.parse(frame.slice(6)) as ArchiveExport[];
            events.push(list);
            if (done(list)) return list;
            continue;
          }
          const { value, done: ended } = await reader.read();
          if (ended) throw new Error(`stream ended after ${JSON.stringify(events)}`);
          buffered += value;
        }
      },
    };
  }

  it('pushes the list as it moves: the new export, its progress and its end, over server-sent events', async () => {
    const s = await storage();
    await new ArchiveStore(s.db('archive')).put('fills', 'main', fills(2_500), t0);
    const d = await desk(s);
    const trader = await d.signIn('trader', ['main']);
    const stream = await exportEvents(d, trader.cookie);
    expect(await stream.until(() => true)).toEqual([]);
    const created = (await start(d, trader.headers, { feed: 'fills', account: 'main' })).json<{ data: ArchiveExport }>().data;
    const done = await stream.until((list) => list[0]?.state === 'done');
    stream.close();
    expect(done).toEqual([expect.objectContaining({ id: created.id, rows: 2_500, total: 2_500, error: null })]);
    // Every event was the list as the GET answers it; rows only grew.
    const rows = stream.events.slice(1).map((list) => list[0]!.rows);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    // Not another user's list, nor an account they may not read.
    const other = await d.signIn('trader', ['sub'], 'trader-2');
    const refused = await fetch(stream.url, { headers: { cookie: other.cookie } });
    expect(refused.status).toBe(403);
    await refused.text();
  });

  it('pushes the end of an export another proxy on the database builds', async () => {
    const { archive, d, trader, exports, id } = await deskWithExport();
    const stream = await exportEvents(d, trader.cookie);
    expect(await stream.until(() => true)).toEqual([expect.objectContaining({ id, state: 'running', rows: 0 })]);
    // Proxy B builds it, a page every 300 ms; this desk's runner never hears of it.
    const slow = { count: archive.count.bind(archive), csvPage: async (...args: Parameters<ArchiveStore['csvPage']>) => (await new Promise((r) => setTimeout(r, 300)), archive.csvPage(...args)) };
    const proxyB = new ExportRunner({ exports, archive: slow, clock: systemClock, owner: 'proxy-b', leaseMs: 60_000 });
    await proxyB.kick(id);
    expect(await stream.until((list) => list[0]?.state === 'done')).toEqual([expect.objectContaining({ id, rows: 2_500 })]);
    stream.close();
  });

  it("keeps a user's newest exports of an account, deleting older finished ones with their files", async () => {
    const s = await storage();
    const exports = new ExportStore(s.db('archive'));
    const made = async (user: string, state: 'done' | 'running' | 'canceled') => {
      const id = await exports.create({ account: 'main', user, feed: 'fills', range: {}, total: 1 }, 1);
      await exports.claim(id, 'p', 1, 2);
      await exports.append(id, 'p', { header: 'h\r\n', csv: 'x\r\n', rows: 1, after: { time: 1, id: 'a:b' } }, 1);
      if (state === 'done') await exports.finish(id, 'p', 1);
      if (state === 'canceled') await exports.cancel(id, user, 1);
      return id;
    };
    const stillRunning = await made('ann', 'running');
    const [oldest, older, newer, newest] = [await made('ann', 'done'), await made('ann', 'canceled'), await made('ann', 'done'), await made('ann', 'done')];
    const bobs = await made('bob', 'done');
    expect(await exports.prune('main', 'ann', 2)).toBe(2);
    expect((await exports.list('main', 'ann', 10)).map((e) => e.id)).toEqual([newest, newer, stillRunning]);
    expect(await exports.get(oldest)).toBeUndefined();
    expect(await exports.get(older)).toBeUndefined();
    const file: string[] = [];
    for await (const chunk of exports.file(oldest)) file.push(chunk);
    expect(file).toEqual([]);
    expect(await exports.get(newest)).toMatchObject({ after: { time: 1, id: 'a:b' }, rows: 1, state: 'done' });
    expect((await exports.list('main', 'bob', 10)).map((e) => e.id)).toEqual([bobs]);
  });

  it("refuses bad input, a role without the feed's permission, a cross-site start and another user's export, creating nothing", async () => {
    const s = await storage();
    await new ArchiveStore(s.db('archive')).put('fills', 'main', fills(3), t0);
    const d = await desk(s);
    const ops = await d.signIn('ops', ['main']);
    const refusal = async (body: unknown, headers = ops.headers) => {
      const r = await start(d, headers, body);
      return { status: r.statusCode, field: r.json<{ field?: string }>().field, msg: r.json<{ msg: string }>().msg };
    };
    expect(await refusal({ feed: 'trades' })).toMatchObject({ status: 400, field: 'feed', msg: expect.stringMatching(/must be one of revisions, loanOrders, fills, orders, records/) });
    expect(await refusal({ feed: 'fills', from: '2000', to: '1000' })).toMatchObject({ status: 400, field: 'to', msg: expect.stringMatching(/ends before it starts/) });
    expect(await refusal({ feed: 'fills', from: '12345678901234567' })).toMatchObject({ status: 400, field: 'from' });
    expect(await refusal({ feed: 'fills', ref: 'a b' })).toMatchObject({ status: 400, field: 'ref' });
    expect(await refusal({ feed: 'fills', limit: '5' })).toMatchObject({ status: 400 });
    expect(await refusal({ feed: 'fills', account: 'sub' })).toMatchObject({ status: 403 });
    expect(await refusal({ feed: 'fills', account: 'main' }, { ...ops.headers, 'x-desk-csrf': 'wrong' })).toMatchObject({ status: 403, msg: expect.stringMatching(/csrf/) });
    const viewer = await d.signIn('viewer', ['main']);
    expect(await refusal({ feed: 'revisions' }, viewer.headers)).toMatchObject({ status: 403, msg: expect.stringMatching(/earn\.read/) });
    expect(await list(d, ops.cookie)).toEqual([]);
    expect(await list(d, viewer.cookie)).toEqual([]);

    const mine = (await start(d, ops.headers, { feed: 'fills' })).json<{ data: ArchiveExport }>().data;
    await untilDone(d, ops.cookie, mine.id);
    // Another user of the same account neither sees nor downloads it.
    const other = await d.signIn('ops', ['main'], 'ops-2');
    expect(await list(d, other.cookie)).toEqual([]);
    const theirs = await download(d, other.cookie, mine.id);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json()).toMatchObject({ field: 'export' });
    expect((await download(d, ops.cookie, 999_999)).json<{ msg: string }>().msg).toBe('export: no such export of yours');
    expect((await d.app.inject({ method: 'GET', url: `/archive/exports/${mine.id}/csv` })).statusCode).toBe(401);
  });
});
