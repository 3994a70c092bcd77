// The result file every benchmark writes (ARCHITECTURE.md "benchmark results").

import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  /** Further figures a benchmark reports beside its ratio (e.g. latencies); not compared. */
  details?: Record<string, unknown>;
}

export const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));

export function writeResult(r: BenchResult): string {
  mkdirSync(resultsDir, { recursive: true });
  const { name, unit, ours, peer, peerName, ratio, target, higherIsBetter, details } = r;
  const path = `${resultsDir}${name}.json`;
  writeFileSync(path, `${JSON.stringify({ name, unit, ours, peer, peerName, ratio, target, higherIsBetter, details }, null, 2)}\n`);
  return path;
}

/** Every result file, by name; files that are not results are skipped with a warning. */
export function readResults(): BenchResult[] {
  let files: string[];
  try {
    files = readdirSync(resultsDir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out: BenchResult[] = [];
  for (const f of files) {
    try {
      const r = JSON.parse(readFileSync(`${resultsDir}${f}`, 'utf8')) as BenchResult;
      if (typeof r.name === 'string' && typeof r.ratio === 'number') out.push(r);
      else console.warn(`bench/results/${f} is not a benchmark result; skipped`);
    } catch (err) {
      console.warn(`bench/results/${f} could not be read: ${String(err)}`);
    }
  }
  return out;
}
