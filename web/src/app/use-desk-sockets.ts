// Runs the desk's two sockets while the shell is mounted: public always, private for
// the current account (a new account opens a new private socket).
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { refetchAfterChange } from '@web/lib/api/refetch-after-change';

export function useDeskSockets(account: string | null): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    const socket = deskSockets().public;
    socket.start();
    return () => socket.stop();
  }, []);

  useEffect(() => {
    if (!account) return;
    const socket = deskSockets().private;
    // The order channel has no snapshot (spec 4.7 rule 1): after a reconnect, what the
    // pushes may have missed is fetched again. Queries that no push feeds (the instrument
    // list) say so in their meta and are left alone: refetching them only adds requests.
    const offReconnect = socket.onReconnect(() => void refetchAfterChange(queryClient, { predicate: missedWhileDisconnected }));
    socket.start();
    return () => {
      offReconnect();
      socket.stop();
    };
  }, [account, queryClient]);
}

/** Whether a query may have missed something while the socket was down (see instrumentsQueryOptions). */
export const missedWhileDisconnected = (q: Query): boolean => q.meta?.['stableAcrossReconnects'] !== true;
