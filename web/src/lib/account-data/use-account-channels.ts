// Keeps the account's cached data live while an account screen is mounted (spec 6.2):
// account pushes replace the assets, position pushes patch the positions, order pushes
// refetch the pending orders and, when they carry a fill or a final state, tell the
// loaded lists to fetch their head. spec 4.7 rule 1: the order channel sends no snapshot,
// so after every reconnect everything is fetched again.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { assets as assetsSchema, position as positionSchema, type Assets, type Position } from '@contract/schemas/account';
import { orderPushItem } from '@contract/schemas/ws-private';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { assetsKey, positionsKey, refreshAccountReads, unfilledOrdersKey } from './account-queries';
import { markListsStale } from './list-refresh-events';
import { applyPositionPush, balancesMoved, orderPushEffect } from './private-pushes';

function parseAll<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: unknown): T[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((d) => {
    const r = schema.safeParse(d);
    return r.success ? [r.data] : [];
  });
}

export function useAccountChannels(): void {
  const client = useQueryClient();
  const account = useCurrentAccount();

  useEffect(() => {
    if (!account) return;
    const socket = deskSockets().private;
    const offOrder = socket.subscribe({ instType: 'UTA', topic: 'order' }, (msg) => {
      const items = parseAll(orderPushItem, msg.data);
      if (items.length === 0) return;
      void client.invalidateQueries({ queryKey: unfilledOrdersKey(account) });
      const effect = orderPushEffect(items);
      if (effect.filled) {
        markListsStale('fills', 'records');
        // Balances and positions have their own pushes; fetch them too in case those lag.
        refreshAccountReads(client, account);
      }
      if (effect.finished) markListsStale('history');
    });
    const offAccount = socket.subscribe({ instType: 'UTA', topic: 'account' }, (msg) => {
      const [next] = parseAll<Assets>(assetsSchema, msg.data);
      if (!next) return;
      const before = client.getQueryData<Assets>(assetsKey(account));
      client.setQueryData(assetsKey(account), next);
      if (balancesMoved(before, next)) markListsStale('records');
    });
    const offPosition = socket.subscribe({ instType: 'UTA', topic: 'position' }, (msg) => {
      const pushed = parseAll<Position>(positionSchema, msg.data);
      client.setQueryData<{ list: Position[] }>(positionsKey(account), (old) => applyPositionPush(old, pushed, msg.action === 'snapshot'));
    });
    const offReconnect = socket.onReconnect(() => {
      void client.invalidateQueries({ queryKey: ['exchange', account] });
      markListsStale('history', 'fills', 'records');
    });
    return () => {
      offOrder();
      offAccount();
      offPosition();
      offReconnect();
    };
  }, [account, client]);
}
