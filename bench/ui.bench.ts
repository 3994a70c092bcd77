// bench "ui" (BENCHMARKS.md): the trading page in headless Chromium while the simulator
// pushes book updates through the proxy, against an idle page in the same run.
// Rounds alternate loaded and idle (A B A B), the first round is a discarded warm-up,
// and medians are reported. Needs a built web app (`npm run build`) with the trade page
// mounted at /trade.
//
// Options (env): UI_BENCH_FLOW_RATE (simulator orders/s, default 5000),
// UI_BENCH_BOOK_INTERVAL_MS (default 0: a push per event-loop turn with changes),
// UI_BENCH_ROUNDS (default 4, incl. warm-up), UI_BENCH_SECONDS (per measurement, default 8).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from '@playwright/test';
import { writeResult } from './lib/result';
import { pageProbe } from './ui/page-probe';

const FLOW = process.env.UI_BENCH_FLOW_RATE ?? '5000';
const INTERVAL = process.env.UI_BENCH_BOOK_INTERVAL_MS ?? '0';
const ROUNDS = Number(process.env.UI_BENCH_ROUNDS ?? 4);
const SECONDS = Number(process.env.UI_BENCH_SECONDS ?? 8);

interface Sample {
  fps: number;
  over25: number;
  p50: number;
  p95: number;
  p99: number;
  msgsPerSec: number;
  loafMax: number;
  loafBlocking: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const median = (xs: number[]) => quantile([...xs].sort((a, b) => a - b), 0.5);

async function measure(page: Page, seconds: number): Promise<Sample> {
  await page.evaluate(() => {
    const p = (window as unknown as { __uiProbe: Record<string, unknown> }).__uiProbe;
    Object.assign(p, { frames: [], latencies: [], messages: 0, loafMax: 0, loafBlocking: 0, loafCount: 0, recording: true });
  });
  await page.waitForTimeout(seconds * 1000);
  const raw = await page.evaluate(() => {
    const p = (window as unknown as { __uiProbe: { frames: number[]; latencies: number[]; messages: number; loafMax: number; loafBlocking: number; recording: boolean } }).__uiProbe;
    p.recording = false;
    return { frames: p.frames, latencies: p.latencies, messages: p.messages, loafMax: p.loafMax, loafBlocking: p.loafBlocking };
  });
  const total = raw.frames.reduce((a, b) => a + b, 0);
  const lat = [...raw.latencies].sort((a, b) => a - b);
  return {
    fps: raw.frames.length / (total / 1000),
    over25: raw.frames.filter((f) => f > 25).length / Math.max(1, raw.frames.length),
    p50: quantile(lat, 0.5),
    p95: quantile(lat, 0.95),
    p99: quantile(lat, 0.99),
    msgsPerSec: raw.messages / seconds,
    loafMax: raw.loafMax,
    loafBlocking: raw.loafBlocking,
  };
}

async function main(): Promise<void> {
  const port = await freePort();
  const simPort = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-ui-bench-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SIM_PORT: String(simPort), HOST: '127.0.0.1', DESK_DATA_DIR: dataDir, SIM_SEED: '42', SIM_FLOW_RATE: FLOW, SIM_BOOK_INTERVAL_MS: INTERVAL };
  for (const name of ['DESK_UPSTREAM_REST', 'DESK_UPSTREAM_WS_PUBLIC', 'DESK_UPSTREAM_WS_PRIVATE', 'DESK_CONFIG', 'DESK_KEY_FILE']) delete env[name];
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server-proxy/src/main.ts'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const openUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`no "Open" line from the proxy in 60 s:\n${out}`)), 60_000);
      const onData = (b: Buffer) => {
        out += b.toString();
        const m = /^Open (http:\/\/127\.0\.0\.1:\d+\/\S+)$/m.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`the proxy exited (${code}):\n${out}`)));
    });
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    await context.addInitScript(pageProbe);

    // Initial JavaScript: every script the first load of the trading page fetches, gzipped.
    const loaded = await context.newPage();
    const scripts = new Map<string, number>();
    loaded.on('response', (r) => {
      if (r.request().resourceType() !== 'script') return;
      void r.body().then((b) => scripts.set(r.url(), gzipSync(b, { level: 9 }).length), () => undefined);
    });
    await loaded.goto(openUrl);
    await loaded.goto(new URL('/trade', openUrl).href);
    await loaded.getByLabel('Mid price').filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
    await loaded.waitForTimeout(1500);
    const jsKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;

    const idle = await context.newPage();
    await idle.setContent('<!doctype html><title>idle</title><p>idle</p>');

    const loadedSamples: Sample[] = [];
    const idleSamples: Sample[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await loaded.bringToFront();
      const a = await measure(loaded, SECONDS);
      await idle.bringToFront();
      const b = await measure(idle, SECONDS);
      if (round === 0) continue; // warm-up
      loadedSamples.push(a);
      idleSamples.push(b);
    }
    await browser.close();

    const pick = (xs: Sample[], k: keyof Sample) => median(xs.map((s) => s[k]));
    const loadedFps = pick(loadedSamples, 'fps');
    const idleFps = pick(idleSamples, 'fps');
    const rows: [string, string][] = [
      ['book messages/s received', pick(loadedSamples, 'msgsPerSec').toFixed(0)],
      ['fps loaded / idle', `${loadedFps.toFixed(1)} / ${idleFps.toFixed(1)}`],
      ['intervals > 25 ms, loaded / idle', `${(pick(loadedSamples, 'over25') * 100).toFixed(2)}% / ${(pick(idleSamples, 'over25') * 100).toFixed(2)}%`],
      ['update-to-paint p50 / p95 / p99 (ms)', `${pick(loadedSamples, 'p50').toFixed(1)} / ${pick(loadedSamples, 'p95').toFixed(1)} / ${pick(loadedSamples, 'p99').toFixed(1)}`],
      ['long-animation-frame max / blocking per run (ms)', `${pick(loadedSamples, 'loafMax').toFixed(0)} / ${pick(loadedSamples, 'loafBlocking').toFixed(0)}`],
      ['JS of the first trade page load, gzipped', `${jsKb.toFixed(1)} KB (${scripts.size} files)`],
      ['targets', '>= 58 fps, p95 <= 25 ms, JS <= 250 KB'],
    ];
    console.log(`ui bench: simulator flow ${FLOW} orders/s, book interval ${INTERVAL} ms, ${ROUNDS - 1} measured rounds of ${SECONDS} s`);
    for (const [k, v] of rows) console.log(`  ${k.padEnd(50)} ${v}`);
    const file = writeResult({ name: 'ui', unit: 'fps', ours: loadedFps, peer: idleFps, peerName: 'idle page, same run', ratio: loadedFps / idleFps, target: 58 / 60, higherIsBetter: true });
    console.log(`wrote ${file}`);
  } finally {
    stop();
  }
}

await main();
