import { useStore } from 'zustand';
import { overallStatus, type ConnectionStatus } from './connection-status';
import { connectionStatusStore } from './connection-status-store';

/** The one status the header shows: the worst of the sockets in use. */
export function useConnectionStatus(): ConnectionStatus {
  return useStore(connectionStatusStore, (s) => overallStatus([s.sockets.public, s.sockets.private]));
}
