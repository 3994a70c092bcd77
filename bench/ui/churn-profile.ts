// The simulator's CPU cost per churn command on the ui bench's path (BookChurn -> order
// service -> engine -> bus -> `books` push -> ws send), measured as process CPU time
// (process.cpuUsage), not wall clock, so a busy shared machine does not skew it.
//
// The simulator is built as churn-simulator.ts builds it (SIM_BOOK_INTERVAL_MS=0), one
// `ws` client in a CHILD process (so its parsing is not counted) subscribes to spot
// BTCUSDT `books`, and after CHURN_WARMUP commands (default 10,000: the JIT's warm-up is
// not what a long run pays) the churn runs CHURN_N commands as fast as it can, CHURN_SLICE
// (default 5) per event-loop turn as the 1 ms pacing tick runs them at 5,000/s; or, with
// CHURN_RATE set, at that rate for CHURN_SECONDS.
// The clock is a counter, so the pushes are byte-for-byte reproducible: the client prints
// a digest of everything it received, to compare before and after an optimisation.
//
//   npx tsx bench/ui/churn-profile.ts
//   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/ui/churn-profile.ts
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BookChurn } from '../../simulator/src/market/book-churn';
import { installedExtensions } from '../../simulator/src/installed-extensions';
import { createSimulator } from '../../simulator/src/server';

const CLIENT = `
import WebSocket from 'ws';
import { createHash } from 'node:crypto';
const ws = new WebSocket(process.argv[1]);
const hash = createHash('sha256');
let count = 0;
ws.on('open', () => ws.send(JSON.stringify({ op: 'subscribe', args: [{ instType: 'spot', topic: 'books', symbol: 'BTCUSDT' }] })));
ws.on('message', (d) => { count++; hash.update(d); hash.update('\\n'); if (count === 2) process.send('ready'); });
process.on('message', (m) => {
  if (m === 'count') return process.send({ count });
  process.send({ count, digest: hash.digest('hex') });
  ws.close();
});
`;

const n = Number(process.env.CHURN_N ?? 40000);
const rate = Number(process.env.CHURN_RATE ?? 0);
const seconds = Number(process.env.CHURN_SECONDS ?? 5);
const slice = Math.max(1, Number(process.env.CHURN_SLICE ?? 5));
const warmup = Number(process.env.CHURN_WARMUP ?? 10000);
let t = 1_700_000_000_000;
// The WS layer reads its options from process.env, as in churn-simulator.ts's process.
process.env.SIM_BOOK_INTERVAL_MS = '0';
const sim = createSimulator({
  env: process.env,
  seed: 42,
  flowRate: 0,
  clock: { now: () => t },
  extensions: installedExtensions,
});
const churn = new BookChurn({ instruments: sim.instruments, orders: sim.orders, engine: sim.engine }, { category: 'spot', symbol: 'BTCUSDT', seed: 42 });
churn.prefill();
let pushes = 0;
sim.bus.on('book.settled', (e) => {
  if (e.category === 'spot' && e.symbol === 'BTCUSDT') pushes++;
});
const port = await sim.listen(0);

// A plain node (no tsx) evaluating CLIENT, from the repository root so `ws` resolves.
const child = spawn(process.execPath, ['--input-type=module', '--eval', CLIENT, `ws://127.0.0.1:${port}/v3/ws/public`], {
  cwd: fileURLToPath(new URL('../..', import.meta.url)),
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
const fromChild = () => new Promise<unknown>((resolve) => child.once('message', resolve));
await fromChild(); // subscribed, snapshot received

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const turn = () => new Promise((r) => setImmediate(r));
const run = async (count: number) => {
  for (let done = 0; done < count; ) {
    for (let i = 0; i < slice && done < count; i++, done++) {
      t++;
      churn.step();
    }
    await turn();
  }
};
await run(warmup);
await sleep(100);
child.send('count');
const receivedBefore = ((await fromChild()) as { count: number }).count;
const before = process.cpuUsage();
const pushesBefore = pushes;
if (rate > 0) {
  churn.start(rate);
  await sleep(seconds * 1000);
  churn.stop();
} else {
  await run(n);
}
await sleep(300); // the last sends drain (idle time costs no CPU)
const used = process.cpuUsage(before);
const made = pushes - pushesBefore;
child.send('report');
const report = (await fromChild()) as { count: number; digest: string };
const cpuUs = used.user + used.system;
console.log(
  JSON.stringify({
    mode: rate > 0 ? `paced ${rate}/s for ${seconds}s` : `flat out, ${n} commands`,
    pushes: made,
    received: report.count - receivedBefore,
    cpuMs: Math.round(cpuUs / 1000),
    usPerPush: Number((cpuUs / Math.max(1, made)).toFixed(1)),
    userUs: used.user,
    systemUs: used.system,
    digest: rate > 0 ? '(paced: timing-dependent)' : report.digest,
  }),
);
await sim.close();
process.exit(0);
