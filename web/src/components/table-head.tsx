/**
 * A column of TableHead: its name, or the name with how it shows. A numeric column is
 * right-aligned like its cells; a column whose cells are controls (a row's Close button)
 * keeps its name for screen readers only.
 */
export type TableColumn = string | { label: string; numeric?: boolean; visuallyHidden?: boolean };

/** A table's header row (tables have headers: STYLE.md). `cellClassName` pads each header cell. */
export function TableHead({ columns, className = 'text-muted', cellClassName = 'px-2 py-1' }: { columns: readonly TableColumn[]; className?: string; cellClassName?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => {
          const { label, numeric = false, visuallyHidden = false } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={`${cellClassName} ${numeric ? 'text-right' : ''}`.trim() || undefined}>
              {visuallyHidden ? <span className="sr-only">{label}</span> : label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
