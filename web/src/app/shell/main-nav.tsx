import { Link } from '../router';
import type { DeskRoute } from '../routes';

export function MainNav({ routes, current }: { routes: readonly DeskRoute[]; current: DeskRoute | undefined }) {
  return (
    <nav aria-label="Main" className="overflow-x-auto">
      <ul className="flex gap-1">
        {routes.map((r) => {
          const active = r === current;
          return (
            <li key={r.path}>
              <Link
                to={r.path}
                aria-current={active ? 'page' : undefined}
                className={`block whitespace-nowrap rounded px-2.5 py-1.5 text-sm ${active ? 'bg-raised font-semibold text-fg' : 'text-muted hover:text-fg'}`}
              >
                {r.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
