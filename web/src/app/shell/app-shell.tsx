import { Suspense, useEffect, useMemo } from 'react';
import { ErrorBoundary } from '@web/components/error-boundary';
import { PageFrame } from '@web/components/page-frame';
import { NotificationHistory } from '@web/features/trade/toasts/notification-history';
import { OrderNotifications } from '@web/features/trade/toasts/order-notifications';
import type { Me } from '@contract/schemas/session';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { Link, matchRoute, navigate, usePathname } from '../router';
import { landingFor, routesFor } from '../routes';
import { useDeskSockets } from '../use-desk-sockets';
import { AccountSwitcher } from './account-switcher';
import { BadInputWarning } from './bad-input-warning';
import { ConnectionIndicator } from './connection-indicator';
import { MainNav } from './main-nav';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export function AppShell({ me }: { me: Me }) {
  const pathname = usePathname();
  const account = useCurrentAccount();
  const allowed = useMemo(() => routesFor(me.permissions), [me.permissions]);
  const current = matchRoute(pathname, allowed);
  useDeskSockets(account);

  const landing = landingFor(me.role, allowed);
  useEffect(() => {
    if (pathname === '/' && landing) navigate(landing.path, { replace: true });
  }, [pathname, landing]);

  const Screen = current?.screen;
  // Below lg the page scrolls inside the first box, and notifications dock under it, so
  // a toast takes room of its own instead of covering the order form (issue 19: at 390 px
  // a fixed toast sat on the form's controls). From lg on, the window scrolls and toasts
  // float at the top centre, over the charts (ToastStack).
  return (
    <div className="flex h-dvh flex-col lg:block lg:h-auto lg:min-h-full">
      <div data-scroll-area className="flex min-h-0 flex-1 flex-col overflow-y-auto lg:block lg:overflow-visible">
        <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line bg-panel px-3 py-2">
          <Link to="/" className="whitespace-nowrap text-base font-bold tracking-tight">
            UTA Desk
          </Link>
          <div className="min-w-0 md:order-last md:w-full 2xl:order-none 2xl:w-auto 2xl:flex-1">
            <MainNav routes={allowed} current={current} />
          </div>
          <div className="ml-auto flex flex-wrap items-center gap-3">
            <AccountSwitcher accounts={me.accounts} />
            <ConnectionIndicator />
            <BadInputWarning />
            {me.permissions.includes('trade.read') && <NotificationHistory />}
            <ThemeToggle />
            <UserMenu me={me} />
          </div>
        </header>
        <main className="flex-1 p-3">
          <ErrorBoundary resetKey={current?.path}>
            <Suspense fallback={<p className="text-muted">Loading…</p>}>
              {Screen ? (
                <Screen />
              ) : pathname === '/' && allowed.length > 0 ? null : (
                <PageFrame title="Not found" boxed>
                  <p className="text-muted">
                    {allowed.length === 0 ? 'Your role has no screens on this desk.' : 'There is no screen at this address, or your role may not open it.'}
                  </p>
                  {landing && (
                    <p className="mt-2">
                      <Link to={landing.path} className="underline">
                        Go to {landing.label}
                      </Link>
                    </p>
                  )}
                </PageFrame>
              )}
            </Suspense>
          </ErrorBoundary>
        </main>
      </div>
      {/* Order events are announced on every screen (issue 19). */}
      {me.permissions.includes('trade.read') && <OrderNotifications />}
    </div>
  );
}
