import type { ConnectionStatus } from '@web/lib/ws/connection-status';
import { useConnectionStatus } from '@web/lib/ws/use-connection-status';

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
  const { label, dot } = look[status];
  return (
    <div role="status" aria-label={`Connection: ${label}`} className="flex items-center gap-1.5 whitespace-nowrap text-sm">
      <span aria-hidden="true" className={`inline-block h-2 w-2 rounded-full ${dot}`} />
      <span className={status === 'connected' ? 'text-muted' : 'font-medium'}>{label}</span>
    </div>
  );
}
