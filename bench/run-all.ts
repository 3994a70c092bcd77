// `npm run bench`: every bench/*.bench.ts in turn, each in its own process (so one
// benchmark's JIT state and heap do not colour the next), then one summary table.
// `tsx bench/run-all.ts book match` runs only the named ones.

import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printResults } from './lib/compare';
import { readResults } from './lib/result';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const all = readdirSync(benchDir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.slice(0, -'.bench.ts'.length))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`no such benchmark: ${unknown.join(', ')} (have: ${all.join(', ')})`);
  process.exit(2);
}
const selected = wanted.length > 0 ? wanted : all;

const failed: string[] = [];
for (const name of selected) {
  console.log(`\n=== bench ${name} ===`);
  // `--import tsx` resolves tsx from the working directory, so run from the repository root.
  const run = spawnSync(process.execPath, ['--import', 'tsx', `${benchDir}${name}.bench.ts`], { stdio: 'inherit', cwd: repoRoot });
  if (run.status !== 0) failed.push(`${name} (exit ${run.status ?? run.signal})`);
}

console.log('\n=== summary (bench/results/*.json) ===');
printResults(readResults());
if (failed.length > 0) {
  console.error(`failed: ${failed.join(', ')}`);
  process.exit(1);
}
