// Issue 16 finding 3: the embedded simulator lives and dies with the proxy. A kill -9 of
// the proxy used to leave the simulator on its port, so the next start failed; a crash of
// the simulator used to make the proxy exit. Real processes, as `npm start` runs them.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from './test-support/temp-dir';

const repoRoot = resolve(import.meta.dirname, '../..');
const running: ChildProcess[] = [];

afterEach(() => {
  for (const child of running.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts the proxy as `npm start` does (embedded simulator) and resolves with its Open URL. */
async function startProxy(dataDir: string, simPort = 0): Promise<{ proxy: ChildProcess; openUrl: string }> {
  const proxy = spawn(process.execPath, ['--import', 'tsx', resolve(repoRoot, 'server-proxy/src/main.ts')], {
    cwd: repoRoot,
    // The proxy on a port the OS picks, so no other stack on this machine collides.
    env: { PATH: process.env.PATH ?? '', PORT: '0', SIM_PORT: String(simPort), DESK_DATA_DIR: dataDir, SIM_FLOW_RATE: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(proxy);
  let stderr = '';
  proxy.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const openUrl = await new Promise<string>((done, fail) => {
    createInterface({ input: proxy.stdout! }).on('line', (line) => {
      const m = /^Open (\S+)/.exec(line);
      if (m?.[1]) done(m[1]);
    });
    proxy.once('exit', (code) => fail(new Error(`the proxy exited (${code}) before it was ready: ${stderr.slice(-2000)}`)));
  });
  return { proxy, openUrl };
}

/** A port free now: the simulator's fixed port across rounds, as `npm start` uses 8090 every time. */
async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

/** The simulator the proxy started: its only child running simulator/src/main.ts. */
function simulatorPidOf(proxyPid: number): number | undefined {
  const children = readFileSync(`/proc/${proxyPid}/task/${proxyPid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  return children.find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('simulator/src/main.ts');
    } catch {
      return false;
    }
  });
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs in with the one-time URL; returns a reader of the instruments through that session. */
async function signIn(openUrl: string): Promise<() => Promise<Response>> {
  const res = await fetch(openUrl, { redirect: 'manual' });
  const cookie = String(res.headers.get('set-cookie')).split(';')[0]!;
  return () => fetch(`${new URL(openUrl).origin}/api/v3/public/instruments?category=SPOT`, { headers: { cookie } });
}

describe('the embedded simulator lives and dies with the proxy', () => {
  it('kill -9 of the proxy takes the simulator with it; start / kill -9 comes back 5 times in a row', async () => {
    const dataDir = tempDir('desk-cycle-');
    // The same simulator port every round: an orphan left on it would make the next start fail.
    const simPort = await freePort();
    for (let round = 1; round <= 5; round++) {
      const { proxy, openUrl } = await startProxy(dataDir, simPort);
      const instruments = await signIn(openUrl);
      expect((await instruments()).status, `round ${round}`).toBe(200);
      const sim = simulatorPidOf(proxy.pid!);
      expect(sim, `round ${round}: the simulator is the proxy's child`).toBeDefined();
      proxy.kill('SIGKILL');
      await until(`round ${round}: the simulator to exit after its proxy`, () => (alive(sim!) ? undefined : true), 10_000);
    }
  }, 240_000);

  it('a simulator crash gives 502s and a restart, not a proxy exit', async () => {
    const { proxy, openUrl } = await startProxy(tempDir('desk-crash-'));
    const instruments = await signIn(openUrl);
    expect((await instruments()).status).toBe(200);
    const first = simulatorPidOf(proxy.pid!)!;
    process.kill(first, 'SIGKILL');
    const down = await until('a 502 while the simulator is down', async () => {
      const res = await instruments();
      return res.status === 502 ? ((await res.json()) as { code: string }) : undefined;
    });
    expect(down.code).toBe('DESK502');
    await until('the simulator to be back', async () => ((await instruments()).status === 200 ? true : undefined), 60_000);
    expect(proxy.exitCode).toBeNull();
    const second = simulatorPidOf(proxy.pid!);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  }, 120_000);
});
