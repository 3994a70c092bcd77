// Keeps the account's cached data live while a screen that shows it is mounted (spec
// 6.2): the private order, account, position and fill channels, and the refetch after every
// reconnect. What each push does is in account-push-handlers.ts.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { accountPushHandlers, type AccountChannelOptions } from './account-push-handlers';

export function useAccountChannels(options: AccountChannelOptions = {}): void {
  const client = useQueryClient();
  const account = useCurrentAccount();
  const { onOrders } = options;

  useEffect(() => {
    if (!account) return;
    const socket = deskSockets().private;
    const on = accountPushHandlers(client, account, { onOrders });
    const offs = [
      socket.subscribe({ instType: 'UTA', topic: 'order' }, on.order),
      socket.subscribe({ instType: 'UTA', topic: 'account' }, on.account),
      socket.subscribe({ instType: 'UTA', topic: 'position' }, on.position),
      socket.subscribe({ instType: 'UTA', topic: 'fill' }, on.fill),
      socket.onReconnect(on.reconnect),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [account, client, onOrders]);
}
