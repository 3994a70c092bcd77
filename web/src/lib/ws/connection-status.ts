// The states a socket shows the user. `idle` means the socket is not in use (e.g. no
// private account yet) and is left out of the summary.
export const connectionStatuses = ['idle', 'connecting', 'connected', 'reconnecting', 'stale', 'offline'] as const;
export type ConnectionStatus = (typeof connectionStatuses)[number];

// Worst first: the indicator must never look healthier than the sickest socket,
// or a dead private socket would hide behind a live market-data socket.
const severity: Record<ConnectionStatus, number> = {
  idle: 0,
  connected: 1,
  connecting: 2,
  reconnecting: 3,
  stale: 4,
  offline: 5,
};

/** The single status the header shows for several sockets. */
export function overallStatus(statuses: Iterable<ConnectionStatus>): ConnectionStatus {
  let worst: ConnectionStatus = 'idle';
  for (const s of statuses) if (severity[s] > severity[worst]) worst = s;
  return worst;
}
