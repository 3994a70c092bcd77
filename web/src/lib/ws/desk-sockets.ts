// The two sockets of the desk (ARCHITECTURE.md "Data flow in the browser"), created on
// first use so nothing touches `WebSocket` or `location` at import time.
import { sessionStore } from '@web/lib/session/session-store';
import { connectionStatusStore } from './connection-status-store';
import { socketClosedNotice } from './socket-closed-notice';
import { SocketConnection } from './socket-connection';

function socketUrl(path: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${path}`;
}

let sockets: { public: SocketConnection; private: SocketConnection } | null = null;

export function deskSockets() {
  if (sockets) return sockets;
  const setStatus = connectionStatusStore.getState().setStatus;
  sockets = {
    public: new SocketConnection({
      // batch=1: the proxy sends the pushes that came from upstream together as one frame
      // (a JSON array; see server-proxy ws-send-queue.ts). The order book's thousands of
      // pushes a second would otherwise cost this thread a task and an event each.
      url: () => socketUrl('/ws/public?batch=1'),
      WebSocketImpl: WebSocket,
      awaitLogin: false,
      onStatus: (s) => setStatus('public', s),
      onClosedByDesk: socketClosedNotice.getState().note,
    }),
    private: new SocketConnection({
      url: () => socketUrl(`/ws/private?account=${encodeURIComponent(sessionStore.getState().account ?? '')}`),
      WebSocketImpl: WebSocket,
      // The proxy logs in upstream and tells us with {event:'login', code:0} (interfaces.md).
      awaitLogin: true,
      onStatus: (s) => setStatus('private', s),
      onClosedByDesk: socketClosedNotice.getState().note,
    }),
  };
  return sockets;
}
