// Starts the stack exactly as `npm start` does, minus the build (`npm test` built the
// web app already): the proxy, which spawns the embedded simulator. Logs in once with
// the printed one-time URL and saves the session for every test (interfaces.md).
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request } from '@playwright/test';
import { adminStorageState, authDir, stackInfoFile, type StackInfo } from './stack-info';

// Fixed test ports, away from a developer's `npm start` on 8080/8090; E2E_PORT and
// E2E_SIM_PORT move them when two runs share a machine.
const PORT = process.env.E2E_PORT ?? '18080';
const SIM_PORT = process.env.E2E_SIM_PORT ?? '18090';
const READY_TIMEOUT_MS = 60_000;
const OPEN_LINE = /^Open (http:\/\/127\.0\.0\.1:\d+\/\S+)$/m;

export default async function globalSetup(): Promise<void> {
  mkdirSync(authDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-e2e-'));
  const logFile = path.resolve('test-results', `stack-${PORT}.log`);
  const log = createWriteStream(logFile);

  // The simulator's dialect (issue 15): seed unless SIM_DIALECT=live (npm run test:e2e:live).
  const dialect = process.env.SIM_DIALECT === 'live' ? 'live' : 'seed';
  const env: NodeJS.ProcessEnv = { ...process.env, PORT, SIM_PORT, HOST: '127.0.0.1', DESK_DATA_DIR: dataDir, SIM_SEED: '42', SIM_DIALECT: dialect };
  // The embedded simulator, whatever the developer's shell points at.
  for (const name of ['DESK_UPSTREAM_REST', 'DESK_UPSTREAM_WS_PUBLIC', 'DESK_UPSTREAM_WS_PRIVATE', 'DESK_CONFIG', 'DESK_KEY_FILE']) delete env[name];

  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['server-proxy/src/main.ts'], {
    cwd: process.cwd(),
    env,
    // Its own process group, so the teardown stops the proxy and the simulator it spawned together.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid === undefined) throw new Error('could not start the proxy (node_modules/.bin/tsx server-proxy/src/main.ts)');

  let output = '';
  const openUrl = await new Promise<string>((resolve, reject) => {
    const fail = (why: string) => {
      killGroup(child.pid);
      reject(new Error(`${why}\n--- proxy output ---\n${output || '(none)'}\n--------------------`));
    };
    const timer = setTimeout(() => fail(`the proxy printed no "Open http://127.0.0.1:..." line within ${READY_TIMEOUT_MS / 1000} s`), READY_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      output += text;
      log.write(text);
      const match = OPEN_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.off('exit', onExit);
        resolve(match[1]);
      }
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      fail(`the proxy exited before it was ready (code ${code}, signal ${signal})`);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', onExit);
  });
  // Keep draining the pipes into the log, or a chatty child would block on a full pipe.
  child.stdout.removeAllListeners('data').on('data', (c: Buffer) => log.write(c));
  child.stderr.removeAllListeners('data').on('data', (c: Buffer) => log.write(c));
  child.unref();

  const baseURL = new URL(openUrl).origin;
  const info: StackInfo = { baseURL, simURL: `http://127.0.0.1:${SIM_PORT}`, pid: child.pid, dataDir, logFile, dialect };
  writeFileSync(stackInfoFile, JSON.stringify(info, null, 2));

  const context = await request.newContext({ baseURL });
  try {
    const visit = await context.get(openUrl);
    if (!visit.ok()) throw new Error(`visiting ${openUrl} answered HTTP ${visit.status()}`);
    const me = await context.get('/auth/me');
    if (me.status() !== 200) throw new Error(`after the one-time login, /auth/me answered HTTP ${me.status()}: ${await me.text()}`);
    await context.storageState({ path: adminStorageState });
  } catch (e) {
    killGroup(child.pid);
    throw new Error(`${e instanceof Error ? e.message : String(e)}\n--- proxy output ---\n${output}`);
  } finally {
    await context.dispose();
  }
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
