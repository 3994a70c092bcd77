// One reconnecting WebSocket to the exchange (or the simulator).
//
// - Heartbeat: text 'ping' every upstreamPingMs; upstream answers 'pong' and closes a
//   socket that is silent for 2 minutes (upstream-facts "WS v3"). Two pings without a pong
//   mean a dead link, which is terminated and replaced.
// - Pacing: upstream allows 10 messages per second per connection, so sends pass a token
//   bucket; callers coalesce subscriptions into few messages.
// - Reconnect: jittered exponential backoff, reset once the owner says the link is ready
//   (for a private link that is after login). The owner re-logs in and resubscribes in
//   onOpen; browser sockets are not touched.

import WebSocket from 'ws';
import type { RelayClock, RelayLimits, RelayLogger } from './ws-relay-types';

export interface UpstreamHandlers {
  /** A new socket is open: log in or resubscribe here. */
  onOpen(): void;
  onMessage(data: Buffer): void;
  /** The socket went away; a reconnect is scheduled unless the link was closed for good. */
  onDown(reason: string): void;
}

type UpstreamLimits = Pick<RelayLimits, 'upstreamPingMs' | 'reconnectBaseMs' | 'reconnectMaxMs' | 'upstreamMsgsPerSecond'>;

const PING = 'ping';
const MISSED_PONGS_LIMIT = 2;

export class UpstreamLink {
  private socket: WebSocket | null = null;
  private closedForGood = false;
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;
  private missedPongs = 0;
  private tokens: number;
  private lastRefill: number;
  private readonly outbox: string[] = [];
  private outboxTimer: NodeJS.Timeout | null = null;
  /** Sockets opened so far; the tests and the log use it to tell reconnects apart. */
  connects = 0;

  constructor(
    private readonly url: string,
    private readonly name: string,
    private readonly limits: UpstreamLimits,
    private readonly logger: RelayLogger,
    private readonly clock: RelayClock,
    private readonly handlers: UpstreamHandlers,
  ) {
    this.tokens = limits.upstreamMsgsPerSecond;
    this.lastRefill = clock.now();
  }

  get isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === WebSocket.OPEN;
  }

  /** Messages waiting for the rate limit. */
  get backlog(): number {
    return this.outbox.length;
  }

  start(): void {
    if (this.closedForGood || this.socket !== null) return;
    this.connects++;
    const socket = new WebSocket(this.url, { perMessageDeflate: false });
    this.socket = socket;
    socket.on('open', () => {
      if (this.socket !== socket) return;
      this.missedPongs = 0;
      this.outbox.length = 0;
      this.pingTimer = setInterval(() => this.heartbeat(socket), this.limits.upstreamPingMs);
      this.handlers.onOpen();
    });
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (this.socket !== socket || isBinary) return;
      if (data.length === 4 && data.toString() === 'pong') {
        this.missedPongs = 0;
        return;
      }
      this.handlers.onMessage(data);
    });
    socket.on('error', (err) => {
      // 'close' follows; the error text names the URL only, never a key.
      this.logger.warn({ upstream: this.name, err: err.message }, 'upstream websocket error');
    });
    socket.on('close', (code) => this.lost(socket, `closed (${code})`));
  }

  /**
   * Sends now if the rate limit allows, else in order as tokens come back. While the link
   * is down this drops the message: owners replay their whole state in onOpen instead.
   */
  send(text: string): void {
    if (!this.isOpen) return;
    this.outbox.push(text);
    this.drainOutbox();
  }

  /** Drops the current socket and reconnects (e.g. after a state the owner cannot repair). */
  restart(reason: string): void {
    const socket = this.socket;
    if (socket !== null) {
      socket.terminate();
      this.lost(socket, reason);
    }
  }

  /** The owner finished setting the link up (logged in): the backoff starts over. */
  markReady(): void {
    this.attempt = 0;
  }

  /** Closes for good: no reconnect. terminate(), not close(): nothing is left half-closed. */
  close(): void {
    this.closedForGood = true;
    this.clearTimers();
    this.outbox.length = 0;
    const socket = this.socket;
    this.socket = null;
    socket?.terminate();
  }

  private heartbeat(socket: WebSocket): void {
    if (this.missedPongs >= MISSED_PONGS_LIMIT) {
      this.logger.warn({ upstream: this.name }, 'upstream missed 2 pongs; reconnecting');
      socket.terminate();
      this.lost(socket, 'missed pongs');
      return;
    }
    this.missedPongs++;
    // The heartbeat jumps the queue: a backlog of subscriptions must not starve it.
    if (this.takeToken()) socket.send(PING);
    else this.outbox.unshift(PING);
  }

  private lost(socket: WebSocket, reason: string): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimers();
    // Queued messages belonged to the old session; the owner replays its state in onOpen.
    this.outbox.length = 0;
    this.handlers.onDown(reason);
    if (this.closedForGood) return;
    const cap = Math.min(this.limits.reconnectMaxMs, this.limits.reconnectBaseMs * 2 ** this.attempt);
    this.attempt = Math.min(this.attempt + 1, 30);
    // "Equal jitter": never immediately, never all browsers' proxies in lockstep.
    const delay = cap / 2 + Math.random() * (cap / 2);
    this.logger.info({ upstream: this.name, reason, delayMs: Math.round(delay) }, 'upstream down; reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.start();
    }, delay);
  }

  private drainOutbox(): void {
    const socket = this.socket;
    if (socket === null || socket.readyState !== WebSocket.OPEN) return;
    while (this.outbox.length > 0 && this.takeToken()) socket.send(this.outbox.shift()!);
    if (this.outbox.length > 0 && this.outboxTimer === null) {
      const wait = Math.ceil(1000 / this.limits.upstreamMsgsPerSecond);
      this.outboxTimer = setTimeout(() => {
        this.outboxTimer = null;
        this.drainOutbox();
      }, wait);
    }
  }

  private takeToken(): boolean {
    const now = this.clock.now();
    const rate = this.limits.upstreamMsgsPerSecond;
    this.tokens = Math.min(rate, this.tokens + ((now - this.lastRefill) * rate) / 1000);
    this.lastRefill = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  private clearTimers(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    if (this.outboxTimer !== null) clearTimeout(this.outboxTimer);
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.pingTimer = null;
    this.outboxTimer = null;
    this.reconnectTimer = null;
  }
}
