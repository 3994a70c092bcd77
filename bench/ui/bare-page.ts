// The page the ui bench measures, driven over a bare DevTools connection: the Runtime and
// Page domains, nothing else.
//
// Why not a Playwright page: Playwright turns on the Network domain of every page it
// drives, so Chromium copies every WebSocket frame the page receives, payload and all, to
// the test driver. At 5,000 book pushes a second that copy cost about a third of a core
// on the 2-core bench machine (the browser process, its DevTools pipe and the driver
// itself; /proc per thread: 141% of a core in all with a Playwright page, 108% without),
// and it competed for the CPU with the page it was measuring. A user's browser has no
// DevTools attached at all.
//
// The browser is still the one Playwright launched (BENCHMARKS.md "ui"), with
// --remote-debugging-port: a page opened through that port lives outside Playwright's
// browser contexts, and Playwright attaches only to pages of its own contexts.
import WebSocket from 'ws';

interface Pending {
  method: string;
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface CdpMessage {
  id?: number;
  method?: string;
  result?: unknown;
  error?: { message?: string };
}

interface EvaluateResult {
  result?: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

export class BarePage {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners = new Map<string, ((params: unknown) => void)[]>();
  private closedBecause: string | null = null;

  private constructor(
    private readonly socket: WebSocket,
    /** The target's id, for closing it through the debugging port. */
    readonly targetId: string,
    private readonly debugBase: string,
  ) {
    socket.on('message', (data) => this.receive(String(data)));
    socket.on('close', () => this.fail('the DevTools connection closed'));
    socket.on('error', (err) => this.fail(`the DevTools connection failed: ${err.message}`));
  }

  /** Opens a new blank page through the browser's debugging port and connects to it. */
  static async open(debugPort: number, host = '127.0.0.1'): Promise<BarePage> {
    const base = `http://${host}:${debugPort}`;
    const res = await fetch(`${base}/json/new?about:blank`, { method: 'PUT' });
    if (!res.ok) throw new Error(`opening a page through ${base} failed: HTTP ${res.status}`);
    const target = (await res.json()) as { id?: string; webSocketDebuggerUrl?: string };
    if (!target.id || !target.webSocketDebuggerUrl) throw new Error(`opening a page through ${base}: no target in the answer`);
    return BarePage.connect(target.webSocketDebuggerUrl, target.id, base);
  }

  /** Connects to a target's DevTools socket (open() finds one; tests pass their own). */
  static async connect(url: string, targetId: string, debugBase = ''): Promise<BarePage> {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new BarePage(socket, targetId, debugBase);
  }

  /** One DevTools command; rejects with the method's name and DevTools' message. */
  send<T = unknown>(method: string, params: object = {}): Promise<T> {
    if (this.closedBecause !== null) return Promise.reject(new Error(`${method}: ${this.closedBecause}`));
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { method, resolve: resolve as (r: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  /** Calls `fn` with each event `method` brings; returns a function that stops it. */
  on(method: string, fn: (params: unknown) => void): () => void {
    const list = this.listeners.get(method) ?? [];
    list.push(fn);
    this.listeners.set(method, list);
    return () => {
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    };
  }

  /** The value of a JavaScript expression in the page (a promise is awaited). */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.send<EvaluateResult>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true });
    if (r.exceptionDetails) {
      const why = r.exceptionDetails.exception?.description ?? r.exceptionDetails.text ?? 'an exception';
      throw new Error(`evaluate failed: ${why}`);
    }
    return r.result?.value as T;
  }

  /** Runs `source` in every new document of the page, before its own scripts. */
  async addInitScript(source: string): Promise<void> {
    await this.send('Page.addScriptToEvaluateOnNewDocument', { source });
  }

  /** Navigates and resolves at the final document's load event (redirects included). */
  async goto(url: string, timeoutMs = 60_000): Promise<void> {
    await this.send('Page.enable');
    let off = () => {};
    let timer: NodeJS.Timeout | undefined;
    const loaded = new Promise<void>((resolve, reject) => {
      off = this.on('Page.loadEventFired', () => resolve());
      timer = setTimeout(() => reject(new Error(`${url}: no load event in ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const nav = await this.send<{ errorText?: string }>('Page.navigate', { url });
      if (nav.errorText) throw new Error(`${url}: ${nav.errorText}`);
      await loaded;
    } finally {
      off();
      clearTimeout(timer);
    }
  }

  /** Polls `expression` until it is truthy; the error names it when time runs out. */
  async waitFor(expression: string, timeoutMs = 60_000, everyMs = 100): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (await this.evaluate<boolean>(`Boolean(${expression})`)) return;
      if (Date.now() > deadline) throw new Error(`still false after ${timeoutMs} ms: ${expression}`);
      await new Promise((r) => setTimeout(r, everyMs));
    }
  }

  async bringToFront(): Promise<void> {
    await this.send('Page.bringToFront');
  }

  /** Closes the page (through the debugging port when there is one) and the connection. */
  async close(): Promise<void> {
    if (this.debugBase) await fetch(`${this.debugBase}/json/close/${this.targetId}`).catch(() => undefined);
    this.socket.close();
  }

  private receive(text: string): void {
    let msg: CdpMessage;
    try {
      msg = JSON.parse(text) as CdpMessage;
    } catch {
      return; // DevTools sends JSON only; anything else is not ours to answer
    }
    if (msg.id !== undefined) {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message ?? 'DevTools error'}`));
      else p.resolve(msg.result);
      return;
    }
    if (msg.method !== undefined) for (const fn of this.listeners.get(msg.method) ?? []) fn((msg as { params?: unknown }).params);
  }

  private fail(why: string): void {
    if (this.closedBecause !== null) return;
    this.closedBecause = why;
    for (const p of this.pending.values()) p.reject(new Error(`${p.method}: ${why}`));
    this.pending.clear();
  }
}
