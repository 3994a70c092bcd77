// Socket statuses live outside React (zustand vanilla store), written by the
// connection managers and read by the header's indicator through a selector.
import { createStore } from 'zustand/vanilla';
import type { ConnectionStatus } from './connection-status';

export type SocketName = 'public' | 'private';

export interface ConnectionStatusState {
  sockets: Record<SocketName, ConnectionStatus>;
  setStatus(socket: SocketName, status: ConnectionStatus): void;
}

export function createConnectionStatusStore() {
  return createStore<ConnectionStatusState>()((set) => ({
    sockets: { public: 'idle', private: 'idle' },
    setStatus: (socket, status) => set((s) => ({ sockets: { ...s.sockets, [socket]: status } })),
  }));
}

export const connectionStatusStore = createConnectionStatusStore();
