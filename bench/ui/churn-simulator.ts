// The simulator the ui bench runs behind the proxy (the proxy reaches it as its upstream,
// DESK_UPSTREAM_*): the full simulator as simulator/src/main.ts builds it, plus a
// BookChurn on one book at UI_BENCH_RATE commands/s. With SIM_BOOK_INTERVAL_MS=0 every
// command is one `books` push, so the rate is the book messages per second offered.
//
// Its clock is performance.timeOrigin + performance.now(), floored to the millisecond: the
// `ts` of every push is taken from it when the push is built, so the page reads the
// BENCHMARKS.md source stamp from the message itself (floored: a latency is over-stated by
// less than 1 ms, never under-stated).
//
// GET /__bench/churn answers {pushes}: commands that changed the book so far (each one
// push per subscriber), so the bench can print what was produced next to what arrived.
import { BookChurn } from '../../simulator/src/market/book-churn';
import { installedExtensions } from '../../simulator/src/installed-extensions';
import { createSimulator } from '../../simulator/src/server';

const port = Number(process.env.SIM_PORT ?? 0);
const rate = Number(process.env.UI_BENCH_RATE ?? 5000);
const seed = Number(process.env.SIM_SEED ?? 42);
const flowRate = Number(process.env.SIM_FLOW_RATE ?? 0);
const symbol = process.env.UI_BENCH_SYMBOL ?? 'BTCUSDT';

const sim = createSimulator({
  env: process.env,
  seed,
  flowRate,
  clock: { now: () => Math.floor(performance.timeOrigin + performance.now()) },
  extensions: installedExtensions,
});
const churn = new BookChurn({ instruments: sim.instruments, orders: sim.orders, engine: sim.engine }, { category: 'spot', symbol, seed });
churn.prefill();
let pushes = 0;
sim.bus.on('book.settled', (e) => {
  if (e.category === 'spot' && e.symbol === symbol) pushes++;
});
sim.app.get('/__bench/churn', () => ({ pushes }));
const bound = await sim.listen(port);
churn.start(rate);
console.log(`simulator listening on http://127.0.0.1:${bound}`);
const stop = () => {
  churn.stop();
  void sim.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
