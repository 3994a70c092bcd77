import type { ReactNode } from 'react';
import { describeError } from '@web/lib/api/describe-error';

/** A read the page depends on, named for the sentence that says it failed ("Balances"). */
export interface PageRead {
  what: string;
  error: unknown;
}

/**
 * Every screen's frame: its one h1, its actions beside it, and a line per read that
 * failed, said the same way on every screen. `boxed` draws the content as one panel.
 */
export function PageFrame({ title, actions, reads = [], boxed = false, className = '', children }: { title: string; actions?: ReactNode; reads?: readonly PageRead[]; boxed?: boolean; className?: string; children: ReactNode }) {
  const failed = reads.filter((r) => r.error !== null && r.error !== undefined);
  return (
    <div className={`flex flex-col gap-3 p-2 ${className}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-base font-semibold">{title}</h1>
        {actions}
      </div>
      {failed.map((r) => (
        <p key={r.what} role="alert" className="text-sell">
          {r.what} could not be loaded: {describeError(r.error)}
        </p>
      ))}
      {boxed ? <div className="rounded-md border border-line bg-panel p-4">{children}</div> : children}
    </div>
  );
}
