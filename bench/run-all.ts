// `npm run bench`: every bench/*.bench.ts in turn, each in its own process (so one
// benchmark's JIT state and heap do not colour the next), then one summary table and a
// chart of it (summary.svg). A plain run writes to bench/results/latest/ (ignored), so
// measuring leaves the tree clean; `npm run bench -- --save` updates the tracked
// bench/results/ and appends each figure to its history. `npm run bench -- book match`
// runs only the named ones.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printResults } from './lib/compare';
import { readResults, resultsDirFor } from './lib/result';
import { summaryChart } from './lib/summary-chart';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const args = process.argv.slice(2);
const save = args.includes('--save');
const wanted = args.filter((a) => a !== '--save');
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`no such benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  process.exit(2);
}
const selected = wanted.length > 0 ? wanted : all;
const outDir = resultsDirFor(save);

const failed: string[] = [];
for (const name of selected) {
  console.log(`\n=== bench ${name} ===`);
  // `--import tsx` resolves tsx from the working directory, so run from the repository root.
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${benchDir}${name}.bench.ts`], {
    stdio: 'inherit',
    cwd: repoRoot,
    env: { ...process.env, BENCH_SAVE: save ? '1' : '0' },
  });
  if (run.status !== 0) failed.push(`${name} (exit ${run.status ?? run.signal})`);
}

const results = readResults(outDir);
console.log(`\n=== summary (${outDir}) ===`);
printResults(results);
mkdirSync(outDir, { recursive: true });
writeFileSync(`${outDir}summary.svg`, summaryChart(results));
console.log(`chart: ${outDir}summary.svg${save ? '' : ' (not saved; `npm run bench -- --save` updates bench/results/)'}`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
