import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// One config for the web build and for Vitest. The web app lives in web/; the
// build goes to dist/web, which the proxy serves.
export default defineConfig({
  root: here('./web'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      '@contract': here('./contract'),
      '@web': here('./web/src'),
    },
  },
  build: {
    outDir: here('./dist/web'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/audit': 'http://127.0.0.1:8080',
      '/jobs': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
  test: {
    root: here('.'),
    include: ['.eslint/**/*.test.mjs', 'contract/**/*.test.ts', 'simulator/**/*.test.ts', 'server-proxy/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'bench/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default on a 2-core machine is one worker; most files wait on sockets and
    // child processes, so more keep both cores busy (194 s with one, 125 s with four, on a
    // machine shared with other work; three leaves room for the spawned simulators).
    maxWorkers: 3,
  },
});
