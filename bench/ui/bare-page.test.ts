import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { BarePage } from './bare-page';

interface Command {
  id: number;
  method: string;
  params: Record<string, unknown>;
}

/** A stand-in for a page's DevTools socket: `answer` decides each command's reply. */
async function fakeTarget(answer: (cmd: Command, peer: WebSocket) => object | null) {
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const seen: Command[] = [];
  server.on('connection', (peer) => {
    peer.on('message', (data) => {
      const cmd = JSON.parse(String(data)) as Command;
      seen.push(cmd);
      const reply = answer(cmd, peer);
      if (reply !== null) peer.send(JSON.stringify({ id: cmd.id, ...reply }));
    });
  });
  const { port } = server.address() as { port: number };
  const page = await BarePage.connect(`ws://127.0.0.1:${port}`, 'T1');
  return { server, page, seen };
}

const servers: WebSocketServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    for (const c of s.clients) c.terminate();
    await new Promise((r) => s.close(r));
  }
});

async function target(answer: (cmd: Command, peer: WebSocket) => object | null) {
  const t = await fakeTarget(answer);
  servers.push(t.server);
  return t;
}

describe('BarePage', () => {
  it('evaluates an expression by value and awaits promises', async () => {
    const { page, seen } = await target(() => ({ result: { result: { type: 'number', value: 42 } } }));
    await expect(page.evaluate<number>('6 * 7')).resolves.toBe(42);
    expect(seen[0]).toMatchObject({ method: 'Runtime.evaluate', params: { expression: '6 * 7', returnByValue: true, awaitPromise: true } });
  });

  it("rejects a failed command with the method's name and DevTools' message", async () => {
    const { page } = await target(() => ({ error: { code: -32601, message: "'Nope.nothing' wasn't found" } }));
    await expect(page.send('Nope.nothing')).rejects.toThrow("Nope.nothing: 'Nope.nothing' wasn't found");
  });

  it('turns an exception in the page into an error that says what it was', async () => {
    const { page } = await target(() => ({ result: { result: { type: 'object' }, exceptionDetails: { text: 'Uncaught', exception: { description: 'ReferenceError: nope is not defined' } } } }));
    await expect(page.evaluate('nope')).rejects.toThrow('evaluate failed: ReferenceError: nope is not defined');
  });

  it('resolves goto at the load event that follows the navigation', async () => {
    const { page, seen } = await target((cmd, peer) => {
      if (cmd.method === 'Page.navigate') setTimeout(() => peer.send(JSON.stringify({ method: 'Page.loadEventFired', params: { timestamp: 1 } })), 20);
      return { result: cmd.method === 'Page.navigate' ? { frameId: 'F' } : {} };
    });
    await page.goto('http://127.0.0.1/trade');
    expect(seen.map((c) => c.method)).toEqual(['Page.enable', 'Page.navigate']);
  });

  it('rejects goto with the URL and the reason when the navigation fails', async () => {
    const { page } = await target((cmd) => ({ result: cmd.method === 'Page.navigate' ? { frameId: 'F', errorText: 'net::ERR_CONNECTION_REFUSED' } : {} }));
    await expect(page.goto('http://127.0.0.1:1/')).rejects.toThrow('http://127.0.0.1:1/: net::ERR_CONNECTION_REFUSED');
  });

  it('rejects what is pending, and what comes after, when the connection drops', async () => {
    const { page } = await target((_cmd, peer) => {
      peer.terminate();
      return null;
    });
    await expect(page.send('Page.bringToFront')).rejects.toThrow(/^Page\.bringToFront: the DevTools connection closed/);
    await expect(page.send('Runtime.evaluate')).rejects.toThrow(/^Runtime\.evaluate: the DevTools connection closed/);
  });

  it('names the expression when waitFor runs out of time', async () => {
    const { page } = await target(() => ({ result: { result: { type: 'boolean', value: false } } }));
    await expect(page.waitFor('window.ready', 50, 10)).rejects.toThrow('still false after 50 ms: window.ready');
  });
});
