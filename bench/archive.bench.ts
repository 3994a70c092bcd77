// bench archive (issue 21): the desk's archive against the exchange's own REST paging for
// the same history. For 100,000 fills (and 1,000,000, archive only: paging a million
// fills through the simulator's REST API, 100 a page, takes hours) it measures
//   - archive query: 1,000 rows of a mid-range window, through GET /archive/fills;
//   - archive CSV export: GET /archive/fills.csv streamed over HTTP, every row;
//   - peer: the same CSV built by paging GET /api/v3/trade/fills (limit 100, cursor) on
//     the simulator, signed, with the same column code;
// and the process's peak RSS after the 1,000,000-row export (the export streams, so it
// should stay near the size of one read-ahead chunk, not the file).
// At 100,000 rows the export and the peer alternate in rounds (bench/lib/compare.ts): the
// ratio is the median of the rounds' rows/s ratios, with their spread and the CPU stolen.
// Target: the archive export at least 20x faster than the peer. BENCH_ARCHIVE_ROWS sets
// the sizes (default "100000,1000000"; the ratio needs 100000 among them).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { archiveCsvHeader, archiveCsvLine } from '../contract/schemas/archive';
import { signedHeaders } from '../contract/core/signing';
import { buildApp } from '../server-proxy/src/app';
import { ArchiveStore } from '../server-proxy/src/archive/archive-store';
import { AuditStore } from '../server-proxy/src/audit/audit-store';
import { UserStore } from '../server-proxy/src/auth/user-store';
import { configSchema } from '../server-proxy/src/core/config';
import { KeyStore, simulatorAccounts } from '../server-proxy/src/keys/key-store';
import { memoryStore, openSqliteStore } from '../server-proxy/src/core/storage/open-storage';
import installProducts from '../simulator/src/products/extension';
import { seedTrades } from '../simulator/src/products/trade-history';
import { createSimulator } from '../simulator/src/server';
import { compare } from './lib/compare';
import { writeResult, type BenchResult } from './lib/result';

const sizes = (process.env.BENCH_ARCHIVE_ROWS ?? '100000,1000000').split(',').map(Number);
const UID = 1000001;
const DAYS = 360;

async function drain(url: string, headers: Record<string, string>): Promise<{ bytes: number; lines: number }> {
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`${url}: HTTP ${res.status}`);
  let bytes = 0;
  let lines = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
  }
  return { bytes, lines };
}

async function peerCsv(simUrl: string): Promise<{ ms: number; rows: number }> {
  const started = performance.now();
  let csv = archiveCsvHeader('fills');
  let rows = 0;
  let cursor = '';
  for (;;) {
    const path = '/api/v3/trade/fills';
    const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) }).toString();
    const headers = signedHeaders({ apiKey: 'demo-key', secret: 'demo-secret', passphrase: 'demo-pass' }, { timestamp: String(Date.now()), method: 'GET', path, query, body: '' });
    const res = await fetch(`${simUrl}${path}?${query}`, { headers });
    const page = ((await res.json()) as { data: { list: Record<string, unknown>[]; cursor: string } }).data;
    for (const f of page.list) csv += archiveCsvLine('fills', f);
    rows += page.list.length;
    if (page.list.length < 100) break;
    cursor = page.cursor;
  }
  if (csv.length === 0) throw new Error('empty');
  return { ms: performance.now() - started, rows };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'desk-bench-archive-'));
  const details: Record<string, unknown> = {};
  let result: BenchResult | undefined;
  // Written after each size: the figures are kept even if closing the server hangs.
  const save = () => result && writeResult({ ...result, details: { ...details, peakRssMb: process.resourceUsage().maxRSS / 1024 } });
  try {
    for (const n of sizes) {
      const anchor = Date.now();
      const db = await openSqliteStore(join(dir, `archive-${n}.sqlite`), 'archive');
      const store = new ArchiveStore(db);
      // Made and stored 100,000 at a time (a million fill objects at once would not fit
      // this machine's memory); each batch has its own ID range and 1/10 of the year.
      const batches = Math.ceil(n / 100_000);
      let fills: ReturnType<typeof seedTrades>['fills'] = [];
      let mid = 0;
      for (let b = 0; b < batches; b++) {
        const days = DAYS / batches;
        const batch = seedTrades(UID + b, anchor - (batches - 1 - b) * days * 86_400_000, 1, Math.min(100_000, n - b * 100_000) / days, days).fills;
        for (let i = 0; i < batch.length; i += 10_000) {
          await store.put('fills', 'main', batch.slice(i, i + 10_000).map((f) => ({ id: f.execId, time: Number(f.createdTime), ref: f.orderId, body: JSON.stringify(f) })), anchor);
        }
        if (b === Math.floor(batches / 2)) mid = Number(batch[Math.floor(batch.length / 2)]!.createdTime);
        if (n <= 100_000) fills = batch;
      }
      const userStore = new UserStore(await memoryStore('users'));
      const config = configSchema.parse({ port: 0, logLevel: 'silent', webDir: 'none' });
      const desk = await buildApp(config, { upstreamUrl: 'http://127.0.0.1:9', keyStore: new KeyStore(simulatorAccounts({})), auditStore: new AuditStore(await memoryStore('audit')), userStore, webDir: null, archiveDb: db });
      await desk.app.listen({ host: '127.0.0.1', port: 0 });
      const address = desk.app.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      await userStore.put({ name: 'bench', role: 'trader', accounts: ['main'], passwordHash: 'unused' });
      const s = await desk.ctx.sessions.create({ user: 'bench', role: 'trader', accounts: ['main'] });
      const headers = { cookie: `desk_session=${s.id}` };
      try {
        // The peer needs the fills in memory; the 1,000,000-row run keeps none, so its memory
        // during the export is the export's own.
        const kept = fills;
        fills = [];
        let queryMs = Infinity;
        for (let r = 0; r < 5; r++) {
          const t = performance.now();
          const res = await fetch(`${base}/archive/fills?account=main&from=${mid}&limit=1000`, { headers });
          const body = (await res.json()) as { data: { rows: unknown[] } };
          if (body.data.rows.length !== 1000) throw new Error('query returned too few rows');
          queryMs = Math.min(queryMs, performance.now() - t);
        }
        const exportOnce = async () => {
          const t = performance.now();
          const csv = await drain(`${base}/archive/fills.csv?account=main`, headers);
          if (csv.lines !== n + 1) throw new Error(`the export had ${csv.lines - 1} rows, not ${n}`);
          return { ms: performance.now() - t, bytes: csv.bytes };
        };
        const rssBefore = process.memoryUsage().rss;
        let rssPeak = rssBefore;
        const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
        const first = await exportOnce();
        clearInterval(sampler);
        const rssMb = rssPeak / 1e6;
        const growthMb = (rssPeak - rssBefore) / 1e6;
        console.log(`${n} fills: archive query ${queryMs.toFixed(1)} ms (1,000 rows), CSV export ${(first.ms / 1000).toFixed(2)} s (${(first.bytes / 1e6).toFixed(1)} MB), RSS during the export: peak ${rssMb.toFixed(0)} MB, ${growthMb.toFixed(0)} MB above its start`);
        details[`rows${n}`] = { queryMs, exportMs: first.ms, csvBytes: first.bytes, exportPeakRssMb: rssMb, exportRssGrowthMb: growthMb };
        if (n === 100_000) {
          // The peer: the simulator holding the same fills, paged through its REST API, in
          // rounds alternating with the archive's export (rows/s, so ours/peer is how many
          // times faster the archive is).
          const sim = createSimulator({ extensions: [installProducts] });
          sim.orders.fills.set(UID, [...kept]);
          const port = await sim.listen(0);
          try {
            result = await compare({
              name: 'archive',
              unit: 'rows/s (CSV export of 100,000 fills)',
              peerName: 'the same CSV paged through the simulator REST API (100 a page)',
              target: 20,
              higherIsBetter: true,
              rounds: 5,
              budgetSeconds: 240,
              callerWrites: true,
              round: async () => {
                const ours = await exportOnce();
                const peer = await peerCsv(`http://127.0.0.1:${port}`);
                if (peer.rows !== n) throw new Error(`the peer paged ${peer.rows} rows, not ${n}`);
                return { ours: n / (ours.ms / 1000), peer: n / (peer.ms / 1000) };
              },
            });
          } finally {
            await sim.close();
          }
        }
        save();
      } finally {
        await db.destroy();
        void desk.app.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
