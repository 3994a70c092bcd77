// What each private push does to the cached account data (spec 6.2), apart from the
// socket so it is tested against a real QueryClient: account pushes replace the assets,
// position pushes patch the positions, order pushes refresh (or, for a screen that
// patches them itself, hand over) the pending orders and, when they carry a fill or a
// final state, tell the loaded lists to fetch their head. spec 4.7 rule 1: the order
// channel sends no snapshot, so after every reconnect everything is fetched again.
import type { QueryClient } from '@tanstack/react-query';
import { assets as assetsSchema, position as positionSchema, type Assets, type Position } from '@contract/schemas/account';
import { orderPushItem, type OrderPushItem } from '@contract/schemas/ws-private';
import type { SocketMessage } from '@web/lib/ws/socket-connection';
import { assetsKey, positionsKey, refreshAccountReads, unfilledOrdersKey } from './account-queries';
import { markListsStale } from './list-refresh-events';
import { applyPositionPush, balancesMoved, orderPushEffect } from './private-pushes';

export interface OrderPushContext {
  client: QueryClient;
  account: string;
}

export interface AccountChannelOptions {
  /**
   * Takes the order pushes instead of the default refetch of the pending orders (the
   * trading screen patches its open-orders page push by push and raises toasts). Keep
   * it stable (a module-level function): a new one re-subscribes.
   */
  onOrders?: ((items: readonly OrderPushItem[], ctx: OrderPushContext) => void) | undefined;
}

export interface AccountPushHandlers {
  order(msg: SocketMessage): void;
  account(msg: SocketMessage): void;
  position(msg: SocketMessage): void;
  reconnect(): void;
}

function parseAll<T>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, data: unknown): T[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((d) => {
    const r = schema.safeParse(d);
    return r.success ? [r.data] : [];
  });
}

export function accountPushHandlers(client: QueryClient, account: string, options: AccountChannelOptions = {}): AccountPushHandlers {
  return {
    order(msg) {
      const items = parseAll<OrderPushItem>(orderPushItem, msg.data);
      if (items.length === 0) return;
      if (options.onOrders) options.onOrders(items, { client, account });
      else void client.invalidateQueries({ queryKey: unfilledOrdersKey(account) });
      const effect = orderPushEffect(items);
      if (effect.filled) {
        markListsStale('fills', 'records');
        // Balances and positions have their own pushes; fetch them too in case those lag.
        refreshAccountReads(client, account);
      }
      if (effect.finished) markListsStale('history');
    },
    account(msg) {
      const [next] = parseAll<Assets>(assetsSchema, msg.data);
      if (!next) return;
      const before = client.getQueryData<Assets>(assetsKey(account));
      client.setQueryData(assetsKey(account), next);
      if (balancesMoved(before, next)) markListsStale('records');
    },
    position(msg) {
      const pushed = parseAll<Position>(positionSchema, msg.data);
      client.setQueryData<{ list: Position[] }>(positionsKey(account), (old) => applyPositionPush(old, pushed, msg.action === 'snapshot'));
    },
    reconnect() {
      void client.invalidateQueries({ queryKey: ['exchange', account] });
      markListsStale('history', 'fills', 'records');
    },
  };
}
