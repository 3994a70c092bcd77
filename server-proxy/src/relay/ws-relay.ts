// The proxy's WebSocket relay at /ws/public and /ws/private (issue 5 item 7, ARCHITECTURE.md
// "Data flow in the proxy"). The HTTP side attaches it to its server:
//
//   const relay = attachWsRelay(server, { authenticateUpgrade, checkOrigin, accountFor, upstream, audit, logger });
//
// The session and the Origin are checked before the handshake completes; a refused
// upgrade gets a plain HTTP answer with the desk's JSON envelope. Public market data is
// shared upstream (ws-public-hub.ts); each private socket gets its own upstream login
// (ws-private-relay.ts). Every browser has a bounded send queue (ws-send-queue.ts).

import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorEnvelope, errorMessage, httpStatusOf, localeFrom, type ErrorCode, type ErrorParams, type Locale } from '@contract/core/errors';
import { EVENT_KEY, PublicHub, type HubClient } from './ws-public-hub';
import { PrivateRelay } from './ws-private-relay';
import type { WsRelayHooks } from './ws-relay-hooks';
import { depsFromHooks, isProxyHooks } from './ws-relay-hooks';
import { BrowserSendQueue, type SendQueueHooks } from './ws-send-queue';
import { checkJsonShape } from '../policy/json-shape';
import { checkSubscription } from './ws-subscription-check';
import { defaultRelayLimits, type RelayClock, type RelayLimits, type RelaySession, type WsRelayDeps } from './ws-relay-types';

export const PUBLIC_PATH = '/ws/public';
export const PRIVATE_PATH = '/ws/private';
/** A batch of 20 orders is a few kB; nothing a browser sends needs more. */
const MAX_BROWSER_MESSAGE_BYTES = 64 * 1024;
/** Close code for a browser that fell too far behind on messages that cannot be dropped. */
export const CLOSE_SLOW_CONSUMER = 4008;
/** Close code for a socket whose session ended (signed out, expired, user removed or changed). */
export const CLOSE_SESSION_ENDED = 4401;
/** Close code for a private socket past the per-user limit. */
export const CLOSE_TOO_MANY_SOCKETS = 4429;

const systemClock: RelayClock = { now: () => Date.now() };

export interface BrowserConnection {
  readonly path: typeof PUBLIC_PATH | typeof PRIVATE_PATH;
  readonly user: string;
  readonly session: RelaySession;
  readonly ws: WebSocket;
  readonly locale: Locale;
  readonly account: string | undefined;
  readonly queue: BrowserSendQueue;
  readonly privateRelay: PrivateRelay | undefined;
}

export interface WsRelay {
  /** The shared public hub (its upstream subscriptions are visible for tests and status). */
  readonly hub: PublicHub;
  /** Browsers connected now. */
  readonly connections: ReadonlySet<BrowserConnection>;
  /** Browser sockets open now, and the messages slow browsers did not get since start, by socket. */
  stats(): RelayStats;
  /** Stops accepting, terminates every browser and upstream socket. */
  close(): Promise<void>;
}

export interface RelayStats {
  clients: Record<'public' | 'private', number>;
  /** Conflated snapshots, dropped book updates and the resyncs that replaced them: a counter, closed sockets included. */
  dropped: Record<'public' | 'private', number>;
}

const socketOf = (conn: BrowserConnection): 'public' | 'private' => (conn.path === PRIVATE_PATH ? 'private' : 'public');
const droppedBy = (queue: BrowserSendQueue) => queue.stats.conflated + queue.stats.droppedUpdates + queue.stats.resyncs;

/** Takes the relay's own deps, or the proxy's hooks (ws-relay-hooks.ts), which it adapts. */
export function attachWsRelay(server: Server, deps: WsRelayDeps): WsRelay;
export function attachWsRelay(server: Server, hooks: WsRelayHooks): WsRelay;
export function attachWsRelay(server: Server, depsOrHooks: WsRelayDeps | WsRelayHooks): WsRelay {
  const deps = isProxyHooks(depsOrHooks) ? depsFromHooks(depsOrHooks) : depsOrHooks;
  const limits: RelayLimits = { ...defaultRelayLimits, ...deps.limits };
  const clock = deps.clock ?? systemClock;
  const logger = deps.logger;
  const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false, maxPayload: MAX_BROWSER_MESSAGE_BYTES });
  const hub = new PublicHub(deps.upstream.publicUrl, limits, logger, clock);
  const connections = new Set<BrowserConnection>();
  /** What the sockets that have closed did not deliver, kept so the metric only grows. */
  const droppedByClosed: RelayStats['dropped'] = { public: 0, private: 0 };
  const alive = new WeakSet<WebSocket>();
  /** Private sockets per user, counted from admission (an upgrade in progress counts). */
  const privateCount = new Map<string, number>();
  const countPrivate = (user: string, delta: number) => {
    const n = (privateCount.get(user) ?? 0) + delta;
    if (n <= 0) privateCount.delete(user);
    else privateCount.set(user, n);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', () => socket.destroy());
    void admit(req, socket, head).catch((err: unknown) => {
      logger.error({ err: (err as Error).message }, 'websocket upgrade failed');
      refuse(socket, 'DESK502', localeOf(req), { detail: 'upgrade failed' });
    });
  };

  async function admit(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const locale = localeOf(req);
    if (url.pathname !== PUBLIC_PATH && url.pathname !== PRIVATE_PATH) {
      // Other upgrade listeners (a dev server's HMR, say) may want it; if none, it is ours to refuse.
      if (server.listenerCount('upgrade') <= 1) refuse(socket, 'DESK404', locale, { method: 'GET', path: url.pathname });
      return;
    }
    const session = await deps.authenticateUpgrade(req);
    if (session === null) return refuse(socket, 'DESK401', locale);
    if (!deps.checkOrigin(req)) return refuse(socket, 'DESK403O', locale, { detail: 'the Origin is not this desk' });
    if (url.pathname === PUBLIC_PATH) {
      if (!session.permissions.includes('market.read')) {
        return refuse(socket, 'DESK403', locale, { role: session.role, permission: 'market.read' });
      }
      const batch = url.searchParams.get('batch') === '1';
      wss.handleUpgrade(req, socket, head, (ws) => openPublic(ws, socket, session, locale, batch));
      return;
    }
    if ((privateCount.get(session.user) ?? 0) >= limits.maxPrivateSocketsPerUser) {
      // Opened only to say why in a way a browser can read (a refused upgrade's body is not shown to it).
      const detail = `${session.user} already has ${limits.maxPrivateSocketsPerUser} open; close a tab or window first`;
      logger.warn({ user: session.user, limit: limits.maxPrivateSocketsPerUser }, 'private socket refused: too many for this user');
      wss.handleUpgrade(req, socket, head, (ws) => {
        ws.send(JSON.stringify({ event: 'error', code: 'DESK429S', msg: errorMessage('DESK429S', locale, { detail }) }));
        ws.close(CLOSE_TOO_MANY_SOCKETS, closeReason(`too many private sockets (limit ${limits.maxPrivateSocketsPerUser})`));
      });
      return;
    }
    const name = url.searchParams.get('account') ?? session.accounts[0];
    const account = name === undefined ? null : deps.accountFor(session, name);
    if (account === null) return refuse(socket, 'DESK403A', locale, { field: name ?? '(none)' });
    countPrivate(session.user, 1);
    socket.once('close', () => countPrivate(session.user, -1));
    wss.handleUpgrade(req, socket, head, (ws) => {
      const queue = newQueue(ws, socket, () => null, false);
      const privateRelay = new PrivateRelay({
        session,
        account,
        locale,
        queue,
        closeBrowser: (code, reason) => ws.close(code, reason),
        // Runs only on a trade op, after `conn` below exists.
        endSession: (reason) => endSession(conn, reason),
        deps,
        limits,
        logger,
        clock,
      });
      const conn: BrowserConnection = { path: PRIVATE_PATH, user: session.user, session, ws, locale, account: account.name, queue, privateRelay };
      track(ws, conn, locale, (msg) => privateRelay.onBrowser(msg), () => privateRelay.close());
    });
  }

  /** `batch`: the browser asked for one frame per burst (ws-send-queue.ts, "Batching"). */
  function openPublic(ws: WebSocket, transport: Duplex, session: RelaySession, locale: Locale, batch: boolean): void {
    // The queue's snapshot hook needs the client, and the client holds the queue; the
    // hook only runs once both exist.
    const queue = newQueue(ws, transport, (key) => hub.snapshotFor(hubClient, key), batch);
    const hubClient: HubClient = { queue, channels: new Map() };
    hub.addClient(hubClient);
    const conn: BrowserConnection = { path: PUBLIC_PATH, user: session.user, session, ws, locale, account: undefined, queue, privateRelay: undefined };
    const onMessage = (msg: Record<string, unknown>): void => {
      const op = msg.op;
      if (op === 'subscribe' || op === 'unsubscribe') {
        // The same strict shape as the private socket's (and the contract's): at most 50
        // args, no unknown fields, known public topics only; one error frame per refusal.
        const checked = checkSubscription(msg, 'public', session);
        if (!checked.ok) return sendError(queue, checked.code, locale, checked.params);
        const problems: string[] = [];
        checked.args.forEach((arg, i) => {
          const problem = op === 'subscribe' ? hub.subscribe(hubClient, arg) : hub.unsubscribe(hubClient, arg);
          if (problem !== null) problems.push(`args.${i}: ${problem}`);
        });
        if (problems.length > 0) sendError(queue, '30016', locale, { detail: problems.join('; ').slice(0, 500) });
      } else if (op === 'login') {
        queue.send(JSON.stringify({ event: 'login', code: 0, msg: '' }), EVENT_KEY, 'event');
      } else {
        sendError(queue, '30003', locale);
      }
    };
    track(ws, conn, locale, onMessage, () => hub.removeClient(hubClient));
  }

  /** `transport` is the upgraded TCP socket under `ws`: the queue corks it per burst. */
  function newQueue(ws: WebSocket, transport: Duplex, snapshotFor: SendQueueHooks['snapshotFor'], batch: boolean): BrowserSendQueue {
    const hooks: SendQueueHooks = {
      snapshotFor,
      onOverflow: () => {
        logger.warn({ maxEventBytes: limits.maxEventBytes }, 'browser too slow for its events; disconnecting it');
        ws.terminate();
      },
    };
    return new BrowserSendQueue(ws, limits, hooks, { transport, batchWindowMs: batch ? limits.batchWindowMs : undefined });
  }

  function track(
    ws: WebSocket,
    conn: BrowserConnection,
    locale: Locale,
    onMessage: (msg: Record<string, unknown>) => void,
    release: () => void,
  ): void {
    connections.add(conn);
    alive.add(ws);
    logger.info({ path: conn.path, user: conn.user, account: conn.account }, 'browser websocket open');
    ws.on('pong', () => alive.add(ws));
    ws.on('message', (data: Buffer, isBinary: boolean) => {
      alive.add(ws);
      if (isBinary) return sendError(conn.queue, '30002', locale);
      if (data.length === 4 && data.toString() === 'ping') {
        // Answered here: the browser's heartbeat is with the relay, not with upstream.
        conn.queue.send('pong', EVENT_KEY, 'event');
        return;
      }
      const text = data.toString('utf8');
      // Before parsing: a 20,000-level nest or a repeated key is refused, not half-read.
      const shape = checkJsonShape(text);
      if (shape !== null) return sendError(conn.queue, '30016', locale, { detail: `${shape.field} ${shape.detail}` });
      let msg: unknown;
      try {
        msg = JSON.parse(text);
      } catch {
        return sendError(conn.queue, '30016', locale, { detail: 'the message is not JSON' });
      }
      if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
        return sendError(conn.queue, '30016', locale, { detail: 'the message must be a JSON object' });
      }
      onMessage(msg as Record<string, unknown>);
    });
    ws.on('error', (err) => logger.warn({ path: conn.path, user: conn.user, err: err.message }, 'browser websocket error'));
    ws.on('close', () => {
      connections.delete(conn);
      droppedByClosed[socketOf(conn)] += droppedBy(conn.queue);
      conn.queue.close();
      release();
      logger.info({ path: conn.path, user: conn.user, account: conn.account }, 'browser websocket closed');
    });
  }

  /** Ends a socket whose session is gone: one error frame saying why, then a close with the reason. */
  const endSession = (conn: BrowserConnection, reason: string): void => {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    logger.info({ path: conn.path, user: conn.user, reason }, 'session ended; closing its socket');
    conn.privateRelay?.close();
    conn.queue.send(JSON.stringify({ event: 'error', code: 'DESK401S', msg: errorMessage('DESK401S', conn.locale, { detail: reason }) }), EVENT_KEY, 'event');
    conn.ws.close(CLOSE_SESSION_ENDED, closeReason(`session ended: ${reason}`));
  };
  const recheck = deps.recheck;
  const sessionWatch =
    recheck === undefined
      ? undefined
      : setInterval(() => {
          for (const conn of connections) {
            const verdict = recheck(conn.session);
            // A session store that must read its database answers later; one that fails is asked again next round.
            if (verdict instanceof Promise) verdict.then((v) => !v.ok && endSession(conn, v.reason), () => undefined);
            else if (!verdict.ok) endSession(conn, verdict.reason);
          }
        }, limits.sessionCheckMs);
  sessionWatch?.unref();

  // Browsers answer protocol pings by themselves; one that misses a round is gone.
  const pinger = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, limits.browserPingMs);
  pinger.unref();

  server.on('upgrade', onUpgrade);

  return {
    hub,
    connections,
    stats: () => {
      const out: RelayStats = { clients: { public: 0, private: 0 }, dropped: { ...droppedByClosed } };
      for (const conn of connections) {
        out.clients[socketOf(conn)]++;
        out.dropped[socketOf(conn)] += droppedBy(conn.queue);
      }
      return out;
    },
    close: async () => {
      server.off('upgrade', onUpgrade);
      clearInterval(pinger);
      if (sessionWatch) clearInterval(sessionWatch);
      for (const ws of wss.clients) ws.terminate();
      hub.close();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

/** A close reason fits in 123 bytes (RFC 6455); ours are short ASCII. */
function closeReason(text: string): string {
  return text.slice(0, 120);
}

function localeOf(req: IncomingMessage): Locale {
  // Browsers cannot set headers on a WebSocket; the page's language is the next best hint.
  return localeFrom(req.headers.locale ?? req.headers['accept-language']);
}

function sendError(queue: BrowserSendQueue, code: ErrorCode, locale: Locale, params: ErrorParams = {}): void {
  queue.send(JSON.stringify({ event: 'error', code, msg: errorMessage(code, locale, params) }), EVENT_KEY, 'event');
}

const REASONS: Readonly<Record<number, string>> = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  502: 'Bad Gateway',
};

/** Answers the upgrade request with a plain HTTP error; no WebSocket is opened. */
function refuse(socket: Duplex, code: ErrorCode, locale: Locale, params: ErrorParams = {}): void {
  if (socket.destroyed) return;
  const envelope = errorEnvelope(code, locale, params);
  const status = httpStatusOf(code);
  const body = JSON.stringify(envelope);
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
      'Connection: close\r\n' +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
