// A box that scrolls its content (a wide table, a long list). It takes keyboard focus and
// carries a name, so a keyboard user can reach it and scroll it with the arrow keys, and a
// screen reader announces what it holds (axe: scrollable-region-focusable).
import type { ReactNode } from 'react';

export function ScrollRegion({ label, className = '', children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="region" aria-label={label} tabIndex={0} className={`overflow-auto ${className}`}>
      {children}
    </div>
  );
}
