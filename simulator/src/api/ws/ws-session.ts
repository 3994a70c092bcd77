// What every simulator WebSocket connection shares (upstream-facts.md "WS v3"): text
// `ping` answered with `pong`; a close after the idle limit without any message; a cap of
// N messages per second per connection (past it each message is refused with 30006, and
// a client that keeps going is told 30007 and disconnected); JSON parsing with 30002 for
// anything that is not a JSON object; and a send that disconnects a consumer too slow to
// take its pushes, rather than buffering without bound.
import type { Writable } from 'node:stream';
import type WebSocket from 'ws';
import { errorMessage, type ErrorCode } from '@contract/core/errors';
import { SlidingWindowLimiter } from '../../core/sliding-window-limiter';
import type { DepthSink } from './depth-publisher';
import type { ResolvedWsOptions } from './ws-options';

export type JsonObject = Record<string, unknown>;

/** A batch of 20 orders is a few kB; anything far larger is refused with 30008. */
export const MAX_MESSAGE_CHARS = 64 * 1024;

export interface WsErrorFields {
  id?: string;
  arg?: unknown;
  /** Replaces the catalog message when more precise. */
  msg?: string;
}

let connections = 0;

export abstract class WsSession implements DepthSink {
  lastSeen = Date.now();
  /** The connection's ID, which acks and trade answers carry as `connId` (websocket.md). */
  readonly connId = `sim-${(++connections).toString(36).padStart(6, '0')}`;
  private readonly limiter: SlidingWindowLimiter;
  private readonly strikes: SlidingWindowLimiter;
  private corked: string[] | null = null;
  private closed = false;
  private socket: Writable | null = null;
  private writesHeld = false;
  private readonly releaseWrites = (): void => {
    this.writesHeld = false;
    this.socket?.uncork();
  };

  constructor(
    readonly ws: WebSocket,
    protected readonly options: ResolvedWsOptions,
  ) {
    this.limiter = new SlidingWindowLimiter({ limit: options.messagesPerSecond });
    this.strikes = new SlidingWindowLimiter({ limit: options.messagesPerSecond });
    ws.on('message', (data, isBinary) => this.receive(isBinary ? '' : data.toString()));
    ws.on('close', () => this.dispose());
    ws.on('error', () => this.dispose());
  }

  /**
   * Gathers the frames sent in one synchronous run into one socket write, released at the
   * end of that run (process.nextTick). At thousands of pushes a second a write per frame
   * is the costliest part of a push (a syscall and a wake-up of the reader each); frames,
   * their bytes and their order are unchanged, and none waits past the code that sent it.
   */
  coalesceWrites(socket: Writable): void {
    this.socket = socket;
  }

  get isOpen(): boolean {
    return !this.closed && this.ws.readyState === this.ws.OPEN;
  }

  /** Sends now, or after `uncork()` while corked. */
  send(text: string): void {
    if (this.corked !== null) {
      this.corked.push(text);
      return;
    }
    if (!this.isOpen) return;
    if (this.ws.bufferedAmount > this.options.maxBufferedBytes) {
      // A slow consumer: an incremental channel cannot skip messages, so it is cut off and
      // reconnects for fresh snapshots (the proxy relay does the same towards browsers).
      this.ws.terminate();
      this.dispose();
      return;
    }
    if (this.socket !== null && !this.writesHeld) {
      this.writesHeld = true;
      this.socket.cork();
      process.nextTick(this.releaseWrites);
    }
    this.ws.send(text);
  }

  sendJson(value: unknown): void {
    this.send(JSON.stringify(value));
  }

  sendError(code: ErrorCode, fields: WsErrorFields = {}): void {
    const out: JsonObject = { event: 'error', code, msg: fields.msg ?? errorMessage(code) };
    if (fields.id !== undefined) out.id = fields.id;
    if (fields.arg !== undefined) out.arg = fields.arg;
    this.sendJson(out);
  }

  /** Holds pushes back (e.g. while a trade op runs, so its answer goes out first). */
  cork(): void {
    this.corked ??= [];
  }

  /** Sends `first`, then whatever was held back. */
  uncorkAfter(first: string): void {
    const held = this.corked;
    this.corked = null;
    this.send(first);
    for (const text of held ?? []) this.send(text);
  }

  uncork(): void {
    const held = this.corked;
    this.corked = null;
    for (const text of held ?? []) this.send(text);
  }

  close(code = 1000, reason = ''): void {
    if (this.closed) return;
    this.ws.close(code, reason);
    this.dispose();
  }

  /** Called by the server's sweep: true when the connection was closed for silence. */
  closeIfIdle(now: number): boolean {
    if (this.closed || now - this.lastSeen <= this.options.idleMs) return false;
    this.close(4000, 'no ping within the idle limit');
    return true;
  }

  protected abstract onMessage(msg: JsonObject): void;
  protected abstract onClose(): void;

  private receive(text: string): void {
    if (this.closed) return;
    const now = Date.now();
    this.lastSeen = now;
    if (!this.limiter.tryAcquire('in', now)) {
      if (!this.strikes.tryAcquire('over', now)) {
        this.sendError('30007');
        this.close(4001, 'message rate limit');
        return;
      }
      this.sendError('30006');
      return;
    }
    if (text.length > MAX_MESSAGE_CHARS) {
      this.sendError('30008', { msg: `Message too large: ${text.length} characters, at most ${MAX_MESSAGE_CHARS}` });
      return;
    }
    if (text === 'ping') {
      this.send('pong');
      return;
    }
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.sendError('30002', { msg: 'Illegal request: not JSON (send text "ping" or a JSON object with "op")' });
      return;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.sendError('30002', { msg: 'Illegal request: expected a JSON object with "op"' });
      return;
    }
    this.onMessage(msg as JsonObject);
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.corked = null;
    this.onClose();
  }
}
