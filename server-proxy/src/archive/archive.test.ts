import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveQuerySchema } from '@contract/schemas/archive';
import { REVISE_HISTORY_WINDOW_MS } from '@contract/schemas/earn-broker-convert';
import { check } from '@contract/core/validation';
import { configSchema } from '../core/config';
import { KeyStore, simulatorAccounts } from '../keys/key-store';
import { memoryStore, openSqliteStore } from '../core/storage/open-storage';
import { RateShaper } from '../policy/rate-shaper';
import { systemClock } from '@contract/core/clock';
import { startSimulator, type RunningSimulator } from '../simulator-child';
import { tempDir } from '../test-support/temp-dir';
import { testDesk, TEST_ORIGIN } from '../test-support/test-desk';
import { UpstreamClient } from '../upstream/upstream-client';
import { rangeNotice } from '../routes/archive-routes';
import { ArchiveStore } from './archive-store';
import { ArchiveSync } from './archive-sync';
import { archiveFetcher, type FetchFn } from './archive-upstream';

const DAY = 24 * 3600 * 1000;
let sim: RunningSimulator;
let simUrl: string;
const keys = new KeyStore(simulatorAccounts({}));
const main = keys.get('main')!;
const config = configSchema.parse({ port: 0, webDir: 'none' });
const upstreams: UpstreamClient[] = [];
// One shaper for every client of this file: together they keep to the simulator's limits.
const shaper = new RateShaper(systemClock, config.rate);

beforeAll(async () => {
  sim = await startSimulator(resolve(import.meta.dirname, '../../..'), 0, { ...process.env, SIM_FLOW_RATE: '0' });
  simUrl = sim.restUrl;
}, 60_000);
afterAll(async () => {
  await Promise.all(upstreams.map((u) => u.close()));
  sim.stop();
});

/** Moves the simulator's history clock forward (its admin route). */
async function advance(ms: number): Promise<void> {
  const res = await fetch(`${simUrl}/__sim/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms }) });
  expect(res.status).toBe(200);
}

function realFetch(): FetchFn {
  const upstream = new UpstreamClient({ baseUrl: simUrl, connections: 2, timeoutMs: 5000, extraHeaders: {} }, systemClock);
  upstreams.push(upstream);
  return archiveFetcher({ upstream, shaper, config, clock: systemClock });
}

async function syncOn(file: string, fetch: FetchFn): Promise<{ store: ArchiveStore; sync: ArchiveSync }> {
  const store = new ArchiveStore(await openSqliteStore(file, 'archive'));
  return { store, sync: new ArchiveSync({ store, fetch, accounts: () => [main], clock: systemClock }) };
}

/**
 * What the simulator serves for main's revisions now, read in one range page by page (not
 * in the sync's chunks): the IDs as the archive keys them.
 */
async function servedRevisionIds(exchangeNow: number, from = exchangeNow - REVISE_HISTORY_WINDOW_MS + 10 * 60_000): Promise<Set<string>> {
  const fetchOnce = realFetch();
  const ids = new Set<string>();
  for (let pageNo = 1; ; pageNo++) {
    const r = await fetchOnce(main, 'reviseHistory', { startTime: String(from), endTime: String(exchangeNow - 5000), pageNo: String(pageNo), pageSize: '100' });
    if (!r.ok) throw new Error(r.message);
    for (const x of r.data) ids.add(`${x.orderId}:${x.reviseTime}`);
    if (r.data.length < 100) return ids;
  }
}

describe('archive sync', () => {
  it('stores no record twice after a restart during sync, and resumes where it stopped', async () => {
    const file = join(tempDir('desk-archive-'), 'archive.sqlite');
    // The first run dies after a few calls, as a killed proxy would.
    let calls = 0;
    const real = realFetch();
    const dying: FetchFn = async (account, id, query) => {
      if (++calls > 4) throw new Error('proxy killed');
      return real(account, id, query);
    };
    const first = await syncOn(file, dying);
    const reports = await first.sync.syncAll({ feeds: ['revisions', 'loanOrders'] });
    expect(reports[0]!.ok).toBe(false);
    const afterCrash = await first.store.count('revisions', 'main');
    expect(afterCrash).toBeGreaterThan(0);

    // A new process on the same file: it resumes, and refetches the chunk that was under way.
    const second = await syncOn(file, realFetch());
    const again = await second.sync.syncAll({ feeds: ['revisions', 'loanOrders'] });
    expect(again.every((r) => r.ok)).toBe(true);
    const served = await servedRevisionIds(second.sync.exchangeNow('main'));
    const archived = (await await second.store.rows('revisions', 'main', {}, 100_000)).map((r) => r.id);
    expect(new Set(archived).size).toBe(archived.length);
    expect(new Set(archived)).toEqual(served);
    // A third pass over the same data adds nothing.
    const third = await second.sync.syncAll({ feeds: ['revisions', 'loanOrders'] });
    expect(third.reduce((n, r) => n + r.added, 0)).toBe(0);
    expect(await second.store.count('revisions', 'main')).toBe(served.size);
    expect(new Set((await await second.store.rows('loanOrders', 'main', {}, 100)).map((r) => r.id))).toEqual(new Set(['100000171', '100000172', '100000173', '100000174', '100000175']));
    expect(await second.store.spans('revisions', 'main')).toHaveLength(1);
  });

  it('records a gap when the upstream fails midway, and fills it on the next run', async () => {
    const file = join(tempDir('desk-archive-'), 'archive.sqlite');
    const real = realFetch();
    let calls = 0;
    const failing: FetchFn = async (account, id, query) => {
      if (++calls === 3) return { ok: false, refused: false, code: 'DESK502', message: 'connection reset' };
      return real(account, id, query);
    };
    const { store, sync } = await syncOn(file, failing);
    const [report] = await sync.syncAll({ feeds: ['revisions'] });
    expect(report!.ok).toBe(false);
    expect(report!.error).toMatch(/reviseHistory failed at .*DESK502 connection reset/);
    const open = (await await store.gaps('revisions', 'main')).filter((g) => g.state === 'open');
    expect(open).toHaveLength(1);
    const [retry] = await sync.syncAll({ feeds: ['revisions'] });
    expect(retry!.ok).toBe(true);
    expect((await await store.gaps('revisions', 'main')).every((g) => g.state === 'filled')).toBe(true);
    expect(new Set((await await store.rows('revisions', 'main', {}, 100_000)).map((r) => r.id))).toEqual(await servedRevisionIds(sync.exchangeNow('main')));
  });

  it('keeps revisions the exchange has aged out of its window, and says what was lost', async () => {
    const file = join(tempDir('desk-archive-'), 'archive.sqlite');
    const { store, sync } = await syncOn(file, realFetch());
    expect((await sync.syncAll({ feeds: ['revisions'] }))[0]).toMatchObject({ ok: true });
    const before = await store.rows('revisions', 'main', {}, 100_000);
    const oldest = before[0]!.time;

    await advance(120 * DAY);
    {
      const [report] = await sync.syncAll({ feeds: ['revisions'] });
      expect(report!.ok).toBe(true);
      // The sync learnt the exchange's clock from its window (within a minute or so).
      expect(Math.abs(sync.exchangeNow('main') - (Date.now() + 120 * DAY))).toBeLessThan(11 * 60_000);
      // Old rows stay; new ones came; the stretch that aged out unseen is a lost gap.
      expect((await await store.rows('revisions', 'main', { to: oldest }, 10))[0]!.time).toBe(oldest);
      const since = Date.now() + 40 * DAY;
      expect(new Set((await await store.rows('revisions', 'main', { from: since }, 100_000)).map((r) => r.id))).toEqual(await servedRevisionIds(sync.exchangeNow('main'), since));
      const lost = (await await store.gaps('revisions', 'main')).filter((g) => g.state === 'lost');
      expect(lost).toHaveLength(1);
      expect(lost[0]!.reason).toMatch(/aged out/);
      expect(await store.spans('revisions', 'main')).toHaveLength(2);
    }
  });
});

describe('archive routes', () => {
  it('answers rows with which part only the archive has, and CSV with the same rows', async () => {
    const desk = await testDesk(simUrl, {}, { keyStore: keys });
    try {
      const ops = await desk.signIn('ops', ['main']);
      const sync = await desk.app.inject({ method: 'POST', url: '/archive/sync?account=main&feed=revisions,loanOrders', headers: ops.headers });
      expect(sync.statusCode).toBe(200);
      const page = (await desk.app.inject({ method: 'GET', url: '/archive/revisions?account=main', headers: { cookie: ops.cookie } })).json();
      expect(page.data.meta.complete).toHaveLength(1);
      expect(page.data.rows.length).toBe(page.data.meta.total);
      const csv = await desk.app.inject({ method: 'GET', url: '/archive/revisions.csv?account=main', headers: { cookie: ops.cookie } });
      const lines = csv.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('time (UTC ISO 8601),time (ms since epoch),loan order,side,amount (pledge coin),pledge coin,loan coin,pledge rate before (%),pledge rate after (%)');
      expect(lines).toHaveLength(page.data.rows.length + 1);
      const firstRow = page.data.rows[0];
      expect(lines[1]).toBe(
        [new Date(Number(firstRow.reviseTime)).toISOString(), firstRow.reviseTime, firstRow.orderId, firstRow.reviseSide, firstRow.reviseAmount, firstRow.pledgeCoin, firstRow.loanCoin, firstRow.beforePledgeRate, firstRow.afterPledgeRate].join(','),
      );

      const backwards = await desk.app.inject({ method: 'GET', url: '/archive/revisions?account=main&from=2000&to=1000', headers: { cookie: ops.cookie } });
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json().msg).toMatch(/^to: the range ends before it starts/);

      // A trader may read fills, not the loans; a viewer neither the loans nor a sync.
      const viewer = await desk.signIn('viewer', ['main']);
      const refused = await desk.app.inject({ method: 'GET', url: '/archive/revisions?account=main', headers: { cookie: viewer.cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().msg).toMatch(/earn\.read/);
      const crossSite = await desk.app.inject({ method: 'POST', url: '/archive/sync?account=main', headers: { cookie: ops.cookie, origin: 'http://evil.example' } });
      expect(crossSite.statusCode).toBe(403);
      expect(TEST_ORIGIN).toMatch(/^http/);
    } finally {
      await desk.app.close();
    }
  });

  it('says when a range reaches beyond what the archive holds', () => {
    const spans = [{ from: 1_000, to: 5_000 }];
    expect(rangeNotice('revisions', [], undefined, undefined)).toMatch(/no complete span/);
    expect(rangeNotice('revisions', spans, 0, 500)).toMatch(/ends before the archive begins/);
    expect(rangeNotice('revisions', spans, 6_000, 7_000)).toMatch(/starts after the archive ends/);
    expect(rangeNotice('revisions', spans, 0, 9_000)).toMatch(/nothing before 1970-01-01T00:00:01.000Z was archived; nothing after 1970-01-01T00:00:05.000Z/);
    expect(rangeNotice('revisions', spans, 2_000, 3_000)).toBeNull();
    const bad = check(archiveQuerySchema, { from: '5', to: '4' });
    expect(bad.ok ? '' : `${bad.field}: ${bad.message}`).toBe('to: the range ends before it starts: "to" must not be before "from"');
  });
});

describe('archive CSV export at scale', () => {
  it('streams 100,000 archived fills, matching the archive row for row', async () => {
    const db = await memoryStore('archive');
    const store = new ArchiveStore(db);
    const t0 = Date.UTC(2025, 0, 1);
    const rows = Array.from({ length: 100_000 }, (_, i) => {
      const fill = { execId: String(1_000_000_000_000_000 + i), orderId: String(2_000_000_000_000_000 + (i >> 1)), symbol: i % 2 ? 'BTCUSDT' : 'ETHUSDT', side: i % 3 ? 'buy' : 'sell', execPrice: `${40000 + (i % 997)}.5`, execQty: '0.0012', execValue: '48.6', tradeScope: 'maker', createdTime: String(t0 + i * 1000) };
      return { id: fill.execId, time: t0 + i * 1000, ref: fill.orderId, body: JSON.stringify(fill) };
    });
    await store.put('fills', 'main', rows, t0, { from: 0, to: t0 + 100_000 * 1000 });
    const desk = await testDesk(simUrl, {}, { keyStore: keys, archiveDb: db });
    try {
      const trader = await desk.signIn('trader', ['main']);
      const csv = await desk.app.inject({ method: 'GET', url: '/archive/fills.csv?account=main', headers: { cookie: trader.cookie } });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['x-archive-rows']).toBe('100000');
      const lines = csv.body.split('\r\n');
      expect(lines.pop()).toBe('');
      expect(lines[0]).toBe('time (UTC ISO 8601),time (ms since epoch),fill ID,order ID,symbol,side,price (quote coin),quantity (base coin),value (quote coin),maker/taker');
      expect(lines).toHaveLength(100_001);
      let i = 0;
      for (const row of await store.rows('fills', 'main', {}, 100_000)) {
        const f = JSON.parse(row.body) as Record<string, string>;
        expect(lines[++i]).toBe([new Date(Number(f.createdTime)).toISOString(), f.createdTime, f.execId, f.orderId, f.symbol, f.side, f.execPrice, f.execQty, f.execValue, f.tradeScope].join(','));
      }
      expect(i).toBe(100_000);
      // Fills need trade.read, which every role has (read-only roles included).
      const viewer = await desk.signIn('viewer', ['main']);
      expect((await desk.app.inject({ method: 'GET', url: '/archive/fills?account=main&limit=1', headers: { cookie: viewer.cookie } })).statusCode).toBe(200);
    } finally {
      await desk.app.close();
    }
  }, 60_000);
});
