// Browser tests run against the stack `npm start` runs (e2e/global-setup.ts starts it),
// in Debian's Chromium, headless.
import { defineConfig } from '@playwright/test';

// Which journeys each pass of scripts/side-by-side.ts runs (package.json test:e2e). The
// passes run side by side, each on its own stack, so the longest sets the suite's time;
// every journey passes in both dialects, and these lists only even the passes out.
// - seed: every spec but the two lists below (E2E_PASS=seed);
// - live: the core specs and livePassOnly, in the live dialect (package.json test:e2e:live);
// - side: the broker job, the axe checks, trade-risk, trade-tpsl and shell, in the seed dialect
//   (E2E_PASS=side). The broker job spends ~100 s waiting on the exchange's 10 requests/s,
//   using little CPU, so the side pass takes the others' surplus. In the last full run
//   before this split (d921f84): seed 579 s, live 551 s, side 522 s (axe 328 s of it;
//   axe now runs in the page itself and takes 42 s alone instead of 101 s). At 9c4f986:
//   seed 570 s, live 497 s, side 501 s, so trade-tpsl (26 s) moved from seed to side.
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);
export const livePassOnly = specs(['trade-sizing', 'trade-panel']);
export const sidePass = specs(['broker-job', 'accessibility', 'trade-risk', 'trade-tpsl', 'shell']);
const pass = process.env.E2E_PASS;

export default defineConfig({
  testDir: 'e2e',
  testMatch: pass === 'side' ? sidePass : '**/*.spec.ts',
  testIgnore: pass === 'seed' ? [...livePassOnly, ...sidePass] : [],
  timeout: 60_000,
  expect: { timeout: 15_000 },
  retries: 0,
  workers: 1,
  fullyParallel: false,
  reporter: 'list',
  // One folder per stack port, so two runs on one machine (E2E_PORT) never wipe each other's.
  outputDir: `test-results/artifacts-${process.env.E2E_PORT ?? '18080'}`,
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 720 },
    // A failed test keeps its trace with the DOM at every step, and a screenshot of the end.
    // The trace's screencast is left out: it had the browser paint every frame of every
    // test for a trace that passing tests throw away, about a third of the pass's CPU
    // (trade.spec alone: 57 CPU-s with it, 40 without), and the two passes share 2 cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
});
