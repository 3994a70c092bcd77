// The account's private reads (spec 4.5) as react-query hooks. The keys are the ones
// lib/api's endpointQueryKey gives with the same params the trading screen uses, so a
// channel push or an invalidation reaches every screen showing the same data.
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { endpoints } from '@contract/catalog/endpoints';
import type { FuturesCategory } from '@contract/schemas/common';
import { endpointQueryKey, endpointQueryOptions } from '@web/lib/api/endpoint-query';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { refetchAfterChange } from '@web/lib/api/refetch-after-change';

export const assetsKey = (account: string | null) => endpointQueryKey(endpoints.assets, account, {});
export const positionsKey = (account: string | null) => endpointQueryKey(endpoints.currentPosition, account, {});
export const settingsKey = (account: string | null) => endpointQueryKey(endpoints.settings, account, {});
/** Pending orders: read and kept by open-orders/ (unfilled-orders-query.ts), their one owner. */
export const unfilledOrdersKey = (account: string | null) => endpointQueryKey(endpoints.unfilledOrders, account, {});

/** Pending TP/SL strategy orders (the exchange filters by `type`): the strategy-order channel invalidates them. */
export const unfilledStrategyOrdersKey = (account: string | null) => endpointQueryKey(endpoints.unfilledStrategyOrders, account);

export function useUnfilledStrategyOrders(category: FuturesCategory | null) {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.unfilledStrategyOrders, { category: category ?? 'usdt-futures', type: 'tpsl' }, account), enabled: account !== null && category !== null });
}

/**
 * The pending TP/SL of several futures categories at once (the positions table shows every
 * category's positions; the exchange lists strategy orders one category a call). Same keys
 * as useUnfilledStrategyOrders, so the TP/SL tab and the table share each answer.
 */
export function usePendingTpslOf(categories: readonly FuturesCategory[]) {
  const account = useCurrentAccount();
  return useQueries({
    queries: categories.map((category) => ({ ...endpointQueryOptions(endpoints.unfilledStrategyOrders, { category, type: 'tpsl' }, account), enabled: account !== null })),
    combine: (results) => results.flatMap((r) => r.data ?? []),
  });
}

/** The latest finished TP/SL strategy orders (fired, failed, cancelled) of a futures category, newest first. */
export const strategyHistoryKey = (account: string | null) => endpointQueryKey(endpoints.historyStrategyOrders, account);

export function useStrategyHistory(category: FuturesCategory | null, limit = 20) {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.historyStrategyOrders, { category: category ?? 'usdt-futures', type: 'tpsl', limit: String(limit) }, account), enabled: account !== null && category !== null });
}

export function useAssets() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.assets, {}, account), enabled: account !== null });
}

export function usePositions() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.currentPosition, {}, account), enabled: account !== null });
}

export function useSettings() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.settings, {}, account), enabled: account !== null });
}

export function useFundingAssets() {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.fundingAssets, {}, account), enabled: account !== null });
}

/** Asked for per coin, on demand (one request per row the user opens). */
export function useMaxTransferable(coin: string, enabled: boolean) {
  const account = useCurrentAccount();
  return useQuery({ ...endpointQueryOptions(endpoints.maxTransferable, { coin }, account), enabled: enabled && account !== null, staleTime: 5_000 });
}

/** Balances, positions, limits and settings after a fill or a settings change. */
export function refreshAccountReads(client: QueryClient, account: string | null): void {
  for (const e of [endpoints.assets, endpoints.currentPosition, endpoints.maxOpenAvailable, endpoints.maxTransferable, endpoints.fundingAssets, endpoints.settings]) {
    void refetchAfterChange(client, { queryKey: endpointQueryKey(e, account) });
  }
}
