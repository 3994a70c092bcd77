// A row of tabs (role="tablist"): one button a tab, the selected one marked for screen
// readers (aria-selected) and by its look. With `idPrefix`, each tab gets the id
// `${idPrefix}-tab-${id}` and controls the panel `${idPrefix}-panel-${id}`, so a screen's
// tabpanel can name its tab; without it the panels name themselves.
export function TabList<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  idPrefix,
  className = 'flex flex-wrap gap-1',
}: {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (id: Id) => void;
  idPrefix?: string;
  className?: string;
}) {
  return (
    <div role="tablist" aria-label={label} className={className}>
      {tabs.map((t) => (
        <button
          key={t.id}
          type="button"
          role="tab"
          id={idPrefix ? `${idPrefix}-tab-${t.id}` : undefined}
          aria-controls={idPrefix ? `${idPrefix}-panel-${t.id}` : undefined}
          aria-selected={selected === t.id}
          onClick={() => onSelect(t.id)}
          className={`rounded px-2.5 py-1 text-sm ${selected === t.id ? 'bg-raised font-semibold text-fg' : 'text-muted hover:text-fg'}`}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
