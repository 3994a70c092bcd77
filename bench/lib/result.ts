// The result file every benchmark writes (ARCHITECTURE.md "benchmark results").
//
// A plain `npm run bench` is a measurement, not a change: it writes to
// bench/results/latest/ (ignored by git), so the tree stays clean. `npm run bench -- --save`
// (BENCH_SAVE=1 in each benchmark's process) writes the tracked bench/results/<name>.json and
// appends the figure to bench/results/history/<name>.jsonl, so earlier figures are kept.

import { execFileSync } from 'node:child_process';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The spread of a result's per-round ratios, and the CPU time the hypervisor stole meanwhile. */
export interface RatioSpread extends FigureSpread {
  /** Median and largest share (0..1) of CPU time stolen per round; null where /proc/stat is absent. */
  stolen: { median: number; max: number } | null;
}

/**
 * A further figure of a benchmark held to a target of its own beside the ratio (e.g. the
 * proxy's p50 over its floor, issue 23): the summary table gives it a row with its own
 * verdict.
 */
export interface SideTarget {
  name: string;
  value: number;
  unit: string;
  target: number;
  higherIsBetter: boolean;
  /** Written with its sign (+12 µs), as an added latency is; default true. */
  signed?: boolean;
  /** The lowest and highest of its per-round figures, when `value` is their median. */
  spread?: FigureSpread;
}

/** The range of a figure's per-round values, so a reader can tell a change from the machine's noise. */
export interface FigureSpread {
  min: number;
  max: number;
  rounds: number;
}

export interface BenchResult {
  name: string;
  unit: string;
  ours: number;
  peer: number;
  peerName: string;
  /** ours / peer: the median of the per-round ratios (bench/lib/compare.ts) */
  ratio: number;
  target: number;
  higherIsBetter: boolean;
  /** Min and max of the per-round ratios; absent for a result measured in one piece. */
  spread?: RatioSpread;
  /** Further figures a benchmark reports beside its ratio (e.g. latencies); not compared. */
  details?: Record<string, unknown>;
  /** Further figures that are compared, each against its own target. */
  sideTargets?: SideTarget[];
}

const benchResults = fileURLToPath(new URL('../results/', import.meta.url));
/** Tracked results, updated only by `npm run bench -- --save`. */
export const savedResultsDir = benchResults;
/** Where an ordinary run writes: ignored by git. */
export const latestResultsDir = `${benchResults}latest/`;

export function saving(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.BENCH_SAVE === '1';
}

/** The folder this run writes its results to. */
export function resultsDirFor(save: boolean): string {
  return save ? savedResultsDir : latestResultsDir;
}

export function writeResult(r: BenchResult, save = saving()): string {
  const dir = resultsDirFor(save);
  mkdirSync(dir, { recursive: true });
  const { name, unit, ours, peer, peerName, ratio, target, higherIsBetter, spread, details, sideTargets } = r;
  const body = { name, unit, ours, peer, peerName, ratio, target, higherIsBetter, spread, details, sideTargets };
  const path = `${dir}${name}.json`;
  writeFileSync(path, `${JSON.stringify(body, null, 2)}\n`);
  if (save) {
    const historyDir = `${savedResultsDir}history/`;
    mkdirSync(historyDir, { recursive: true });
    const { details: _details, ...headline } = body;
    appendFileSync(`${historyDir}${name}.jsonl`, `${JSON.stringify({ at: new Date().toISOString(), commit: headCommit(), ...headline })}\n`);
  }
  return path;
}

function headCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** Every result file in a folder, by name; files that are not results are skipped with a warning. */
export function readResults(dir: string = resultsDirFor(saving())): BenchResult[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out: BenchResult[] = [];
  for (const f of files) {
    try {
      const r = JSON.parse(readFileSync(`${dir}${f}`, 'utf8')) as BenchResult;
      if (typeof r.name === 'string' && typeof r.ratio === 'number') out.push(r);
      else console.warn(`${dir}${f} is not a benchmark result; skipped`);
    } catch (err) {
      console.warn(`${dir}${f} could not be read: ${String(err)}`);
    }
  }
  return out;
}
