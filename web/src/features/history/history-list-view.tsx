// One history list: its filters, the virtualized rows with "load more" and infinite
// scroll, and CSV export of the loaded rows or of the whole range.
import { useCallback, useId, useMemo, useState } from 'react';
import { SelectField } from '@web/components/select-field';
import { usePagedList } from '@web/lib/account-data/use-paged-list';
import { categoryChoices } from '@web/lib/instruments/instrument-meta';
import { buildCsv } from '@web/lib/csv/csv-build';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import { useCurrentAccount } from '@web/lib/session/use-session';
import { localInputToMs, msToLocalInput, rangeProblem, type HistoryFilters, noFilters } from './history-filters';
import { PAGE_SIZE, type ListDefinition } from './history-lists';
import { useRangeExport } from './use-range-export';
import { VirtualTable } from './virtual-table';

const categoryOptions = [{ value: '', label: 'All' }, ...categoryChoices.map((c) => ({ value: c.category, label: c.label }))];

interface Props<Row> {
  def: ListDefinition<Row>;
  /** Symbols (or coins, for financial records) offered by the filter. */
  symbolOptions: readonly string[];
}

export function HistoryListView<Row>({ def, symbolOptions }: Props<Row>) {
  const account = useCurrentAccount();
  const [filters, setFilters] = useState<HistoryFilters>(noFilters);
  const key = `${account}|${def.id}|${JSON.stringify(filters)}`;
  const { state, list } = usePagedList<Row>(key, def.topic, () => ({
    fetchPage: (cursor, signal) => def.fetchPage(filters, cursor, account, signal),
    idOf: def.idOf,
    pageSize: PAGE_SIZE,
  }));
  const exporter = useRangeExport(def, filters, account);
  const loadMore = useCallback(() => void list.loadMore(), [list]);
  const running = exporter.state.phase === 'running';

  return (
    <div className="flex flex-col gap-2">
      <FilterForm def={def} applied={filters} onApply={setFilters} symbolOptions={symbolOptions} />
      <div className="flex flex-wrap items-center gap-2 text-xs">
        <p role="status" aria-label={`${def.title} loaded`} className="text-muted">
          {state.rows.length} {state.rows.length === 1 ? 'row' : 'rows'} loaded{state.exhausted ? ' (all)' : ''}
          {state.loading || state.refreshing ? ', loading…' : ''}
        </p>
        <button type="button" onClick={loadMore} disabled={state.loading || state.exhausted} className="rounded border border-line px-2 py-1 hover:bg-raised disabled:opacity-50">
          Load more
        </button>
        <button
          type="button"
          onClick={() => downloadCsv(csvFileName(def.id, account), buildCsv(def.csv, state.rows))}
          disabled={state.rows.length === 0}
          className="rounded border border-line px-2 py-1 hover:bg-raised disabled:opacity-50"
        >
          Export loaded rows (CSV)
        </button>
        <button type="button" onClick={() => void exporter.start()} disabled={running} className="rounded border border-line px-2 py-1 hover:bg-raised disabled:opacity-50">
          Export whole range (CSV)
        </button>
        <RangeExportStatus state={exporter.state} onCancel={exporter.cancel} />
      </div>
      {state.error && (
        <p role="alert" className="text-xs text-sell">
          {def.title} could not be loaded: {state.error.message}
        </p>
      )}
      <VirtualTable
        label={def.title}
        columns={def.columns}
        rows={state.rows}
        rowKey={def.idOf}
        rowLabel={def.rowLabel}
        onNearEnd={state.exhausted || state.error ? undefined : loadMore}
        empty={state.loading ? 'Loading…' : 'Nothing in this range.'}
      />
    </div>
  );
}

function RangeExportStatus({ state, onCancel }: { state: ReturnType<typeof useRangeExport>['state']; onCancel(): void }) {
  if (state.phase === 'idle') return null;
  if (state.phase === 'running') {
    const { rows, pages, fraction } = state.progress;
    return (
      <span className="flex items-center gap-2">
        <progress aria-label="Export progress" max={1} value={fraction ?? undefined} className="w-32" />
        <span role="status">
          Exporting: {rows} rows from {pages} {pages === 1 ? 'page' : 'pages'}
        </span>
        <button type="button" onClick={onCancel} className="rounded border border-line px-2 py-1 hover:bg-raised">
          Cancel export
        </button>
      </span>
    );
  }
  if (state.phase === 'done')
    return (
      <span role="status" className="text-buy">
        Exported {state.rows} rows{state.truncated ? ' (stopped at the limit; narrow the range)' : ''}.
      </span>
    );
  if (state.phase === 'canceled') return <span role="status">Export canceled after {state.rows} rows; nothing was saved.</span>;
  return (
    <span role="alert" className="text-sell">
      Export failed: {state.message}
    </span>
  );
}

function FilterForm<Row>({ def, applied, onApply, symbolOptions }: { def: ListDefinition<Row>; applied: HistoryFilters; onApply(f: HistoryFilters): void; symbolOptions: readonly string[] }) {
  const id = useId();
  const [from, setFrom] = useState(msToLocalInput(applied.start));
  const [to, setTo] = useState(msToLocalInput(applied.end));
  const [category, setCategory] = useState(applied.category);
  const [symbol, setSymbol] = useState(applied.symbol);
  const [problem, setProblem] = useState<{ field: 'start' | 'end'; message: string } | null>(null);
  const symbolLabel = def.symbolFilter === 'coin' ? 'Coin' : 'Symbol';
  const options = useMemo(() => [...new Set(symbolOptions)].sort(), [symbolOptions]);

  const apply = () => {
    const start = localInputToMs(from);
    const end = localInputToMs(to);
    if (start === null) return setProblem({ field: 'start', message: 'Not a valid date and time' });
    if (end === null) return setProblem({ field: 'end', message: 'Not a valid date and time' });
    const next = { start, end, category, symbol };
    const wrong = rangeProblem(next);
    if (wrong) return setProblem(wrong);
    setProblem(null);
    onApply(next);
  };
  const input = 'rounded border border-line bg-surface px-2 py-1 text-fg';
  return (
    <form
      aria-label={`${def.title} filters`}
      className="flex flex-wrap items-end gap-2 text-xs"
      onSubmit={(e) => {
        e.preventDefault();
        apply();
      }}
    >
      <label className="flex flex-col text-muted">
        From
        <input type="datetime-local" step={1} value={from} onChange={(e) => setFrom(e.target.value)} aria-invalid={problem?.field === 'start' || undefined} aria-describedby={problem?.field === 'start' ? `${id}-problem` : undefined} className={input} />
      </label>
      <label className="flex flex-col text-muted">
        To
        <input type="datetime-local" step={1} value={to} onChange={(e) => setTo(e.target.value)} aria-invalid={problem?.field === 'end' || undefined} aria-describedby={problem?.field === 'end' ? `${id}-problem` : undefined} className={input} />
      </label>
      <SelectField compact label="Category" value={category} onChange={(e) => setCategory(e.target.value as HistoryFilters['category'])} options={categoryOptions} />
      <SelectField compact label={symbolLabel} value={symbol} onChange={(e) => setSymbol(e.target.value)} options={[{ value: '', label: 'All' }, ...options.map((s) => ({ value: s, label: s }))]} />
      <button type="submit" className="rounded bg-accent px-3 py-1 font-medium text-accent-fg">
        Apply filters
      </button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sell">
          {problem.message}
        </p>
      )}
    </form>
  );
}
