// What each private push does to the cached account data (spec 6.2), apart from the
// socket so it is tested against a real QueryClient: account pushes replace the assets,
// position pushes patch the positions, order pushes patch the pending orders
// (open-orders/merge-order-pushes.ts) and, when they carry a fill or a final state, tell
// the loaded lists to fetch their head. spec 4.7 rule 1: the order
// channel sends no snapshot, so after every reconnect everything is fetched again.
// Pushes may come late, twice or swapped (issue 9): an account or position push older
// than one already applied to the same thing (by the push time `ts`) is skipped, so a
// stale one never moves the screen backwards; order pushes are compared per order
// (open-orders/order-versions.ts) for the same reason.
import type { QueryClient } from '@tanstack/react-query';
import { position as positionSchema, type Assets, type Position } from '@contract/schemas/account';
import { fillPushItem } from '@contract/schemas/orders';
import { accountPushItem, mergeAccountPush, orderPushItem, type OrderPushItem } from '@contract/schemas/ws-private';
import { badInput, parsePushItems, type BadInput } from '@web/lib/bad-input/bad-input-store';
import type { SocketMessage } from '@web/lib/ws/socket-connection';
import { strategyOrderRecord, type StrategyOrderRecord } from '@contract/schemas/strategy-orders';
import { isOpenStrategyStatus } from '@contract/schemas/tpsl';
import { assetsKey, positionsKey, refreshAccountReads, strategyHistoryKey, unfilledStrategyOrdersKey } from './account-queries';
import { mergeOrderPushes, type OrderPushContext } from './open-orders/merge-order-pushes';
import { markListsStale } from './list-refresh-events';
import { applyPositionPush, balancesMoved, orderPushEffect, positionKey } from './private-pushes';
import { refetchAfterChange } from '@web/lib/api/refetch-after-change';

export type { OrderPushContext };

export interface AccountChannelOptions {
  /**
   * Reacts to the order pushes that were news, after they were merged into the pending
   * orders (the shell raises toasts). Keep it stable (a module-level function).
   */
  onOrderNews?: ((items: readonly OrderPushItem[], ctx: OrderPushContext) => void) | undefined;
  /** Reacts to strategy orders pushed in a new status (a TP/SL fired, failed or was cancelled); a push sent twice once. */
  onStrategyNews?: ((items: readonly StrategyOrderRecord[]) => void) | undefined;
  /** Where pushes that fail the contract are reported (the page-wide store by default). */
  badInput?: BadInput | undefined;
}

export interface AccountPushHandlers {
  order(msg: SocketMessage): void;
  account(msg: SocketMessage): void;
  position(msg: SocketMessage): void;
  fill(msg: SocketMessage): void;
  strategyOrder(msg: SocketMessage): void;
  reconnect(): void;
}

/** The push time of a channel push (spec 6.2 pushes carry `ts`), when it has one. */
function pushTime(msg: SocketMessage): number | undefined {
  return typeof msg.ts === 'number' && Number.isFinite(msg.ts) ? msg.ts : undefined;
}

/**
 * The newest push time seen per key: `fresh(key, ts)` is false for a push older than one
 * already taken for that key (pushes without a time are always taken), and remembers ts.
 */
export function pushTimes() {
  const newest = new Map<string, number>();
  let newestOverall = -Infinity;
  return {
    fresh(key: string, ts: number | undefined): boolean {
      if (ts === undefined) return true;
      if (ts < (newest.get(key) ?? -Infinity)) return false;
      newest.set(key, ts);
      if (ts > newestOverall) newestOverall = ts;
      return true;
    },
    /** False for a push older than the newest taken for any key (a stale snapshot). */
    freshOverall(ts: number | undefined): boolean {
      return ts === undefined || ts >= newestOverall;
    },
  };
}

/** Remembers the last `capacity` keys: `fresh(key)` is true the first time a key is seen. */
function seenOnce(capacity: number) {
  const seen = new Set<string>();
  return {
    fresh(key: string): boolean {
      if (seen.has(key)) return false;
      seen.add(key);
      if (seen.size > capacity) seen.delete(seen.values().next().value!);
      return true;
    },
  };
}

export function accountPushHandlers(client: QueryClient, account: string, options: AccountChannelOptions = {}): AccountPushHandlers {
  const accountTimes = pushTimes();
  const positionTimes = pushTimes();
  const strategySeen = seenOnce(500);
  const sink = options.badInput ?? badInput;
  return {
    order(msg) {
      const items = parsePushItems('order', orderPushItem, msg.data, sink);
      if (items.length === 0) return;
      const news = mergeOrderPushes(items, { client, account });
      if (news.length > 0) options.onOrderNews?.(news, { client, account });
      const effect = orderPushEffect(items);
      if (effect.filled) {
        markListsStale('fills', 'records');
        // Balances and positions have their own pushes; fetch them too in case those lag.
        refreshAccountReads(client, account);
      }
      if (effect.finished) markListsStale('history');
    },
    account(msg) {
      const [item] = parsePushItems('account', accountPushItem, msg.data, sink);
      if (!item || !accountTimes.fresh('assets', pushTime(msg))) return;
      const before = client.getQueryData<Assets>(assetsKey(account));
      // The live push carries no USDT or BTC equity: those come from the last GET assets,
      // and with none yet the push cannot make a whole record, so GET assets is asked instead.
      const next = mergeAccountPush(before, item);
      if (!next) {
        void refetchAfterChange(client, { queryKey: assetsKey(account) });
        return;
      }
      client.setQueryData(assetsKey(account), next);
      if (balancesMoved(before, next)) markListsStale('records');
    },
    position(msg) {
      const ts = pushTime(msg);
      const snapshot = msg.action === 'snapshot';
      if (snapshot && !positionTimes.freshOverall(ts)) return;
      // Each position on its own: a late push about one must not hide a newer one about another.
      const pushed = parsePushItems('position', positionSchema, msg.data, sink).filter((p) => positionTimes.fresh(positionKey(p), ts));
      if (!snapshot && pushed.length === 0) return;
      client.setQueryData<{ list: Position[] }>(positionsKey(account), (old) => applyPositionPush(old, pushed, snapshot));
    },
    fill(msg) {
      // A fill is a new row of the fills list and, through its fee, of the financial records.
      if (parsePushItems('fill', fillPushItem, msg.data, sink).length > 0) markListsStale('fills', 'records');
    },
    strategyOrder(msg) {
      // A TP/SL placed, changed, fired or cancelled: the pending list is read again (the push
      // has no snapshot to patch from, and a fired one leaves the list).
      const items = parsePushItems('strategy-order', strategyOrderRecord, msg.data, sink);
      if (items.length === 0) return;
      void refetchAfterChange(client, { queryKey: unfilledStrategyOrdersKey(account) });
      if (items.some((o) => !isOpenStrategyStatus(o.status))) void refetchAfterChange(client, { queryKey: strategyHistoryKey(account) });
      const news = items.filter((o) => strategySeen.fresh(`${o.orderId}:${o.status}`));
      if (news.length > 0) options.onStrategyNews?.(news);
    },
    reconnect() {
      void refetchAfterChange(client, { queryKey: ['exchange', account] });
      markListsStale('history', 'fills', 'records');
    },
  };
}
