// Runs ours and a peer in alternating rounds (A B A B ...) in one process on the same
// input, discards the warm-up round, and reports medians (BENCHMARKS.md: on shared noisy
// machines absolute times mean little). The ratio is the median of the per-round ratios:
// each round's pair ran back to back under the same load, so a load swing between rounds
// cancels out of its ratio, where it would not cancel out of a ratio of two medians.

import { readCpuTimes, stolenShare } from './cpu-steal';
import { writeResult, type BenchResult, type FigureSpread, type RatioSpread, type SideTarget } from './result';

export interface CompareOptions {
  /** Result name: bench/results/<name>.json. */
  name: string;
  /** Unit of what each round returns, e.g. "msgs/s". */
  unit: string;
  peerName: string;
  /** The ratio ours/peer aimed for; with higherIsBetter false, the most it may be. */
  target: number;
  higherIsBetter: boolean;
  /** Measured rounds, after one discarded warm-up round. Default 7. */
  rounds?: number;
  /**
   * Stop early once this many seconds have passed, provided at least 5 rounds were
   * measured: on a crowded machine every round is slower, and `npm run bench` must still end.
   */
  budgetSeconds?: number;
  /**
   * The caller adds side targets or details and writes the result itself: compare() then
   * only prints it, so a saved run appends one whole line to the history, not a line
   * without them first.
   */
  callerWrites?: boolean;
  /**
   * One round of both, ours first then the peer, returning the measured values in `unit`.
   * A round may itself interleave the two in small steps (see interleave) when the load
   * swings faster than a whole round.
   */
  round: () => RoundResult | Promise<RoundResult>;
}

export interface RoundResult {
  ours: number;
  peer: number;
}

export async function compare(opts: CompareOptions): Promise<BenchResult> {
  const rounds = opts.rounds ?? 7;
  const started = Date.now();
  const ours: number[] = [];
  const peer: number[] = [];
  const ratios: number[] = [];
  const stolen: (number | null)[] = [];
  for (let round = 0; round <= rounds; round++) {
    const cpuBefore = readCpuTimes();
    const { ours: a, peer: b } = await opts.round();
    const steal = stolenShare(cpuBefore, readCpuTimes());
    const label = round === 0 ? 'warm-up (discarded)' : `round ${round}`;
    console.log(`${opts.name} ${label}: ours ${fmt(a)}, peer ${fmt(b)} ${opts.unit}, ours/peer ${(a / b).toFixed(2)}, CPU stolen ${stealText(steal)}`);
    if (round === 0) continue;
    ours.push(a);
    peer.push(b);
    ratios.push(a / b);
    stolen.push(steal);
    if (opts.budgetSeconds !== undefined && ratios.length >= 5 && round < rounds && Date.now() - started > opts.budgetSeconds * 1000) {
      console.log(`${opts.name}: time budget of ${opts.budgetSeconds} s spent; stopping after ${ratios.length} rounds`);
      break;
    }
  }
  const result: BenchResult = {
    name: opts.name,
    unit: opts.unit,
    ours: round3(median(ours)),
    peer: round3(median(peer)),
    peerName: opts.peerName,
    ratio: round3(median(ratios)),
    target: opts.target,
    higherIsBetter: opts.higherIsBetter,
    spread: spreadOf(ratios, stolen),
  };
  printResults([result]);
  if (!opts.callerWrites) writeResult(result);
  return result;
}

/** Runs `fn` over `count` items and returns items per second. */
export function perSecond(count: number, fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  const ns = Number(process.hrtime.bigint() - start);
  return (count * 1e9) / ns;
}

/**
 * Runs ours and the peer step by step, alternating (ours step 0, peer step 0, ours step 1,
 * ...), and returns each side's items per second over all steps. Each step of each side
 * continues where its previous step stopped, so this is A B A B at a grain of a few
 * milliseconds: a load swing on a shared machine hits both sides alike.
 */
export function interleave(steps: number, itemsPerStep: (step: number) => number, ours: (step: number) => void, peer: (step: number) => void): RoundResult {
  let oursNs = 0n;
  let peerNs = 0n;
  let items = 0;
  for (let step = 0; step < steps; step++) {
    items += itemsPerStep(step);
    const t0 = process.hrtime.bigint();
    ours(step);
    const t1 = process.hrtime.bigint();
    peer(step);
    const t2 = process.hrtime.bigint();
    oursNs += t1 - t0;
    peerNs += t2 - t1;
  }
  return { ours: (items * 1e9) / Number(oursNs), peer: (items * 1e9) / Number(peerNs) };
}

/** Min and max of the per-round ratios, with the stolen CPU share of the rounds that know it. */
export function spreadOf(ratios: readonly number[], stolen: readonly (number | null)[]): RatioSpread {
  const known = stolen.filter((s): s is number => s !== null);
  return {
    ...figureSpread(ratios, round3),
    stolen: known.length === 0 ? null : { median: round3(median(known)), max: round3(Math.max(...known)) },
  };
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new RangeError('median of no values');
  const s = [...values].sort((x, y) => x - y);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/**
 * Whether a figure was measured: one that was not is NaN in the run and null once written
 * to JSON, where `null <= 25` would read as true.
 */
export function isMeasured(value: number | null): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Whether `value` meets `target` in its direction; a figure not measured never does. */
function meets(value: number | null, target: number, higherIsBetter: boolean): boolean {
  if (!isMeasured(value)) return false;
  return higherIsBetter ? value >= target : value <= target;
}

/** Whether a result meets its target, read in its direction. */
export function meetsTarget(r: BenchResult): boolean {
  return meets(r.ratio, r.target, r.higherIsBetter);
}

/** Whether a side target (result.ts) is met, read in its direction. */
export function meetsSideTarget(t: SideTarget): boolean {
  return meets(t.value, t.target, t.higherIsBetter);
}

/** A figure with its sign, as added latencies are written: +12, -3. */
const withSign = (v: number) => (v < 0 ? `${v}` : `+${v}`);

/**
 * A side target's figure, its target and its per-round spread as the table and the chart
 * write them: "+89", "<= +30 µs" and "+61 to +112" ('' without a spread).
 */
export function sideTargetText(t: SideTarget): { value: string; target: string; spread: string } {
  const shown = (v: number) => (t.signed === false ? String(v) : withSign(v));
  return {
    value: isMeasured(t.value) ? shown(t.value) : 'not measured',
    target: `${t.higherIsBetter ? '>=' : '<='} ${shown(t.target)} ${t.unit}`,
    spread: t.spread ? `${shown(t.spread.min)} to ${shown(t.spread.max)}` : '',
  };
}

/** The range of a figure's per-round values, each rounded as the figure is. */
export function figureSpread(values: readonly number[], round: (v: number) => number = (v) => v): FigureSpread {
  if (values.length === 0) throw new RangeError('no rounds to take a spread of');
  return { min: round(Math.min(...values)), max: round(Math.max(...values)), rounds: values.length };
}

export function printResults(results: readonly BenchResult[]): void {
  console.log(resultsTable(results));
}

/** The summary table: the median ratio, its spread over the rounds, and the CPU stolen meanwhile; each side target on a row under its result. */
export function resultsTable(results: readonly BenchResult[]): string {
  const header = ['benchmark', 'unit', 'ours', 'peer', 'peer name', 'ours/peer', 'min-max', 'rounds', 'CPU stolen', 'target', 'met'];
  const resultRow = (r: BenchResult) => [
    r.name,
    r.unit,
    fmt(r.ours),
    fmt(r.peer),
    r.peerName,
    `${r.ratio.toFixed(2)}x`,
    r.spread ? `${r.spread.min.toFixed(2)}-${r.spread.max.toFixed(2)}x` : 'one run',
    r.spread ? String(r.spread.rounds) : '1',
    r.spread?.stolen ? `${stealText(r.spread.stolen.median)} (max ${stealText(r.spread.stolen.max)})` : 'unknown',
    `${r.higherIsBetter ? '>=' : '<='} ${ratioText(r.target)}x`,
    meetsTarget(r) ? 'yes' : 'NO',
  ];
  // A side target: the figure where "ours" stands, its own target and verdict.
  const sideRow = (r: BenchResult, t: SideTarget) => {
    const text = sideTargetText(t);
    return [`${r.name}: ${t.name}`, t.unit, text.value, '', '', '', text.spread, t.spread ? String(t.spread.rounds) : '', '', text.target, meetsSideTarget(t) ? 'yes' : 'NO'];
  };
  const rows = results.flatMap((r) => [resultRow(r), ...(r.sideTargets ?? []).map((t) => sideRow(r, t))]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i >= 2 && i <= 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return ['', line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line), ''].join('\n');
}

/** A target ratio to three decimals at most: 58/60 fps reads 0.967, not 0.9666666666666667. */
function ratioText(v: number): string {
  return String(Number(v.toFixed(3)));
}

function stealText(share: number | null): string {
  return share === null ? 'unknown' : `${(share * 100).toFixed(1)}%`;
}

function fmt(v: number): string {
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toPrecision(4);
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}
