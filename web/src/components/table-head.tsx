/** A table's header row of plain column names (tables have headers: STYLE.md). */
export function TableHead({ columns, className = 'text-muted' }: { columns: readonly string[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((name) => (
          <th key={name} scope="col" className="px-2 py-1">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
