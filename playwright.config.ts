// Browser tests run against the stack `npm start` runs (e2e/global-setup.ts starts it),
// in Debian's Chromium, headless.
import { defineConfig } from '@playwright/test';

// Journeys the seed pass leaves to the live-dialect pass (scripts/e2e-passes.ts runs the
// two side by side, so the longer one sets the suite's time): each passes in both dialects,
// and moving them evens the passes out (seed 12.0 min against live 8.4 before).
export const livePassOnly = ['accessibility', 'trade-sizing', 'trade-panel', 'trade-risk', 'archive-export'].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  testIgnore: process.env.E2E_PASS === 'seed' ? livePassOnly : [],
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
