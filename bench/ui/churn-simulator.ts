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
// GET /__bench/churn answers {pushes, trades}: commands that changed the book so far (each
// one push per subscriber) and public trades made, so the bench can print what was
// produced next to what arrived.
//
// Trades (issue 18): a taker sends UI_BENCH_TRADES small immediate-or-cancel orders a
// second (default 200), alternately buying at the best ask and selling at the best bid,
// each a publicTrade push stamped with the same clock as the books.
import { TAKER_UID } from '../../simulator/src/accounts/seed-accounts';
import { BookChurn } from '../../simulator/src/market/book-churn';
import { startPaced } from '../../simulator/src/market/paced-steps';
import { SimError } from '../../simulator/src/core/sim-error';
import { installedExtensions } from '../../simulator/src/installed-extensions';
import { createSimulator } from '../../simulator/src/server';

const port = Number(process.env.SIM_PORT ?? 0);
const rate = Number(process.env.UI_BENCH_RATE ?? 5000);
const seed = Number(process.env.SIM_SEED ?? 42);
const flowRate = Number(process.env.SIM_FLOW_RATE ?? 0);
const symbol = process.env.UI_BENCH_SYMBOL ?? 'BTCUSDT';
const tradeRate = Number(process.env.UI_BENCH_TRADES ?? 200);
// Small enough that the book barely changes, above the 1 USDT minimum value at BTC prices.
const qty = process.env.UI_BENCH_TRADE_QTY ?? '0.0001';

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
let trades = 0;
sim.bus.on('trade', (e) => {
  if (e.category === 'spot' && e.symbol === symbol) trades++;
});
sim.app.get('/__bench/churn', () => ({ pushes, trades }));
const bound = await sim.listen(port);
churn.start(rate);
let buy = true;
const stopTrades = startPaced(tradeRate, () => {
  const side = buy ? 'buy' : 'sell';
  buy = !buy;
  const level = sim.market.depth('spot', symbol, 1)[side === 'buy' ? 'asks' : 'bids'][0];
  if (!level) return;
  try {
    sim.orders.place(TAKER_UID, { category: 'spot', symbol, orderType: 'limit', side, price: level.price, qty, timeInForce: 'ioc' });
  } catch (err) {
    if (!(err instanceof SimError)) throw err;
  }
});
console.log(`simulator listening on http://127.0.0.1:${bound}`);
const stop = () => {
  churn.stop();
  stopTrades();
  void sim.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
