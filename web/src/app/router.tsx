// A tiny router over the history API: the desk has a flat list of screens, which
// does not justify a routing dependency in the initial bundle.
import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (options.replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const l of [...listeners]) l();
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => location.pathname, () => '/');
}

/** A plain click (no modifier, main button) is handled in the page; anything else is left to the browser. */
export function isPlainClick(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; children: ReactNode };

export function Link({ to, onClick, target, children, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (!isPlainClick(e) || (target && target !== '_self')) return;
        e.preventDefault();
        navigate(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

/** The route whose path equals the pathname, or starts it as a folder (`/trade/BTCUSDT`). */
export function matchRoute<R extends { path: string }>(pathname: string, routes: readonly R[]): R | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return routes.find((r) => clean === r.path || clean.startsWith(`${r.path}/`));
}
