// bench match: the simulator's matching engine against the npm package nodejs-order-book
// (BENCHMARKS.md "match", issue 3 "Done when"), in one process, on one generated sequence.
//
// Load: 60% limit orders (a tenth of them priced through the opposite best, so they trade),
// 30% cancels of live orders, 10% market orders. Passive limits sit within 40 ticks of a
// fixed mid; crossing limits and market orders take liquidity. Every order is 1..10 lots
// (crossing limits 1..20). With these sizes the book deepens over the sequence (to about
// 17k resting orders, some 250 a level), the regime where BENCHMARKS.md's profile of the
// peer (most of its time in cancel) comes from. The result is sensitive to that depth, so
// the same comparison is also run, and printed, on a steady-state variant whose market
// orders are 1..18 lots (the book stays near 3-4k orders, some 70 a level): our margin is
// smaller there, and it is reported rather than hidden.
//
// The sequence is generated once (untimed) by replaying it on our engine, which tells the
// generator which orders are live for the cancels and where the opposite best is for the
// crossing limits. A check pass then replays it on both books and requires the same final
// depth from each, so both really did the same matching work. Inputs are pre-built objects
// for both, so neither side pays for building them; ours runs with an event listener
// installed (the simulator always has one), the peer builds its response objects.
// Each round starts both from an empty book and interleaves them in chunks of the sequence
// (bench/lib/compare.ts interleave), so a load swing on the shared machine hits both alike.

import { OrderBook as PeerBook, Side as PeerSide } from 'nodejs-order-book';
import type { EngineEvent, LimitOrderInput, MarketOrderInput } from '../simulator/src/engine/engine-types';
import { MatchingEngine } from '../simulator/src/engine/matching-engine';
import { compare, interleave, median } from './lib/compare';
import { randomInt, seededRandom } from './lib/prng';

const SYMBOL = 'BTCUSDT';
const OPS = 200_000;
// Chunks per round, alternating ours / peer. Each switch leaves the next side with caches
// full of the other's data, a fixed cost that weighs most on the side with the shorter chunk
// (ours); 10 chunks of 20k ops still alternate every few tens of milliseconds.
const STEPS = 10;
const SEED = 7_301_202;
const MID = 100_000;
const PASSIVE_SPREAD = 40; // passive limits: 1..40 ticks from the mid, on their own side
const ACCOUNTS = 50;
const MARKET_LOTS = 10;
// Market size that holds the book near a steady state: smaller lets it grow, larger drains it.
const STEADY_MARKET_LOTS = 18;

type Op =
  | { kind: 'limit'; ours: LimitOrderInput; peer: { id: string; side: PeerSide; size: number; price: number } }
  | { kind: 'cancel'; id: string }
  | { kind: 'market'; ours: MarketOrderInput; peer: { side: PeerSide; size: number } };

interface Stats {
  ops: Op[];
  limits: number;
  crossing: number;
  cancels: number;
  markets: number;
  fills: number;
  finalLive: number;
  maxLive: number;
}

function generate(marketLots: number): Stats {
  const random = seededRandom(SEED);
  const engine = new MatchingEngine({ symbols: [SYMBOL] });
  // Live orders as an array plus index map, so a uniformly random live order is O(1) to pick and drop.
  const live: string[] = [];
  const slot = new Map<string, number>();
  const drop = (id: string) => {
    const at = slot.get(id);
    if (at === undefined) return;
    const last = live.pop()!;
    if (last !== id) {
      live[at] = last;
      slot.set(last, at);
    }
    slot.delete(id);
  };
  let fills = 0;
  engine.setListener((e: EngineEvent) => {
    if (e.type === 'rested') {
      slot.set(e.orderId, live.length);
      live.push(e.orderId);
    } else if (e.type === 'fill') {
      fills++;
      if (e.makerRemaining === 0) drop(e.makerId);
    } else if (e.type === 'canceled') drop(e.orderId);
  });

  const stats: Stats = { ops: [], limits: 0, crossing: 0, cancels: 0, markets: 0, fills: 0, finalLive: 0, maxLive: 0 };
  let next = 0;
  const owner = () => {
    const accountId = randomInt(random, 1, ACCOUNTS);
    return { accountId, stpGroup: accountId, stpMode: 'none' as const };
  };
  for (let i = 0; i < OPS; i++) {
    const r = random();
    let op: Op;
    if (r < 0.3 && live.length > 0) {
      op = { kind: 'cancel', id: live[randomInt(random, 0, live.length - 1)]! };
      stats.cancels++;
    } else if (r < 0.4) {
      const side = random() < 0.5 ? 'buy' : 'sell';
      const lots = randomInt(random, 1, marketLots);
      op = {
        kind: 'market',
        ours: { type: 'market', orderId: `m${next++}`, ...owner(), side, lots },
        peer: { side: side === 'buy' ? PeerSide.BUY : PeerSide.SELL, size: lots },
      };
      stats.markets++;
    } else {
      const side = random() < 0.5 ? 'buy' : 'sell';
      const buy = side === 'buy';
      const crossing = random() < 0.1;
      let price: number;
      if (crossing) {
        const best = buy ? engine.bestAsk(SYMBOL) : engine.bestBid(SYMBOL);
        const through = randomInt(random, 0, 3);
        price = best === null ? MID : buy ? best + through : best - through;
        stats.crossing++;
      } else {
        const away = randomInt(random, 1, PASSIVE_SPREAD);
        price = buy ? MID - away : MID + away;
      }
      const lots = randomInt(random, 1, crossing ? 20 : 10);
      const id = `o${next++}`;
      op = {
        kind: 'limit',
        ours: { type: 'limit', orderId: id, ...owner(), side, priceTicks: price, lots },
        peer: { id, side: buy ? PeerSide.BUY : PeerSide.SELL, size: lots, price },
      };
      stats.limits++;
    }
    stats.ops.push(op);
    if (op.kind === 'cancel') engine.cancel(op.id);
    else engine.submit(SYMBOL, op.ours);
    if (live.length > stats.maxLive) stats.maxLive = live.length;
  }
  stats.fills = fills;
  stats.finalLive = live.length;
  return stats;
}

/** Lots traded by our engine, summed by its listener (the simulator always has one installed). */
const traded = { lots: 0 };

function newOurs(): MatchingEngine {
  const engine = new MatchingEngine({ symbols: [SYMBOL] });
  engine.setListener((e) => {
    if (e.type === 'fill') traded.lots += e.lots;
  });
  return engine;
}

function runOurs(engine: MatchingEngine, ops: readonly Op[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const op = ops[i]!;
    if (op.kind === 'cancel') engine.cancel(op.id);
    else engine.submit(SYMBOL, op.ours);
  }
}

function runPeer(book: PeerBook, ops: readonly Op[], from: number, to: number): void {
  for (let i = from; i < to; i++) {
    const op = ops[i]!;
    if (op.kind === 'cancel') book.cancel(op.id);
    else if (op.kind === 'limit') book.limit(op.peer);
    else book.market(op.peer);
  }
}

/** Both books must end with the same aggregated depth, or they did not do the same work. */
function checkSameOutcome(ops: readonly Op[]): void {
  const ours = newOurs();
  const peer = new PeerBook();
  traded.lots = 0;
  runOurs(ours, ops, 0, ops.length);
  runPeer(peer, ops, 0, ops.length);
  const [peerAsks, peerBids] = peer.depth();
  const norm = (levels: [number, number][]) => [...levels].sort((a, b) => a[0] - b[0]).map(([p, v]) => `${p}:${v}`).join(',');
  const oursAsks = ours.depth(SYMBOL, 'sell', Infinity).map((l): [number, number] => [l.priceTicks, l.totalLots]);
  const oursBids = ours.depth(SYMBOL, 'buy', Infinity).map((l): [number, number] => [l.priceTicks, l.totalLots]);
  if (norm(oursAsks) !== norm(peerAsks) || norm(oursBids) !== norm(peerBids)) {
    throw new Error('match bench: our engine and nodejs-order-book ended with different books on the same sequence');
  }
  console.log(`check: both books end with the same depth (${oursBids.length} bid and ${oursAsks.length} ask levels); ${traded.lots} lots traded`);
}

function describe(label: string, st: Stats): void {
  console.log(
    `${label}: ${st.ops.length.toLocaleString('en-US')} ops = ${st.limits} limits (${st.crossing} crossing), ` +
      `${st.cancels} cancels, ${st.markets} markets; ${st.fills} fills; ` +
      `live orders at end ${st.finalLive}, at most ${st.maxLive}`,
  );
}

const stats = generate(MARKET_LOTS);
const { ops } = stats;
describe('load', stats);
// `--ours-only` runs just our engine over the sequence a few times: for profiling with
// `node --cpu-prof --import tsx bench/match.bench.ts --ours-only`.
if (process.argv.includes('--ours-only')) {
  for (let i = 0; i < 20; i++) {
    const engine = newOurs();
    const start = performance.now();
    runOurs(engine, ops, 0, ops.length);
    console.log(`ours alone: ${Math.round((ops.length * 1000) / (performance.now() - start)).toLocaleString('en-US')} ops/s`);
  }
  process.exit(0);
}

checkSameOutcome(ops);

/** One round: both from an empty book, interleaved in STEPS chunks of the sequence. */
function round(sequence: readonly Op[]) {
  const chunk = Math.ceil(sequence.length / STEPS);
  const ours = newOurs();
  const peer = new PeerBook();
  const end = (step: number) => Math.min(sequence.length, (step + 1) * chunk);
  return interleave(
    STEPS,
    (step) => end(step) - step * chunk,
    (step) => runOurs(ours, sequence, step * chunk, end(step)),
    (step) => runPeer(peer, sequence, step * chunk, end(step)),
  );
}

await compare({
  name: 'match',
  unit: 'ops/s',
  peerName: 'nodejs-order-book',
  target: 10,
  higherIsBetter: true,
  rounds: 7,
  round: () => round(ops),
});

const steady = generate(STEADY_MARKET_LOTS);
describe('steady-state variant', steady);
checkSameOutcome(steady.ops);
const ratios: number[] = [];
for (let r = 0; r <= 5; r++) {
  const { ours, peer } = round(steady.ops);
  if (r > 0) ratios.push(ours / peer); // round 0 warms up
  console.log(`steady-state ${r === 0 ? 'warm-up' : `round ${r}`}: ours ${Math.round(ours)}, peer ${Math.round(peer)} ops/s, ours/peer ${(ours / peer).toFixed(2)}`);
}
console.log(`steady-state variant (not the recorded result): median ours/peer ${median(ratios).toFixed(2)}x`);
