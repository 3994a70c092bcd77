import type { ReactNode } from 'react';

/** A titled region; the heading names the region for screen readers. */
export function Panel({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-md border border-line bg-panel p-4">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h1 id={id} className="text-base font-semibold">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </section>
  );
}
