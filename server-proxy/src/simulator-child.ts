import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export class SimulatorStartError extends Error {
  override name = 'SimulatorStartError';
}

export interface RunningSimulator {
  child: ChildProcess;
  /** REST base URL, e.g. http://127.0.0.1:8090 */
  restUrl: string;
  stop(): void;
}

const READY_RE = /simulator listening on (http:\/\/[^\s]+)/;

/**
 * Starts the embedded simulator as a child process (the proxy never imports simulator
 * code, ARCHITECTURE.md) and resolves once it prints its ready line. Its output goes to
 * our stderr so that stdout carries only the "Open ..." line.
 */
export function startSimulator(repoRoot: string, port: number, env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<RunningSimulator> {
  const entry = resolve(repoRoot, 'simulator/src/main.ts');
  const tsx = resolve(repoRoot, 'node_modules/tsx');
  if (!existsSync(entry)) {
    return Promise.reject(new SimulatorStartError(`the embedded simulator is missing (${entry} does not exist); set DESK_UPSTREAM_REST to use another upstream`));
  }
  if (!existsSync(tsx)) return Promise.reject(new SimulatorStartError('node_modules/tsx is missing: run npm install'));

  // node --import tsx (not the tsx wrapper): the child IS the simulator, so stopping it
  // cannot leave a grandchild behind.
  const child = spawn(process.execPath, ['--import', 'tsx', entry, '--port', String(port)], {
    cwd: repoRoot,
    env: { ...env, SIM_PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  };

  return new Promise((resolvePromise, reject) => {
    let ready = false;
    const timer = setTimeout(() => {
      stop();
      reject(new SimulatorStartError(`the simulator did not report "simulator listening on" within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const forward = (stream: NodeJS.ReadableStream) =>
      createInterface({ input: stream }).on('line', (line) => {
        process.stderr.write(`[sim] ${line}\n`);
        const m = READY_RE.exec(line);
        if (!ready && m?.[1]) {
          ready = true;
          clearTimeout(timer);
          resolvePromise({ child, restUrl: m[1].replace(/\/+$/, ''), stop });
        }
      });
    if (child.stdout) forward(child.stdout);
    if (child.stderr) forward(child.stderr);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new SimulatorStartError(`cannot start the simulator: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      if (!ready) {
        clearTimeout(timer);
        reject(new SimulatorStartError(`the simulator exited before it was ready (code ${code ?? 'none'}, signal ${signal ?? 'none'}); is port ${port} free?`));
      }
    });
  });
}
