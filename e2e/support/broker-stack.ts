// A stack of its own for the broker job test: a simulator process and a proxy process
// pointed at it (as `npm run proxy` against a real exchange), so the proxy can be killed
// with SIGKILL and started again on the same data directory while the simulator keeps
// what it received. global-setup's stack cannot do that: its simulator dies with its proxy.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const OPEN_LINE = /^Open (http:\/\/127\.0\.0\.1:\d+\/\S+)$/m;
const tsx = path.resolve('node_modules/.bin/tsx');

function waitForLine(child: ChildProcess, re: RegExp, what: string, ms = 60_000): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${what} printed nothing matching ${re} within ${ms / 1000} s:\n${out}`)), ms);
    const onData = (chunk: Buffer) => {
      out += chunk.toString('utf8');
      const m = re.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (code ${code}, signal ${signal}):\n${out}`));
    });
  });
}

export class BrokerStack {
  private sim: ChildProcess | undefined;
  private proxy: ChildProcess | undefined;
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'desk-broker-job-'));
  /** The one-time login URL of the latest proxy start. */
  openUrl = '';

  constructor(
    readonly port: number,
    readonly simPort: number,
  ) {}

  get baseURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  get simURL(): string {
    return `http://127.0.0.1:${this.simPort}`;
  }

  async start(): Promise<void> {
    // Each in its own process group: tsx runs the program in a child node process, and a
    // kill must reach that one (a SIGKILL to tsx alone would leave it listening).
    this.sim = spawn(tsx, ['e2e/support/broker-sim-main.ts', '--port', String(this.simPort)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIM_FLOW_RATE: '0' }, detached: true });
    await waitForLine(this.sim, /simulator listening/, 'the simulator');
    await this.startProxy();
  }

  async startProxy(): Promise<void> {
    const ws = `ws://127.0.0.1:${this.simPort}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DESK_DATA_DIR: this.dataDir,
      DESK_UPSTREAM_REST: this.simURL,
      DESK_UPSTREAM_WS_PUBLIC: `${ws}/v3/ws/public`,
      DESK_UPSTREAM_WS_PRIVATE: `${ws}/v3/ws/private`,
      // The simulator's ND broker main account, as the desk's one account "main".
      DESK_API_KEY: 'demo-broker-key',
      DESK_API_SECRET: 'demo-broker-secret',
      DESK_API_PASSPHRASE: 'demo-broker-pass',
      DESK_API_UID: '3000001',
    };
    for (const name of ['DESK_CONFIG', 'DESK_KEY_FILE']) delete env[name];
    this.proxy = spawn(tsx, ['server-proxy/src/main.ts', '--upstream'], { stdio: ['ignore', 'pipe', 'pipe'], env, detached: true });
    const m = await waitForLine(this.proxy, OPEN_LINE, 'the proxy');
    this.openUrl = m[1]!;
  }

  /** kill -9 of the proxy alone (its process group); resolves once its port is free. */
  async killProxy(): Promise<void> {
    const p = this.proxy;
    if (!p || p.exitCode !== null) return;
    const gone = new Promise<void>((r) => p.once('exit', () => r()));
    killGroup(p);
    await gone;
    for (let i = 0; i < 100; i++) {
      const free = await fetch(`${this.baseURL}/auth/me`).then(
        () => false,
        () => true,
      );
      if (free) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`port ${this.port} is still answering after the SIGKILL`);
  }

  async receivedBySub(): Promise<Record<string, number>> {
    const res = await fetch(`${this.simURL}/__test/broker-received`);
    return (await res.json()) as Record<string, number>;
  }

  stop(): void {
    for (const p of [this.proxy, this.sim]) if (p) killGroup(p);
  }
}

function killGroup(p: ChildProcess): void {
  if (p.pid === undefined) return;
  try {
    process.kill(-p.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
