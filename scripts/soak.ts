// `npm run soak -- --minutes N`: the stack under the simulator's faults for N minutes with
// a browser on the trading screen, reporting over time the memory of the proxy and the
// simulator (RSS), the page's JS heap, and reconnect counts (issue 9). Not part of
// `npm test`: it measures, it does not assert. Linux only (reads /proc for RSS).
//
// Options: --minutes N (default 5), --every S seconds between samples (default 15),
// --port P (proxy, default 58080), --sim-port P (default 58090). SIM_FAULTS overrides the
// faults (default below); SIM_FLOW_RATE the market flow (default 10).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const DEFAULT_FAULTS = 'wsDropEverySec=20,msgDropRate=0.01,msgDupRate=0.01,msgDelayRate=0.01,msgReorderRate=0.01,rest5xxRate=0.05,restLostRate=0.05,latencyMs=10,latencyJitterMs=40';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${String(process.argv[i + 1])}`);
  return value;
}

const minutes = option('minutes', 5);
const everyS = option('every', 15);
const port = option('port', 58080);
const simPort = option('sim-port', 58090);

/** RSS in MiB of the processes of a process group whose command line mentions `marker`. */
function rssOf(pgid: number, marker: string): number {
  let kib = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) !== pgid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      kib += Number(m?.[1] ?? 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return kib / 1024;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-soak-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SIM_PORT: String(simPort),
    HOST: '127.0.0.1',
    DESK_DATA_DIR: dataDir,
    SIM_FAULTS: process.env.SIM_FAULTS ?? DEFAULT_FAULTS,
    SIM_FLOW_RATE: process.env.SIM_FLOW_RATE ?? '10',
  };
  for (const name of ['DESK_UPSTREAM_REST', 'DESK_UPSTREAM_WS_PUBLIC', 'DESK_UPSTREAM_WS_PRIVATE', 'DESK_CONFIG', 'DESK_KEY_FILE']) delete env[name];
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server-proxy/src/main.ts'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pgid = child.pid!;
  const stop = () => {
    try {
      process.kill(-pgid, 'SIGTERM');
    } catch {
      // Already gone.
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => {
    stop();
    process.exit(130);
  });

  const openUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "Open" line within 60 s:\n${out}`)), 60_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /^Open (http:\/\/127\.0\.0\.1:\d+\/\S+)$/m.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the stack exited (code ${code}):\n${out}`)));
  });
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    let browserSockets = 0;
    page.on('websocket', () => browserSockets++);
    await page.goto(openUrl);
    await page.goto(new URL('/trade', openUrl).toString());
    await page.getByLabel('Mid price').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const heapMiB = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 1024 / 1024;
    };
    const faults = async () => (await (await fetch(`http://127.0.0.1:${simPort}/__sim/faults`)).json()) as { injected: Record<string, number>; total: number; recovered: number };

    console.log(`soak: ${minutes} min, a sample every ${everyS} s; faults ${env.SIM_FAULTS}`);
    console.log('  t(s)  proxy RSS MiB  sim RSS MiB  page heap MiB  upstream drops  reconnected  browser sockets  faults  recovered');
    const started = Date.now();
    const samples: number[][] = [];
    for (;;) {
      const f = await faults();
      const row = [Math.round((Date.now() - started) / 1000), rssOf(pgid, 'server-proxy/src/main.ts'), rssOf(pgid, 'simulator/src/main.ts'), await heapMiB(), f.injected.wsDrop ?? 0, f.recovered, browserSockets, f.total, f.recovered];
      samples.push(row);
      console.log(
        `${String(row[0]).padStart(6)}  ${row[1]!.toFixed(1).padStart(13)}  ${row[2]!.toFixed(1).padStart(11)}  ${row[3]!.toFixed(1).padStart(13)}  ${String(row[4]).padStart(14)}  ${String(row[5]).padStart(11)}  ${String(row[6]).padStart(15)}  ${String(row[7]).padStart(6)}  ${String(row[8]).padStart(9)}`,
      );
      if (Date.now() - started >= minutes * 60_000) break;
      await new Promise((r) => setTimeout(r, everyS * 1000));
    }
    const first = samples[0]!;
    const last = samples[samples.length - 1]!;
    console.log(
      `soak: proxy RSS ${first[1]!.toFixed(1)} -> ${last[1]!.toFixed(1)} MiB, simulator RSS ${first[2]!.toFixed(1)} -> ${last[2]!.toFixed(1)} MiB, page heap ${first[3]!.toFixed(1)} -> ${last[3]!.toFixed(1)} MiB; ${last[4]} upstream socket drops, ${last[7]} faults, ${last[8]} recovered, ${last[6]} browser sockets opened`,
    );
  } finally {
    await browser.close();
    stop();
  }
}

main().catch((e: unknown) => {
  console.error('soak failed:', e instanceof Error ? e.message : e);
  process.exit(1);
});
