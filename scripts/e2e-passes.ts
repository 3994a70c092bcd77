// `npm run test:e2e`: the browser suite's three passes, side by side (playwright.config.ts
// says which journeys each runs): seed, live (the live dialect) and side (the broker job, which
// mostly waits). Each pass has its own stack on its own ports (e2e/global-setup.ts keys
// everything by E2E_PORT), so they share nothing but the machine. Why side by side: much of
// a pass is waiting (the broker job alone waits 100 s on the exchange's 10 requests/s), so
// passes on two cores take about as long as the longest, which keeps `npm test` inside its
// 15-minute budget.
//
// E2E_SERIAL=1 runs them one after the other (to read one pass's timing alone).
// Each line is prefixed with its pass; the exit code is non-zero if any pass failed.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

interface Pass {
  name: 'seed' | 'live' | 'side';
  script: string;
}

const passes: Pass[] = [
  { name: 'seed', script: 'test:e2e:seed' },
  { name: 'live', script: 'test:e2e:live' },
  { name: 'side', script: 'test:e2e:side' },
];

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

function run(pass: Pass): Promise<Outcome> {
  const started = Date.now();
  const child = spawn('npm', ['run', '--silent', pass.script], { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
  const prefix = `[${pass.name}] `;
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => process.stdout.write(prefix + line + '\n'));
  }
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      resolve({ name: pass.name, code: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 });
    });
  });
}

async function main(): Promise<number> {
  const serial = process.env.E2E_SERIAL === '1';
  const outcomes: Outcome[] = [];
  if (serial) {
    for (const pass of passes) outcomes.push(await run(pass));
  } else {
    outcomes.push(...(await Promise.all(passes.map(run))));
  }
  for (const o of outcomes) {
    process.stdout.write(`e2e ${o.name} pass: ${o.code === 0 ? 'passed' : `FAILED (exit ${o.code})`} in ${o.seconds.toFixed(0)} s\n`);
  }
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`e2e passes: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
