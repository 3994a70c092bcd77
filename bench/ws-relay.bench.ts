// ws-relay (BENCHMARKS.md): what the proxy's WebSocket relay adds to market data.
//
// Three processes, so that neither side's event loop colours the other's numbers:
//   upstream  a books firehose that stamps every message with performance.timeOrigin + now()
//             (comparable across processes on one machine);
//   relay     an HTTP server with attachWsRelay, as the proxy runs it (its RSS is its own);
//   this one  the "browser": it measures one-way latency now - stamp.
//
// 1. Latency at 1k, 10k and 50k msgs/s: direct from upstream vs through the relay,
//    alternating A B A B per round, warm-up round discarded, medians of p50/p99.
// 2. Flood: upstream sends as fast as its bufferedAmount allows; one browser on the relay
//    pauses its socket; the relay's RSS is sampled for 60 s.
//
// Also printed: the load average before and after (the machine is shared; latency on a
// loaded machine is mostly scheduling), and the relay process's CPU time per message
// relayed at each rate, which load colours much less than latency does.
//
// Results: bench/results/ws-relay.json  unit "ms p99 at 50k msgs/s": ours = relay p99,
//   peer = direct p99, ratio = ours/peer; the target ratio is (direct p99 + 5 ms)/direct p99
//   of this run (issue 5: at most 5 ms added at p99).
// bench/results/ws-relay-flood.json: ours = RSS growth in MB over 60 s with a stalled
//   browser; there is no peer relay installed to run, so "peer" is issue 5's 64 MB budget.
//
//   tsx bench/ws-relay.bench.ts [--quick]

import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import { median, printResults, spreadOf } from './lib/compare';
import { readCpuTimes, stolenShare } from './lib/cpu-steal';
import { writeResult, type BenchResult } from './lib/result';
import { attachWsRelay } from '../server-proxy/src/relay/ws-relay';

const ARG = { instType: 'usdt-futures', topic: 'books', symbol: 'BTCUSDT' };
const role = process.argv[process.argv.indexOf('--role') + 1];
const quick = process.argv.includes('--quick');
const stamp = (): number => performance.timeOrigin + performance.now();

if (process.argv.includes('--role') && role === 'upstream') runUpstream();
else if (process.argv.includes('--role') && role === 'relay') await runRelay(process.argv[process.argv.indexOf('--upstream') + 1]!);
else await main();

// ---------------------------------------------------------------- upstream process
function runUpstream(): void {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
  const subscribers = new Set<WebSocket>();
  let seq = 1;
  let timer: NodeJS.Timeout | null = null;
  const message = (): string => {
    const pseq = seq++;
    // The stamp is the last field, so the client reads it without parsing the whole message.
    return `{"arg":${JSON.stringify(ARG)},"action":"update","data":[{"a":[["101.5","${(seq % 9) + 1}"]],"b":[["100.5","${(seq % 7) + 1}"]],"checksum":0,"pseq":${pseq},"seq":${seq},"ts":"0"}],"ts":${stamp()}}`;
  };
  const stop = (): void => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  wss.on('connection', (ws) => {
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text === 'ping') return void ws.send('pong');
      const msg = JSON.parse(text) as { op: string; rate?: number };
      if (msg.op === 'subscribe') {
        ws.send(JSON.stringify({ event: 'subscribe', arg: ARG }));
        const snap = { a: [['101.5', '1']], b: [['100.5', '1']], checksum: 0, pseq: 0, seq, ts: '0' };
        ws.send(JSON.stringify({ arg: ARG, action: 'snapshot', data: [snap], ts: stamp() }));
        subscribers.add(ws);
      } else if (msg.op === 'rate') {
        stop();
        // Paced on the clock: every millisecond, send what the rate owes so far.
        const start = performance.now();
        let sent = 0;
        timer = setInterval(() => {
          const owed = Math.floor(((performance.now() - start) * msg.rate!) / 1000) - sent;
          for (let i = 0; i < owed; i++) {
            const m = message();
            for (const s of subscribers) s.send(m);
          }
          sent += owed;
        }, 1);
      } else if (msg.op === 'flood') {
        stop();
        const pump = (): void => {
          for (const s of subscribers) while (s.bufferedAmount < 1 << 20) s.send(message());
          timer = setTimeout(pump, 1);
        };
        pump();
      } else if (msg.op === 'stop') {
        stop();
      }
    });
    ws.on('close', () => subscribers.delete(ws));
  });
  wss.on('listening', () => console.log(`READY ${(wss.address() as AddressInfo).port}`));
}

// ---------------------------------------------------------------- relay process
async function runRelay(upstreamPort: string): Promise<void> {
  const server = createServer((_req, res) => res.end());
  const noLog = (): void => {};
  attachWsRelay(server, {
    authenticateUpgrade: () => ({ user: 'bench', role: 'trader', permissions: ['market.read'], accounts: [] }),
    checkOrigin: () => true,
    accountFor: () => null,
    upstream: { publicUrl: `ws://127.0.0.1:${upstreamPort}/v3/ws/public`, privateUrl: `ws://127.0.0.1:${upstreamPort}/v3/ws/private` },
    audit: () => {},
    logger: { debug: noLog, info: noLog, warn: noLog, error: noLog },
  });
  process.on('message', (m) => {
    if (m === 'rss') process.send?.({ rss: process.memoryUsage().rss });
    if (m === 'cpu') {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuUs: user + system });
    }
  });
  server.listen(0, '127.0.0.1', () => console.log(`READY ${(server.address() as AddressInfo).port}`));
}

// ---------------------------------------------------------------- measuring process
async function child(args: string[]): Promise<{ proc: ChildProcess; port: number }> {
  const file = fileURLToPath(import.meta.url);
  const proc = spawn(process.execPath, ['--import', 'tsx', file, ...args], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let buf = '';
  const port = await new Promise<number>((resolve, reject) => {
    proc.stdout!.on('data', (d: Buffer) => {
      buf += d.toString();
      const m = /READY (\d+)/.exec(buf);
      if (m) resolve(Number(m[1]));
    });
    proc.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
  return { proc, port };
}

async function open(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url, { perMessageDeflate: false, headers: { origin: 'http://127.0.0.1' } });
  await once(ws, 'open');
  return ws;
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/**
 * One measurement: subscribe through `url`, run upstream at `rate` for `ms`, return p50/p99
 * ms, the messages measured (n) and all messages received (total, ramp-up included).
 */
async function measure(url: string, control: WebSocket, rate: number, ms: number): Promise<{ p50: number; p99: number; n: number; total: number }> {
  const ws = await open(url);
  const lat = new Float64Array(Math.ceil((rate * ms) / 1000) + 10_000);
  let n = 0;
  let total = 0;
  let measuring = false;
  ws.on('message', (data: Buffer) => {
    total++;
    if (!measuring) return;
    const text = data.toString();
    const at = text.lastIndexOf('"ts":');
    const t = Number(text.slice(at + 5, -1));
    if (n < lat.length && Number.isFinite(t)) lat[n++] = stamp() - t;
  });
  const subscribed = new Promise<void>((resolve) => {
    const onFirst = (data: Buffer): void => {
      if (!data.toString().includes('"snapshot"')) return;
      ws.off('message', onFirst);
      resolve();
    };
    ws.on('message', onFirst);
  });
  ws.send(JSON.stringify({ op: 'subscribe', args: [ARG] }));
  await subscribed;
  control.send(JSON.stringify({ op: 'rate', rate }));
  await new Promise((r) => setTimeout(r, 200)); // ramp-up, not measured
  measuring = true;
  await new Promise((r) => setTimeout(r, ms));
  measuring = false;
  control.send(JSON.stringify({ op: 'stop' }));
  ws.terminate();
  await new Promise((r) => setTimeout(r, 200));
  const sorted = lat.subarray(0, n).sort();
  // No message at all (a relay that fell over) reads as infinitely slow, not as a crash.
  if (n === 0) return { p50: Infinity, p99: Infinity, n, total };
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), n, total };
}

async function rssOf(proc: ChildProcess): Promise<number> {
  proc.send('rss');
  const [m] = (await once(proc, 'message')) as [{ rss: number }];
  return m.rss;
}

async function cpuOf(proc: ChildProcess): Promise<number> {
  proc.send('cpu');
  const [m] = (await once(proc, 'message')) as [{ cpuUs: number }];
  return m.cpuUs;
}

function load(): string {
  return loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
}

async function main(): Promise<void> {
  console.log(`load average at start (1/5/15 min, ${availableParallelism()} cores): ${load()}`);
  const upstream = await child(['--role', 'upstream']);
  const relay = await child(['--role', 'relay', '--upstream', String(upstream.port)]);
  const control = await open(`ws://127.0.0.1:${upstream.port}/control`);
  const direct = `ws://127.0.0.1:${upstream.port}/v3/ws/public`;
  const through = `ws://127.0.0.1:${relay.port}/ws/public`;
  const rounds = quick ? 2 : 4;
  const ms = quick ? 1000 : 2000;
  const table: { rate: number; direct: { p50: number; p99: number }; relay: { p50: number; p99: number }; relayMsgs: number; cpuUsPerMsg: number }[] = [];
  // Per measured round at the top rate: relay p99 / direct p99 of that round, and the CPU the
  // hypervisor stole meanwhile (the ratio's spread, as compare() reports for the others).
  const topRatios: number[] = [];
  const topStolen: (number | null)[] = [];

  for (const rate of [1_000, 10_000, 50_000]) {
    const d50: number[] = [];
    const d99: number[] = [];
    const r50: number[] = [];
    const r99: number[] = [];
    let relayMsgs = 0;
    let relayCpuUs = 0;
    let relayTotal = 0;
    for (let round = 0; round <= rounds; round++) {
      const machineBefore = readCpuTimes();
      const cpuBefore = await cpuOf(relay.proc);
      const r = await measure(through, control, rate, ms);
      const cpuUs = (await cpuOf(relay.proc)) - cpuBefore;
      const d = await measure(direct, control, rate, ms);
      if (round > 0 && rate === 50_000) {
        topRatios.push(r.p99 / d.p99);
        topStolen.push(stolenShare(machineBefore, readCpuTimes()));
      }
      console.log(`${rate}/s round ${round}${round === 0 ? ' (warm-up)' : ''}: relay p50 ${r.p50.toFixed(3)} p99 ${r.p99.toFixed(3)} ms (${r.n} msgs); direct p50 ${d.p50.toFixed(3)} p99 ${d.p99.toFixed(3)} ms (${d.n} msgs)`);
      if (round === 0) continue;
      relayCpuUs += cpuUs;
      relayTotal += r.total;
      r50.push(r.p50);
      r99.push(r.p99);
      d50.push(d.p50);
      d99.push(d.p99);
      relayMsgs += r.n;
    }
    table.push({ rate, direct: { p50: median(d50), p99: median(d99) }, relay: { p50: median(r50), p99: median(r99) }, relayMsgs, cpuUsPerMsg: relayCpuUs / relayTotal });
  }

  console.log('\nrate msgs/s | direct p50 / p99 ms | relay p50 / p99 ms | added p50 / p99 ms | relay CPU µs/msg');
  for (const row of table) {
    console.log(
      `${String(row.rate).padStart(11)} | ${row.direct.p50.toFixed(3)} / ${row.direct.p99.toFixed(3)} | ${row.relay.p50.toFixed(3)} / ${row.relay.p99.toFixed(3)} | ${(row.relay.p50 - row.direct.p50).toFixed(3)} / ${(row.relay.p99 - row.direct.p99).toFixed(3)} | ${row.cpuUsPerMsg.toFixed(2)}`,
    );
  }
  console.log(`load average after the latency rounds: ${load()}`);

  // Flood: one paused browser on the relay, upstream as fast as it can.
  const floodSeconds = quick ? 15 : 60;
  const paused = await open(through);
  paused.send(JSON.stringify({ op: 'subscribe', args: [ARG] }));
  await new Promise((r) => setTimeout(r, 200));
  paused.pause();
  control.send(JSON.stringify({ op: 'flood' }));
  await new Promise((r) => setTimeout(r, 2000)); // let the socket buffers fill first
  const base = await rssOf(relay.proc);
  let peak = base;
  for (let s = 0; s < floodSeconds; s++) {
    await new Promise((r) => setTimeout(r, 1000));
    const rss = await rssOf(relay.proc);
    peak = Math.max(peak, rss);
    if (s % 10 === 9) console.log(`flood ${s + 1} s: relay RSS ${(rss / 2 ** 20).toFixed(1)} MB (start ${(base / 2 ** 20).toFixed(1)} MB)`);
  }
  control.send(JSON.stringify({ op: 'stop' }));
  const growthMb = (peak - base) / 2 ** 20;
  paused.terminate();
  control.terminate();
  upstream.proc.kill();
  relay.proc.kill();

  const top = table.at(-1)!;
  const latency: BenchResult = {
    name: 'ws-relay',
    unit: 'ms p99 at 50k msgs/s',
    ours: round3(top.relay.p99),
    peer: round3(top.direct.p99),
    peerName: 'direct from upstream',
    // The median of the per-round ratios: each round's pair ran back to back under one load.
    ratio: round3(median(topRatios)),
    target: round3((top.direct.p99 + 5) / top.direct.p99),
    higherIsBetter: false,
    spread: spreadOf(topRatios, topStolen),
  };
  const flood: BenchResult = {
    name: 'ws-relay-flood',
    unit: `MB RSS growth, stalled browser, ${floodSeconds} s`,
    ours: round3(growthMb),
    peer: 64,
    peerName: 'issue 5 budget (no peer relay installed)',
    ratio: round3(growthMb / 64),
    target: 1,
    higherIsBetter: false,
  };
  writeResult(latency);
  writeResult(flood);
  printResults([latency, flood]);
  console.log(`added p99 at 50k msgs/s: ${(top.relay.p99 - top.direct.p99).toFixed(3)} ms (target <= 5 ms); stalled-browser RSS growth ${growthMb.toFixed(1)} MB (target <= 64 MB)`);
  console.log(`load average at the end: ${load()}`);
  process.exit(0);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
