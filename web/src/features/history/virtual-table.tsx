// A table of thousands of rows that renders only the rows in view (@tanstack/react-virtual),
// with ARIA table roles so it reads as a table with headers, and a callback as the end
// comes near, for infinite scroll.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type ReactNode } from 'react';
import { useMarketFormat, type MarketFormat } from '@web/lib/format/market-format';

export interface TableColumn<Row> {
  header: string;
  /** The cell's content; `fmt` formats its numbers on the row's instrument and coin. */
  cell: (row: Row, fmt: MarketFormat) => ReactNode;
  /** CSS grid track, e.g. "8rem" or "minmax(6rem,1fr)". */
  width: string;
  align?: 'left' | 'right';
}

interface VirtualTableProps<Row> {
  label: string;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowLabel: (row: Row) => string;
  /** Called when the last rows come into view (infinite scroll). */
  onNearEnd?: () => void;
  empty: ReactNode;
  height?: number;
}

const ROW_HEIGHT = 30;
/** The sticky header row's height; rows start below it in the scroll container. */
const HEADER_HEIGHT = 26;

export function VirtualTable<Row>({ label, columns, rows, rowKey, rowLabel, onNearEnd, empty, height = 480 }: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const fmt = useMarketFormat();
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: HEADER_HEIGHT });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  const template = columns.map((c) => c.width).join(' ');

  useEffect(() => {
    if (onNearEnd && rows.length > 0 && lastIndex >= rows.length - 10) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  // One scroll container for both axes, with the header row stuck to its top: the header
  // stays aligned with the columns when scrolled sideways, and the one box can take keyboard
  // focus so arrow keys scroll it (axe: scrollable-region-focusable).
  return (
    <div
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      tabIndex={0}
      className="tabular overflow-auto text-xs"
      style={{ maxHeight: height + HEADER_HEIGHT }}
    >
      <div role="rowgroup" className="sticky top-0 z-10 min-w-max bg-panel">
        <div role="row" aria-rowindex={1} className="grid border-b border-line text-muted" style={{ gridTemplateColumns: template, height: HEADER_HEIGHT }}>
          {columns.map((c) => (
            <div key={c.header} role="columnheader" className={`px-2 py-1 font-medium ${c.align === 'right' ? 'text-right' : 'text-left'}`}>
              {c.header}
            </div>
          ))}
        </div>
      </div>
      <div role="rowgroup" className="min-w-max">
        {rows.length === 0 ? (
          <div role="row">
            <div role="cell" className="px-2 py-3 text-muted">
              {empty}
            </div>
          </div>
        ) : (
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={rowKey(row)}
                  role="row"
                  aria-rowindex={item.index + 2}
                  aria-label={rowLabel(row)}
                  className="absolute left-0 grid w-full border-b border-line/40 hover:bg-raised"
                  style={{ gridTemplateColumns: template, height: ROW_HEIGHT, transform: `translateY(${item.start - HEADER_HEIGHT}px)` }}
                >
                  {columns.map((c) => (
                    <div key={c.header} role="cell" className={`truncate px-2 py-1.5 ${c.align === 'right' ? 'text-right' : 'text-left'}`}>
                      {c.cell(row, fmt)}
                    </div>
                  ))}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
