// The desk's screens. Each is lazy-loaded so the initial bundle holds only the shell
// (target: whole app under 250 KB gzipped, issue 6).
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

export interface DeskRoute {
  path: string;
  label: string;
  /** The catalog permission a role needs to see the screen (the proxy enforces it regardless). */
  permission: string;
  screen: LazyExoticComponent<ComponentType>;
}

export const routes: readonly DeskRoute[] = [
  { path: '/trade', label: 'Trade', permission: 'market.read', screen: lazy(tradeScreen) },
  { path: '/orders', label: 'Orders', permission: 'trade.read', screen: lazy(() => import('@web/features/history/history-page')) },
  { path: '/positions', label: 'Positions', permission: 'account.read', screen: lazy(() => import('@web/features/account/positions-page')) },
  { path: '/assets', label: 'Assets', permission: 'account.read', screen: lazy(() => import('@web/features/account/assets-page')) },
  { path: '/broker', label: 'Broker', permission: 'broker.write', screen: lazy(() => import('@web/features/broker/broker-page')) },
  { path: '/ops', label: 'Ops', permission: 'earn.read', screen: lazy(opsScreen) },
  { path: '/convert', label: 'Convert', permission: 'convert.write', screen: lazy(() => import('@web/features/convert/convert-page')) },
  { path: '/audit', label: 'Audit', permission: 'audit.read', screen: lazy(() => import('@web/features/audit/audit-page')) },
  { path: '/settings', label: 'Settings', permission: 'account.read', screen: lazy(() => import('@web/features/settings/settings-page')) },
];

// The trade screen's panels from other features, fetched when their tab is first opened
// (open orders is the tab shown first): the trade page's first load stays under its
// 250 KB budget with the chart's library (issue 18). Each has its own Suspense boundary,
// so loading one never blanks the screen around it.
const PositionsPanel = lazy(() => import('@web/features/account/positions-table').then((m) => ({ default: () => <m.PositionsTable compact /> })));
const HistoryPanel = lazy(() => import('@web/features/history/history-page').then((m) => ({ default: m.HistoryList })));
const panelLoading = <p className="py-2 text-xs text-muted">Loading…</p>;

/** The trade screen with the account's positions, order history and fills under its chart: the app composes the features. */
async function tradeScreen() {
  const { TradePage } = await import('@web/features/trade/trade-page');
  const panels = {
    positions: (
      <Suspense fallback={panelLoading}>
        <PositionsPanel />
      </Suspense>
    ),
    history: (
      <Suspense fallback={panelLoading}>
        <HistoryPanel list="orders" />
      </Suspense>
    ),
    fills: (
      <Suspense fallback={panelLoading}>
        <HistoryPanel list="fills" />
      </Suspense>
    ),
  };
  return { default: () => <TradePage panels={panels} /> };
}

/** Two features on one screen: the app composes them (features never import each other). */
async function opsScreen() {
  const [{ default: PledgeRatePage }, { RedemptionLookup }] = await Promise.all([
    import('@web/features/ops/pledge-rate-page'),
    import('@web/features/earn/redemption-lookup'),
  ]);
  return {
    default: () => (
      <div className="flex flex-col gap-3">
        <PledgeRatePage />
        <RedemptionLookup />
      </div>
    ),
  };
}

/**
 * Where a role starts (issue 19): each lands on the screen it is there for, not on Trade.
 * A role not listed, or whose landing screen it may not open, starts on its first screen.
 */
const landingPath: Readonly<Record<string, string>> = {
  ops: '/ops',
  broker: '/broker',
  viewer: '/positions',
  trader: '/trade',
  admin: '/trade',
};

export function landingFor(role: string, allowed: readonly DeskRoute[]): DeskRoute | undefined {
  const wanted = landingPath[role];
  return allowed.find((r) => r.path === wanted) ?? allowed[0];
}

/** The screens a user with these permissions may open, in navigation order. */
export function routesFor(permissions: readonly string[]): DeskRoute[] {
  const granted = new Set(permissions);
  return routes.filter((r) => granted.has(r.permission));
}
