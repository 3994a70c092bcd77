// The screens' navigation. Wide screens show every link in a row; below 768 px the row
// would hide screens past the edge with no hint (issue 19), so it collapses into a menu
// button that names the current screen and opens the whole list.
import { useCallback, useId, useRef, useState } from 'react';
import { useDismiss } from '@web/lib/dom/use-dismiss';
import { Link } from '../router';
import type { DeskRoute } from '../routes';

function NavLinks({ routes, current, vertical, onPick }: { routes: readonly DeskRoute[]; current: DeskRoute | undefined; vertical: boolean; onPick?: () => void }) {
  return (
    <ul className={vertical ? 'flex flex-col gap-0.5 py-1' : 'flex gap-1'}>
      {routes.map((r) => {
        const active = r === current;
        return (
          <li key={r.path}>
            <Link
              to={r.path}
              onClick={onPick}
              aria-current={active ? 'page' : undefined}
              className={`block whitespace-nowrap rounded px-2.5 py-1.5 text-sm ${active ? 'bg-raised font-semibold text-fg' : 'text-muted hover:text-fg'}`}
            >
              {r.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function MainNav({ routes, current }: { routes: readonly DeskRoute[]; current: DeskRoute | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLElement>(null);

  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, root, close);

  return (
    <nav aria-label="Main" ref={root} className="relative">
      <div className="hidden md:block">
        <NavLinks routes={routes} current={current} vertical={false} />
      </div>
      <div className="md:hidden">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
          aria-label={`Menu, ${routes.length} screens${current ? `: ${current.label}` : ''}`}
          className="inline-flex items-center gap-2 rounded border border-line px-2.5 py-1.5 text-sm"
        >
          <span aria-hidden="true">☰</span>
          <span aria-hidden="true">
            Menu{current && <span className="font-semibold">: {current.label}</span>}
          </span>
        </button>
        {open && (
          <div id={listId} className="absolute left-0 top-full z-30 mt-1 min-w-48 rounded border border-line bg-panel shadow-lg">
            <NavLinks routes={routes} current={current} vertical onPick={() => setOpen(false)} />
          </div>
        )}
      </div>
    </nav>
  );
}
