// One manager per browser socket to the proxy (/ws/public, /ws/private?account=NAME).
// It owns the socket's whole life: reference-counted subscriptions, heartbeats,
// reconnects with jittered backoff, resubscription, and trade ops matched to their
// answers by id. Transport lives here so no component ever touches a WebSocket
// (STYLE.md anti-pattern: data transport inside a component). Over 400 lines on purpose:
// these are one state machine over one socket, and each part reads the others' state.
import type { z } from 'zod';
import { quoteLongSequences } from '@contract/book/sequence';
import { CLOSE_BRACE, CLOSE_BRACKET, COLON, COMMA, OPEN_BRACE, OPEN_BRACKET } from '@contract/core/json-chars';
import { isJsonSpace, skipSpace, valueEnd } from '@contract/core/json-text';
import { checkTradeOp, wsTradeAnswer, type WsTradeAnswer, type wsTradeRequest } from '@contract/schemas/ws-private';
import { firstProblem } from '@contract/core/validation';
import { DeskApiError, clientErrorCodes } from '@web/lib/api/api-error';
import { badInput } from '@web/lib/bad-input/bad-input-store';
import { backoffDelay } from './backoff';
import { browserEnvironment, type ConnectionEnvironment } from './connection-environment';
import type { ConnectionStatus } from './connection-status';
import { SubscriptionRegistry, subscriptionKey, type SubscriptionArg, type TextReader } from './subscription-registry';

// Method-style signature so the DOM's WebSocket (handlers take specific Event types)
// fits, the same bivariance trick React's own typings use.
type Handler<E> = { bivarianceHack(ev: E): void }['bivarianceHack'];

/** The part of the WebSocket API we use, so tests can inject a fake class. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<unknown> | null;
  onerror: Handler<unknown> | null;
}
export type WebSocketFactory = new (url: string) => WebSocketLike;

/** A decoded frame from the exchange (through the proxy); channel schemas validate further. */
export type SocketMessage = Record<string, unknown>;
export type MessageListener = (message: SocketMessage) => void;

/** A trade op as spec 6.4 describes it (contract schema); `id` is filled in when absent. */
export type TradeOp = Omit<z.input<typeof wsTradeRequest>, 'op' | 'id'> & { id?: string };

export interface SocketConnectionOptions {
  url: () => string;
  WebSocketImpl: WebSocketFactory;
  /** Private socket: wait for the proxy's `{event:'login', code:0}` before subscribing. */
  awaitLogin: boolean;
  environment?: ConnectionEnvironment;
  random?: () => number;
  onStatus?: (status: ConnectionStatus) => void;
  /** Upstream closes after 2 min of silence and expects a ping about every 30 s. */
  pingIntervalMs?: number;
  /** No message this long after a ping: the socket is shown as stale. */
  staleAfterMs?: number;
  /** Still nothing this long after turning stale: the socket is dropped and reopened. */
  deadAfterStaleMs?: number;
  tradeTimeoutMs?: number;
  /** Channels per subscribe message on resubscription (upstream caps 10 messages/s per connection). */
  resubscribeChunk?: number;
  /**
   * The proxy closed the socket on purpose and said why (codes 4000+, e.g. 4401 "session
   * ended: signed out", 4429 "too many private sockets"): the app shows the reason.
   */
  onClosedByDesk?: (code: number, reason: string) => void;
}

const OPEN = 1;

interface PendingTrade {
  resolve: (answer: WsTradeAnswer) => void;
  reject: (error: DeskApiError) => void;
  timer: ReturnType<typeof setTimeout>;
}

export class SocketConnection {
  private readonly opts: Required<Omit<SocketConnectionOptions, 'onStatus' | 'onClosedByDesk'>> & Pick<SocketConnectionOptions, 'onStatus' | 'onClosedByDesk'>;
  private readonly registry = new SubscriptionRegistry<MessageListener>();
  private readonly reconnectHooks = new Set<() => void>();
  private readonly messageHooks = new Set<MessageListener>();
  private readonly pending = new Map<string, PendingTrade>();
  /** Channel keys of the arg texts seen, so a push's arg is matched without parsing it (channelKeyAt). */
  private argKeys: { text: string; key: string | null }[] = [];
  private ws: WebSocketLike | null = null;
  private started = false;
  private ready = false;
  /** The proxy said its upstream link is down (see handleRelayStatus). */
  private relayDown = false;
  private everReady = false;
  private attempt = 0;
  private nextTradeId = 1;
  private currentStatus: ConnectionStatus = 'idle';
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private staleTimer: ReturnType<typeof setTimeout> | null = null;
  private deadTimer: ReturnType<typeof setTimeout> | null = null;
  private detachEnvironment: (() => void) | null = null;

  constructor(options: SocketConnectionOptions) {
    this.opts = {
      environment: browserEnvironment(),
      random: Math.random,
      pingIntervalMs: 25_000,
      staleAfterMs: 10_000,
      deadAfterStaleMs: 10_000,
      tradeTimeoutMs: 15_000,
      resubscribeChunk: 10,
      ...options,
    };
  }

  get status(): ConnectionStatus {
    return this.currentStatus;
  }

  /** True once the socket is open (and, on the private socket, logged in upstream). */
  get isReady(): boolean {
    return this.ready;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const env = this.opts.environment;
    const offs = [
      env.on('online', () => this.handleOnline()),
      env.on('offline', () => this.handleOffline()),
      env.on('visible', () => this.handleVisible()),
    ];
    this.detachEnvironment = () => offs.forEach((off) => off());
    if (!env.isOnline()) {
      this.setStatus('offline');
      return;
    }
    this.connect();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.detachEnvironment?.();
    this.detachEnvironment = null;
    this.clearReconnectTimer();
    this.drop(clientErrorCodes.wsClosed, 'the connection was closed');
    this.everReady = false;
    this.attempt = 0;
    this.setStatus('idle');
  }

  /**
   * Drop the current socket and connect again at once, e.g. after the account changed
   * the private URL. Subscriptions survive and are sent again on the new socket.
   */
  restart(): void {
    if (!this.started) return;
    this.clearReconnectTimer();
    this.drop(clientErrorCodes.wsClosed, 'the connection was restarted');
    this.everReady = false;
    this.attempt = 0;
    if (this.opts.environment.isOnline()) this.connect();
    else this.setStatus('offline');
  }

  /**
   * Listen to a channel; returns the function that stops listening. `readText`, when
   * given, may take the channel's pushes straight from the frame's text instead (the book
   * pipeline: readFrameText); what it declines reaches `listener` parsed, as always.
   */
  subscribe(arg: SubscriptionArg, listener: MessageListener, readText?: TextReader): () => void {
    const registration = this.registry.add(arg, listener, readText);
    if (registration.first && this.ready) this.sendJson({ op: 'subscribe', args: [arg] });
    return () => {
      const { last } = registration.release();
      if (last && this.ready) this.sendJson({ op: 'unsubscribe', args: [arg] });
    };
  }

  /** Ask for a fresh snapshot of a channel (book gap or checksum mismatch). */
  resubscribe(arg: SubscriptionArg): void {
    if (!this.ready || !this.registry.has(arg)) return;
    this.sendJson({ op: 'unsubscribe', args: [arg] });
    this.sendJson({ op: 'subscribe', args: [arg] });
  }

  /**
   * Called after every reconnect (not the first connect), once subscriptions are
   * sent again: the app refetches what pushes may have missed (spec 4.7 rule 1).
   */
  onReconnect(hook: () => void): () => void {
    this.reconnectHooks.add(hook);
    return () => this.reconnectHooks.delete(hook);
  }

  /** Every decoded frame, for diagnostics and for messages without an `arg`. */
  onMessage(hook: MessageListener): () => void {
    this.messageHooks.add(hook);
    return () => this.messageHooks.delete(hook);
  }

  /**
   * Send a trade op (spec 6.4) and settle with its answer: resolves with the
   * `event:'trade'` answer whose code is 0 (batch answers carry a code per order,
   * spec 7.3), rejects with DeskApiError on `event:'error'`, a non-zero code, a closed
   * socket or a timeout. An invalid op is refused before sending, naming the field.
   * Trade ops are never queued across reconnects: an order sent twice is worse than
   * an order refused once.
   */
  send(op: TradeOp): Promise<WsTradeAnswer> {
    const checked = checkTradeOp({ op: 'trade', id: 'pending', ...op });
    if (!checked.ok) {
      return Promise.reject(new DeskApiError({ code: clientErrorCodes.invalidRequest, msg: `${checked.field}: ${checked.message}; nothing was sent`, status: 0, field: checked.field }));
    }
    if (!this.ready || !this.ws) {
      return Promise.reject(new DeskApiError({ code: clientErrorCodes.wsNotConnected, msg: 'not connected; nothing was sent', status: 0 }));
    }
    const id = op.id ?? `t${Date.now().toString(36)}${(this.nextTradeId++).toString(36)}`;
    if (this.pending.has(id)) {
      return Promise.reject(new DeskApiError({ code: clientErrorCodes.wsDuplicateId, msg: `a trade op with id ${id} is already waiting; nothing was sent`, status: 0, field: 'id' }));
    }
    return new Promise<WsTradeAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new DeskApiError({ code: clientErrorCodes.wsTimeout, msg: 'no answer in time; the outcome is unknown', status: 0 }));
      }, this.opts.tradeTimeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.sendJson({ op: 'trade', ...op, id });
    });
  }

  // --- lifecycle -------------------------------------------------------------

  private connect(): void {
    this.clearReconnectTimer();
    this.setStatus(this.everReady ? 'reconnecting' : 'connecting');
    let ws: WebSocketLike;
    try {
      ws = new this.opts.WebSocketImpl(this.opts.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (ws !== this.ws) return;
      if (!this.opts.awaitLogin) this.becomeReady();
    };
    ws.onmessage = (ev) => {
      if (ws === this.ws) this.handleMessage(ev.data);
    };
    ws.onclose = (ev) => {
      if (ws !== this.ws) return;
      const { code, reason } = (ev ?? {}) as { code?: unknown; reason?: unknown };
      if (typeof code === 'number' && code >= 4000 && typeof reason === 'string' && reason !== '') this.opts.onClosedByDesk?.(code, reason);
      this.handleClose();
    };
    ws.onerror = () => {
      // A close event always follows; reconnecting is decided there.
    };
  }

  private becomeReady(): void {
    this.ready = true;
    // On the private socket, the proxy's login event means its upstream link is up.
    this.relayDown = false;
    this.attempt = 0;
    this.setStatus('connected');
    const args = this.registry.args();
    for (let i = 0; i < args.length; i += this.opts.resubscribeChunk) {
      this.sendJson({ op: 'subscribe', args: args.slice(i, i + this.opts.resubscribeChunk) });
    }
    this.startHeartbeat();
    const wasReady = this.everReady;
    this.everReady = true;
    if (wasReady) for (const hook of [...this.reconnectHooks]) hook();
  }

  private handleMessage(data: unknown): void {
    this.noteAlive();
    if (typeof data !== 'string' || data === 'pong') return;
    // Diagnostic hooks see every message decoded, so with one attached every frame is parsed.
    if (this.registry.readsText && this.messageHooks.size === 0 && this.readFrameText(data)) return;
    let message: unknown;
    try {
      // Depth seq/pseq beyond 2^53 (live) become digits first, or JSON.parse would round them.
      message = JSON.parse(quoteLongSequences(data));
    } catch {
      return;
    }
    // A batching relay (`?batch=1`, server-proxy ws-send-queue.ts) joins one burst's
    // messages into one frame as a JSON array; the exchange itself never sends an array.
    if (Array.isArray(message)) {
      for (const m of message) this.dispatch(m);
    } else {
      this.dispatch(message);
    }
  }

  /**
   * A frame read without parsing what a text reader takes (issue 23 item 2: JSON.parse
   * was most of a book push's cost). A frame is one message or a batch (a JSON array);
   * each message whose channel has a text reader is offered to it, and every other one,
   * or one it declines, is parsed on its own and dispatched, in the frame's order.
   * Returns false to leave the whole frame to JSON.parse (it is neither shape, or nothing
   * was read yet when something did not fit).
   * A frame that is not JSON at all was dropped whole, and still is when that shows at its
   * ends (cut short) or before any message is read; broken after a message was read, the
   * messages before the break are kept and the rest dropped. Upstream and the proxy send
   * JSON, so that differs on corrupt frames only.
   */
  private readFrameText(text: string): boolean {
    const first = skipSpace(text, 0);
    let last = text.length - 1;
    while (last > first && isJsonSpace(text.charCodeAt(last))) last--;
    const open = text.charCodeAt(first);
    if (open === OPEN_BRACE) return text.charCodeAt(last) === CLOSE_BRACE && this.readPushText(text, first) >= 0;
    if (open !== OPEN_BRACKET || text.charCodeAt(last) !== CLOSE_BRACKET) return false;
    let i = skipSpace(text, first + 1);
    if (i === last) return true; // []: nothing to dispatch
    let done = false;
    for (;;) {
      let end = this.readPushText(text, i);
      if (end < 0) {
        end = valueEnd(text, i);
        let message: unknown;
        try {
          if (end < 0) return done;
          message = JSON.parse(quoteLongSequences(text.slice(i, end)));
        } catch {
          return done;
        }
        this.dispatch(message);
      }
      done = true;
      i = skipSpace(text, end);
      if (text.charCodeAt(i) !== COMMA) return true; // the closing bracket (checked above), or a break
      i = skipSpace(text, i + 1);
    }
  }

  /** Offers the message at text[i] to its channel's text reader: the index past it, or -1 when not taken. */
  private readPushText(text: string, i: number): number {
    // Upstream writes the arg first ({"arg":{...},"action":...}); a push spelt otherwise is parsed.
    if (text.charCodeAt(i) !== OPEN_BRACE) return -1;
    let j = skipSpace(text, i + 1);
    if (!text.startsWith('"arg"', j)) return -1;
    j = skipSpace(text, j + 5);
    if (text.charCodeAt(j) !== COLON) return -1;
    j = skipSpace(text, j + 1);
    if (text.charCodeAt(j) !== OPEN_BRACE) return -1;
    const key = this.channelKeyAt(text, j);
    const read = key === null ? undefined : this.registry.textReaderOf(key);
    return read === undefined ? -1 : read(text, i);
  }

  /**
   * The subscriptionKey of the arg object starting at text[start]. Upstream spells a
   * channel's arg the same way every time, so its text is looked up among those seen
   * (startsWith: no string per message; an object's text ends at its own closing brace,
   * so one seen cannot be the start of a longer one) and parsed only when new.
   */
  private channelKeyAt(text: string, start: number): string | null {
    for (const known of this.argKeys) if (text.startsWith(known.text, start)) return known.key;
    const end = valueEnd(text, start);
    if (end < 0) return null;
    const argText = text.slice(start, end);
    let key: string | null = null;
    try {
      const arg: unknown = JSON.parse(argText);
      if (typeof arg === 'object' && arg !== null && !Array.isArray(arg)) key = subscriptionKey(arg as Record<string, unknown>);
    } catch {
      key = null;
    }
    // Only what was subscribed is echoed; an upstream inventing spellings just empties the list now and then.
    if (this.argKeys.length >= 64) this.argKeys = [];
    this.argKeys.push({ text: argText, key });
    return key;
  }

  private dispatch(message: unknown): void {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return;
    const msg = message as SocketMessage;
    const event = msg.event;
    if (event === 'login') {
      if (String(msg.code) === '0' && !this.ready) this.becomeReady();
    } else if ((event === 'trade' || event === 'error') && typeof msg.id === 'string' && this.pending.has(msg.id)) {
      this.settleTrade(msg.id, msg);
    } else if (event === 'relay') {
      // The proxy's word on its own link upstream: this connection's business, not a push.
      this.handleRelayStatus(msg.status);
      return;
    }
    const arg = msg.arg;
    if (typeof arg === 'object' && arg !== null && !Array.isArray(arg)) {
      const channel = arg as Record<string, unknown>;
      // Listeners take pushes only: a subscribe or unsubscribe ack carries the arg but no data.
      if (event === undefined) for (const listener of this.registry.listenersOf(channel)) listener(msg);
      else if (event === 'error') badInput.report(String(channel.topic ?? 'channel'), 'event', `the subscription was refused: ${String(msg.code ?? '')} ${String(msg.msg ?? '')}`.trim());
    }
    for (const hook of [...this.messageHooks]) hook(msg);
  }

  /**
   * `{"event":"relay","status":"reconnecting"|"connected"}`: the proxy's link upstream
   * dropped, or is back (logged in again and resubscribed), while this socket stayed open.
   * Meanwhile no data flows, so the socket shows 'reconnecting'; once it is back, pushes
   * sent meanwhile are lost, so the app refetches exactly as after a reconnect of its own
   * (the order channel has no snapshot: spec 4.7 rule 1).
   */
  private handleRelayStatus(status: unknown): void {
    if (status === 'reconnecting') {
      this.relayDown = true;
      if (this.ready) this.setStatus('reconnecting');
    } else if (status === 'connected') {
      const wasDown = this.relayDown;
      this.relayDown = false;
      if (!this.ready) return;
      this.setStatus('connected');
      if (wasDown) for (const hook of [...this.reconnectHooks]) hook();
    }
  }

  private settleTrade(id: string, msg: SocketMessage): void {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    clearTimeout(entry.timer);
    if (msg.event === 'trade' && String(msg.code ?? '0') === '0') {
      const answer = wsTradeAnswer.safeParse(msg);
      if (answer.success) entry.resolve(answer.data);
      else {
        const { field, message } = firstProblem(answer.error);
        badInput.report(`trade ${String(msg.topic)}`, field, message);
        entry.reject(new DeskApiError({ code: clientErrorCodes.badResponse, msg: `the trade answer has an unexpected ${field} (${message}); the outcome is unknown`, status: 0, field }));
      }
    } else {
      entry.reject(new DeskApiError({ code: String(msg.code ?? 'unknown'), msg: typeof msg.msg === 'string' ? msg.msg : 'trade op refused', status: 0 }));
    }
  }

  private handleClose(): void {
    this.drop(clientErrorCodes.wsClosed, 'the connection closed before the answer; the outcome is unknown');
    if (!this.started) return;
    if (!this.opts.environment.isOnline()) {
      this.setStatus('offline');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.clearReconnectTimer();
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt++, this.opts.random);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.started && !this.ws) this.connect();
    }, delay);
  }

  /** Forget the current socket (closing it) and fail every trade op still waiting on it. */
  private drop(code: string, reason: string): void {
    this.stopHeartbeat();
    this.ready = false;
    this.relayDown = false;
    const ws = this.ws;
    this.ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        // Closing a socket that never opened may throw in some browsers; it is gone either way.
      }
    }
    for (const [id, entry] of this.pending) {
      clearTimeout(entry.timer);
      this.pending.delete(id);
      entry.reject(new DeskApiError({ code, msg: reason, status: 0 }));
    }
  }

  // --- heartbeat -------------------------------------------------------------

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.pingTimer = setInterval(() => this.ping(), this.opts.pingIntervalMs);
  }

  private stopHeartbeat(): void {
    if (this.pingTimer !== null) clearInterval(this.pingTimer);
    this.pingTimer = null;
    this.clearLivenessTimers();
  }

  private ping(): void {
    if (!this.ws || this.ws.readyState !== OPEN) return;
    this.ws.send('ping');
    if (this.staleTimer !== null || this.deadTimer !== null) return;
    this.staleTimer = setTimeout(() => {
      this.staleTimer = null;
      this.setStatus('stale');
      this.deadTimer = setTimeout(() => {
        this.deadTimer = null;
        // A half-open TCP connection may never deliver a close event; stop waiting for it.
        this.handleClose();
      }, this.opts.deadAfterStaleMs);
    }, this.opts.staleAfterMs);
  }

  private noteAlive(): void {
    this.clearLivenessTimers();
    if (this.currentStatus === 'stale' && this.ready) this.setStatus(this.relayDown ? 'reconnecting' : 'connected');
  }

  private clearLivenessTimers(): void {
    if (this.staleTimer !== null) clearTimeout(this.staleTimer);
    if (this.deadTimer !== null) clearTimeout(this.deadTimer);
    this.staleTimer = this.deadTimer = null;
  }

  // --- environment -----------------------------------------------------------

  private handleOffline(): void {
    if (!this.started) return;
    this.clearReconnectTimer();
    this.drop(clientErrorCodes.wsClosed, 'the browser went offline; the outcome is unknown');
    this.setStatus('offline');
  }

  private handleOnline(): void {
    if (!this.started || this.ws) return;
    this.attempt = 0;
    this.connect();
  }

  private handleVisible(): void {
    if (!this.started || !this.opts.environment.isOnline()) return;
    if (!this.ws) {
      // Back from sleep with a dead socket: do not wait out the backoff.
      this.attempt = 0;
      this.connect();
    } else if (this.ready) {
      // The socket may have died silently while the page was hidden: check now.
      this.ping();
    }
  }

  // --- helpers ---------------------------------------------------------------

  private sendJson(value: unknown): void {
    if (this.ws && this.ws.readyState === OPEN) this.ws.send(JSON.stringify(value));
  }

  private clearReconnectTimer(): void {
    if (this.reconnectTimer !== null) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    this.opts.onStatus?.(status);
  }
}
