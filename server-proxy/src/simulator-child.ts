import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { messageOf } from './core/error-message';

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
  const parentWatch = resolve(repoRoot, 'server-proxy/src/simulator-parent-watch.ts');
  const tsx = resolve(repoRoot, 'node_modules/tsx');
  if (!existsSync(entry)) {
    return Promise.reject(new SimulatorStartError(`the embedded simulator is missing (${entry} does not exist); set DESK_UPSTREAM_REST to use another upstream`));
  }
  if (!existsSync(tsx)) return Promise.reject(new SimulatorStartError('node_modules/tsx is missing: run npm install'));

  // node --import tsx (not the tsx wrapper): the child IS the simulator, so stopping it
  // cannot leave a grandchild behind. Its stdin is a pipe from us that it watches
  // (simulator-parent-watch.ts): if we die, even by kill -9, it exits too.
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', parentWatch, entry, '--port', String(port)], {
    cwd: repoRoot,
    env: { ...env, SIM_PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
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

export interface SupervisorOptions {
  repoRoot: string;
  /** The first start's port (0 picks one); restarts reuse the port it got, so the proxy's upstream URL stays right. */
  port: number;
  env: NodeJS.ProcessEnv;
  log: (level: 'info' | 'warn' | 'error', obj: object, msg: string) => void;
  /** Backoff between restarts: the first wait, doubled per crash in a row up to the max. */
  restartBaseMs?: number;
  restartMaxMs?: number;
  /** Running this long counts as recovered: the next crash waits the base again. */
  stableAfterMs?: number;
}

/**
 * Keeps the embedded simulator running (issue 16 item 3). A simulator that crashes is
 * restarted with backoff on the same port while the proxy stays up and answers 502 for
 * what needs it; a start that fails (the port still held by a simulator shutting down,
 * say) counts as a crash too. stop() ends it for good.
 */
export class SimulatorSupervisor {
  #current: RunningSimulator | undefined;
  #stopped = false;
  #crashes = 0;
  #timer: NodeJS.Timeout | undefined;
  #restUrl = '';
  #port: number;

  constructor(private readonly o: SupervisorOptions) {
    this.#port = o.port;
  }

  /** The first start: it must succeed (a clear error otherwise), as before supervision. */
  async start(): Promise<RunningSimulator> {
    const sim = await startSimulator(this.o.repoRoot, this.#port, this.o.env);
    this.adopt(sim);
    this.#restUrl = sim.restUrl;
    this.#port = Number(new URL(sim.restUrl).port);
    return sim;
  }

  get restUrl(): string {
    return this.#restUrl;
  }

  /** The simulator's process id now (undefined while it is being restarted). */
  get pid(): number | undefined {
    return this.#current?.child.pid;
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#current?.stop();
  }

  private adopt(sim: RunningSimulator): void {
    this.#current = sim;
    const startedAt = Date.now();
    sim.child.once('exit', (code, signal) => {
      if (this.#current === sim) this.#current = undefined;
      if (this.#stopped) return;
      if (Date.now() - startedAt >= (this.o.stableAfterMs ?? 30_000)) this.#crashes = 0;
      this.scheduleRestart({ code, signal });
    });
  }

  private scheduleRestart(why: object): void {
    const base = this.o.restartBaseMs ?? 250;
    const wait = Math.min(this.o.restartMaxMs ?? 10_000, base * 2 ** this.#crashes);
    this.#crashes++;
    this.o.log('error', { ...why, restartInMs: wait }, 'the embedded simulator stopped; restarting it (calls answer 502 meanwhile)');
    this.#timer = setTimeout(() => {
      if (this.#stopped) return;
      startSimulator(this.o.repoRoot, this.#port, this.o.env).then(
        (sim) => {
          if (this.#stopped) return sim.stop();
          this.adopt(sim);
          this.o.log('info', { restUrl: sim.restUrl }, 'the embedded simulator is back');
        },
        (err: unknown) => {
          if (!this.#stopped) this.scheduleRestart({ err: messageOf(err) });
        },
      );
    }, wait);
  }
}
