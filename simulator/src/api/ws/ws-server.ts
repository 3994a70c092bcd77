// The simulator's WebSocket endpoints on its HTTP server (ARCHITECTURE.md fixed names):
// ws://127.0.0.1:<port>/v3/ws/public and /v3/ws/private. `ws` in noServer mode takes the
// upgrades for those two paths; any other upgrade is refused with 404.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Simulator } from '../simulator-parts';
import { DepthHub, realTimers, type DepthTimers } from './depth-hub';
import { PrivateFeed } from './private-feed';
import { MarketTopicHub } from './market-topics';
import { PrivateSession } from './private-session';
import { PublicSession } from './public-session';
import { simDepthSource } from './sim-depth-source';
import { resolveWsOptions, type WsOptions } from './ws-options';
import type { WsSession } from './ws-session';

export const PUBLIC_PATH = '/v3/ws/public';
export const PRIVATE_PATH = '/v3/ws/private';

export interface WsServerHandle {
  hub: DepthHub;
  marketHub: MarketTopicHub;
  feed: PrivateFeed;
  sessions: ReadonlySet<WsSession>;
  close(): void;
}

export function attachWebSockets(server: Server, sim: Simulator, wsOptions: WsOptions = {}, timers: DepthTimers = realTimers): WsServerHandle {
  const options = resolveWsOptions(wsOptions);
  const hub = new DepthHub(simDepthSource(sim), {
    ...(options.bookIntervalMs !== undefined ? { bookIntervalMs: options.bookIntervalMs } : {}),
    now: () => sim.clock.now(),
    timers,
    dialect: sim.dialect,
  });
  const marketHub = new MarketTopicHub(sim.publicMarket, sim.instruments, timers);
  const feed = new PrivateFeed(sim, { positionIntervalMs: options.positionIntervalMs, accountIntervalMs: options.accountIntervalMs, timers });
  // Frames up to 1 MiB are read, so an oversized message gets a 30008 answer, not a dropped link.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const sessions = new Set<WsSession>();
  const gone = (s: WsSession) => sessions.delete(s);

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== PUBLIC_PATH && path !== PRIVATE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const session =
        path === PUBLIC_PATH
          ? new PublicSession(ws, options, hub, marketHub, gone)
          : new PrivateSession(ws, options, sim, feed, hub, gone, req.headers.locale);
      session.coalesceWrites(socket);
      sessions.add(session);
    });
  };
  server.on('upgrade', onUpgrade);

  const sweep = timers.every(Math.max(50, Math.min(5000, Math.floor(options.idleMs / 4))), () => {
    const now = Date.now();
    for (const s of [...sessions]) s.closeIfIdle(now);
  });

  return {
    hub,
    marketHub,
    feed,
    sessions,
    close() {
      server.off('upgrade', onUpgrade);
      sweep();
      for (const s of [...sessions]) s.ws.terminate();
      sessions.clear();
      hub.close();
      marketHub.close();
      feed.close();
      wss.close();
    },
  };
}
