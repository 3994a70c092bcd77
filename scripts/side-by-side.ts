// Runs npm scripts side by side, each line of their output prefixed with its label, and
// exits non-zero if any failed; each one's time is printed at the end. `npm test` uses it
// twice:
// - `npm run checks`: lint, typecheck and build. Each is mostly one core's work, so on two
//   cores together they take about as long as the longest (lint).
// - `npm run test:e2e`: the browser suite's three passes (playwright.config.ts says which
//   journeys each runs): seed, live (the live dialect) and side (the broker job, which
//   mostly waits, and the axe checks). Each pass has its own stack on its own ports (e2e/global-setup.ts keys
//   everything by E2E_PORT), so they share nothing but the machine. Much of a pass is
//   waiting (the broker job alone waits 100 s on the exchange's 10 requests/s), so the
//   passes take about as long as the longest, which keeps `npm test` inside its
//   15-minute budget.
//
// Usage: tsx scripts/side-by-side.ts <label>=<npm script> ...
// SERIAL=1 runs them one after the other (to read one's timing alone).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Job {
  label: string;
  script: string;
}

interface Outcome {
  label: string;
  code: number;
  seconds: number;
}

function jobOf(arg: string): Job {
  const at = arg.indexOf('=');
  if (at <= 0 || at === arg.length - 1) throw new Error(`"${arg}": expected <label>=<npm script>`);
  return { label: arg.slice(0, at), script: arg.slice(at + 1) };
}

function run(job: Job): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', job.script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${job.label}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(prefix + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ label: job.label, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main(): Promise<number> {
  const jobs = process.argv.slice(2).map(jobOf);
  if (jobs.length === 0) throw new Error('no scripts named; usage: side-by-side.ts <label>=<npm script> ...');
  const outcomes: Outcome[] = [];
  if (process.env.SERIAL === '1') {
    for (const job of jobs) outcomes.push(await run(job));
  } else {
    outcomes.push(...(await Promise.all(jobs.map(run))));
  }
  for (const o of outcomes) {
    process.stdout.write(`${o.label}: ${o.code === 0 ? 'passed' : `FAILED (exit ${o.code})`} in ${o.seconds.toFixed(0)} s\n`);
  }
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`side-by-side: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
