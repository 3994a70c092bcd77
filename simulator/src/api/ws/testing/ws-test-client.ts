// Test support: a plain `ws` client that records every frame and waits for the one a
// test expects (the timeout only keeps a broken test from hanging; nothing asserts time).
import WebSocket from 'ws';

export type Frame = Record<string, unknown> | string;

export class TestSocket {
  readonly frames: Frame[] = [];
  /** Every frame's text as received (JSON.parse would round numbers beyond 2^53). */
  readonly texts: string[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: { pred: (f: Frame) => boolean; resolve: (f: Frame) => void; from: number }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      this.texts.push(text);
      let frame: Frame = text;
      if (text.startsWith('{')) frame = JSON.parse(text) as Record<string, unknown>;
      this.frames.push(frame);
      const index = this.frames.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index >= w.from && w.pred(frame)) {
          w.resolve(frame);
          return false;
        }
        return true;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(msg: unknown): void {
    this.ws.send(typeof msg === 'string' ? msg : JSON.stringify(msg));
  }

  /** The first frame (from index `from`, default: any recorded so far) matching `pred`. */
  waitFor(pred: (f: Frame) => boolean, from = 0, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    for (let i = from; i < this.frames.length; i++) if (pred(this.frames[i]!)) return Promise.resolve(this.frames[i] as Record<string, unknown>);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame; got ${JSON.stringify(this.frames.slice(-5))}`)), timeoutMs);
      this.waiters.push({
        pred,
        from,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f as Record<string, unknown>);
        },
      });
    });
  }

  /** Waits until `n` frames matching `pred` were received; returns them. */
  async waitForCount(pred: (f: Frame) => boolean, n: number, timeoutMs = 30_000): Promise<Record<string, unknown>[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.filter(pred) as Record<string, unknown>[];
      if (found.length >= n) return found;
      if (Date.now() > deadline) throw new Error(`only ${found.length} of ${n} frames arrived`);
      await new Promise((r) => setTimeout(r, 5));
    }
  }

  /** Sends `ping` and waits for its `pong`: every frame the server sent before it has arrived. */
  async sync(): Promise<void> {
    const from = this.frames.length;
    this.send('ping');
    await this.waitFor((f) => f === 'pong', from);
  }

  close(): void {
    this.ws.close();
  }
}

export const isEvent = (event: string) => (f: Frame) => typeof f === 'object' && f.event === event;
export const isPush = (topic: string) => (f: Frame) => typeof f === 'object' && (f.arg as { topic?: string } | undefined)?.topic === topic && 'data' in f;
