// Rows of the proxy's archive in the CSV's columns (contract/schemas/archive.ts
// archiveColumns), so a screen shows what its CSV export holds. The history's archive tab
// and ops' pledge-rate history both show their rows with it.
import type { HTMLAttributes, ReactNode } from 'react';
import type { ArchiveColumn } from '@contract/schemas/archive';
import { ScrollRegion } from './scroll-region';
import { TableHead } from './table-head';

type ArchiveRow = Record<string, unknown>;

export function ArchiveTable<R extends ArchiveRow>({
  label,
  columns,
  rows,
  rowKey = (_row, i) => String(i),
  rowProps,
  className = '',
  empty,
}: {
  label: string;
  columns: readonly ArchiveColumn[];
  rows: readonly R[];
  rowKey?: (row: R, index: number) => string;
  /** More attributes of a row's <tr>, e.g. to mark rows only the archive still has. */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string };
  className?: string;
  /** What to say under the header when there are no rows. */
  empty?: ReactNode;
}) {
  return (
    <ScrollRegion label={label} className={className}>
      <table aria-label={label} className="w-full text-left text-xs">
        <TableHead className="sticky top-0 bg-panel text-muted" cellClassName="whitespace-nowrap px-2 py-1" columns={columns.map((c) => c.header)} />
        <tbody>
          {rows.map((row, i) => {
            const extra = rowProps?.(row);
            return (
              <tr key={rowKey(row, i)} {...extra} className={`border-t border-line ${extra?.className ?? ''}`.trim()}>
                {columns.map((c) => (
                  <td key={c.header} className="whitespace-nowrap px-2 py-1 tabular-nums">
                    {c.value(row)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
      {rows.length === 0 && empty}
    </ScrollRegion>
  );
}
