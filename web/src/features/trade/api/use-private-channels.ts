// The private channels the trading screen lives on (spec 6.2): order pushes patch the
// unfilled-orders cache and raise toasts; account and position pushes replace or merge
// their cached reads. spec 4.7 rule 1: the order channel has no snapshot, so after
// every reconnect the orders page is fetched again (the shell invalidates all queries
// too; this keeps the screen right even without it).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { endpoints } from '@contract/endpoints';
import { orderPushItem } from '@contract/schemas/ws-private';
import { assets as assetsSchema, position as positionSchema, type Position } from '@contract/schemas/account';
import { endpointQueryKey } from '@web/lib/api/endpoint-query';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { deskSockets } from '@web/lib/ws/desk-sockets';
import { orderToastText } from '../toasts/order-toast-text';
import { toastStore } from '../toasts/toast-store';
import { applyOrderPushes, type OrderPageData } from './order-cache';
import { refreshAccount, unfilledKey } from './trade-api';

export function usePrivateChannels(): void {
  const client = useQueryClient();
  const account = useCurrentAccount();

  useEffect(() => {
    if (!account) return;
    const socket = deskSockets().private;
    const offOrder = socket.subscribe({ instType: 'UTA', topic: 'order' }, (msg) => {
      const data = Array.isArray(msg.data) ? msg.data : [];
      const items = data.flatMap((d) => {
        const r = orderPushItem.safeParse(d);
        return r.success ? [r.data] : [];
      });
      if (items.length === 0) return;
      client.setQueryData<OrderPageData>(unfilledKey(account), (page) => applyOrderPushes(page, items));
      let filled = false;
      for (const item of items) {
        const text = orderToastText(item);
        if (text) toastStore.getState().push(text);
        if (item.state === 'filled' || item.state === 'partially_filled') filled = true;
      }
      // A fill moves balances and positions: fetch them, in case their pushes lag.
      if (filled) refreshAccount(client, account);
    });
    const offAccount = socket.subscribe({ instType: 'UTA', topic: 'account' }, (msg) => {
      const first = Array.isArray(msg.data) ? msg.data[0] : undefined;
      const r = assetsSchema.safeParse(first);
      if (r.success) client.setQueryData(endpointQueryKey(endpoints.assets, account, {}), r.data);
    });
    const offPosition = socket.subscribe({ instType: 'UTA', topic: 'position' }, (msg) => {
      const data = Array.isArray(msg.data) ? msg.data : [];
      const list = data.flatMap((d) => {
        const r = positionSchema.safeParse(d);
        return r.success ? [r.data] : [];
      });
      const snapshot = msg.action === 'snapshot';
      client.setQueryData<{ list: Position[] }>(endpointQueryKey(endpoints.currentPosition, account, {}), (old) => mergePositions(old, list, snapshot));
    });
    const offReconnect = socket.onReconnect(() => {
      void client.invalidateQueries({ queryKey: unfilledKey(account) });
      refreshAccount(client, account);
    });
    return () => {
      offOrder();
      offAccount();
      offPosition();
      offReconnect();
    };
  }, [account, client]);
}

function mergePositions(old: { list: Position[] } | undefined, pushed: Position[], snapshot: boolean): { list: Position[] } | undefined {
  if (snapshot) return { list: pushed };
  if (!old) return old;
  const key = (p: Position) => `${p.category}:${p.symbol}:${p.posSide}`;
  const map = new Map(old.list.map((p) => [key(p), p]));
  for (const p of pushed) {
    if (/[1-9]/.test(p.total)) map.set(key(p), p);
    else map.delete(key(p));
  }
  return { list: [...map.values()] };
}
