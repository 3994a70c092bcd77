import type { ConnectionStatus } from '@web/lib/ws/connection-status';
import { useConnectionStatus } from '@web/lib/ws/use-connection-status';
import { useStore } from 'zustand';
import { socketClosedNotice } from '@web/lib/ws/socket-closed-notice';

const look: Record<ConnectionStatus, { label: string; dot: string }> = {
  idle: { label: 'not connected', dot: 'bg-muted' },
  connecting: { label: 'connecting', dot: 'bg-warn animate-pulse' },
  connected: { label: 'connected', dot: 'bg-buy' },
  reconnecting: { label: 'reconnecting', dot: 'bg-warn animate-pulse' },
  stale: { label: 'stale', dot: 'bg-warn' },
  offline: { label: 'offline', dot: 'bg-sell' },
};

/** Never silent about a broken connection: the state is shown in words, not colour alone. */
export function ConnectionIndicator() {
  const status = useConnectionStatus();
  // Why the proxy last closed a socket (session ended, too many sockets), until one is connected again.
  const closedBecause = useStore(socketClosedNotice, (s) => s.reason);
  const { label, dot } = look[status];
  return (
    <div role="status" aria-label={`Connection: ${label}`} className="flex items-center gap-1.5 whitespace-nowrap text-sm">
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${dot}`} />
      <span className={status === 'connected' ? 'text-muted' : 'font-medium'}>{label}</span>
      {closedBecause !== null && status !== 'connected' && (
        <span role="alert" className="font-medium text-sell">
          closed by the desk: {closedBecause}
        </span>
      )}
    </div>
  );
}
