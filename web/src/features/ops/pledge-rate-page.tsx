// Pledge-rate history for ops (issue 8.2, spec 4.1): filters checked before sending (the
// three-month rule shown with its reason), pages of up to 100, a chart per loan order of
// the rate before and after each revision, and a CSV export of the full range.
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { reviseSides, type ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { Button } from '@web/components/button';
import { Panel } from '@web/components/panel';
import { TextField } from '@web/components/text-field';
import { buildCsv, type CsvColumn } from '@web/lib/csv/csv-build';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import { formatDateTime } from '@web/lib/format/format-time';
import { sessionStore } from '@web/lib/session/session-store';
import { describeError } from '@web/lib/api/describe-error';
import { useGranted } from '@web/lib/session/use-granted';
import { fetchFullRange, useFullRange, useRevisePage } from './ops-api';
import { orderIdsOf, rateSeries } from './pledge-chart-series';
import { buildReviseQuery, msToLocalInput, type ReviseFilters, type ReviseQuery } from './revise-query';

const PledgeRateChart = lazy(async () => ({ default: (await import('./pledge-rate-chart')).PledgeRateChart }));

const DAY = 24 * 3600 * 1000;

const csvColumns: CsvColumn<ReviseRecord>[] = (['orderId', 'loanCoin', 'pledgeCoin', 'reviseTime', 'reviseSide', 'reviseAmount', 'beforePledgeRate', 'afterPledgeRate'] as const).map((k) => ({ header: k, value: (r) => r[k] }));

export default function PledgeRatePage() {
  const account = useStore(sessionStore, (s) => s.account);
  const role = useStore(sessionStore, (s) => s.me?.role ?? 'unknown');
  const canRead = useGranted('earn.read');
  const [filters, setFilters] = useState<ReviseFilters>(() => ({ orderId: '', reviseSide: '', pledgeCoin: '', from: msToLocalInput(Date.now() - 30 * DAY), to: msToLocalInput(Date.now()), pageSize: '10' }));
  const [problem, setProblem] = useState<{ field: keyof ReviseFilters; reason: string } | null>(null);
  const [query, setQuery] = useState<ReviseQuery | null>(null);
  const [pageNo, setPageNo] = useState(1);
  const [chartOrder, setChartOrder] = useState('');
  const [exporting, setExporting] = useState<string | null>(null);
  const sideId = useId();
  const chartId = useId();

  const page = useRevisePage(query, pageNo, account);
  const full = useFullRange(query, account);
  const orderIds = useMemo(() => orderIdsOf(full.data?.records ?? []), [full.data]);
  const shownOrder = orderIds.includes(chartOrder) ? chartOrder : (orderIds[0] ?? '');
  const series = useMemo(() => (shownOrder && full.data ? rateSeries(full.data.records, shownOrder) : null), [shownOrder, full.data]);

  const search = () => {
    const built = buildReviseQuery(filters, Date.now());
    if (!built.ok) {
      setProblem({ field: built.field, reason: built.reason });
      return;
    }
    setProblem(null);
    setPageNo(1);
    setQuery(built.query);
  };

  const exportCsv = async () => {
    if (!query) return;
    setExporting('Reading page 1…');
    try {
      const { records, complete } = await fetchFullRange(query, account, (p, n) => setExporting(`Read ${p} page${p === 1 ? '' : 's'}, ${n} rows…`));
      downloadCsv(csvFileName('pledge-rate-history', account), buildCsv(csvColumns, records));
      setExporting(complete ? `Exported ${records.length} rows.` : `Exported the first ${records.length} rows; the range has more, narrow it to export the rest.`);
    } catch (e) {
      setExporting(`Export failed: ${describeError(e)}`);
    }
  };

  if (!canRead) {
    return (
      <Panel title="Pledge-rate history">
        <p className="text-muted">Your role ({role}) may not read loan and savings data: it needs the earn.read permission.</p>
      </Panel>
    );
  }

  const err = (f: keyof ReviseFilters) => (problem?.field === f ? problem.reason : undefined);
  const set = (patch: Partial<ReviseFilters>) => setFilters((f) => ({ ...f, ...patch }));
  const pageSize = Number(query?.pageSize ?? '10');
  const rows = page.data ?? [];

  return (
    <Panel title="Pledge-rate history">
      <form
        aria-label="Pledge-rate filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          search();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <TextField label="Loan order ID" value={filters.orderId} error={err('orderId')} onChange={(e) => set({ orderId: e.target.value })} />
        <div className="flex flex-col gap-1">
          <label htmlFor={sideId} className="text-sm text-muted">
            Revise side
          </label>
          <select id={sideId} value={filters.reviseSide} onChange={(e) => set({ reviseSide: e.target.value as ReviseFilters['reviseSide'] })} className="rounded border border-line bg-surface px-2 py-1.5 text-fg">
            <option value="">any</option>
            {reviseSides.map((s) => (
              <option key={s} value={s}>
                {s === 'down' ? 'down (collateral added)' : 'up (collateral withdrawn)'}
              </option>
            ))}
          </select>
        </div>
        <TextField label="Pledge coin" value={filters.pledgeCoin} error={err('pledgeCoin')} onChange={(e) => set({ pledgeCoin: e.target.value })} className="w-28" />
        <TextField label="From" type="datetime-local" value={filters.from} error={err('from')} onChange={(e) => set({ from: e.target.value })} />
        <TextField label="To" type="datetime-local" value={filters.to} error={err('to')} onChange={(e) => set({ to: e.target.value })} />
        <TextField label="Page size" type="number" min={1} max={100} value={filters.pageSize} error={err('pageSize')} onChange={(e) => set({ pageSize: e.target.value })} className="w-24" />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      <p className="mt-1 text-xs text-muted">Only the past three months can be queried (spec 4.1).</p>

      {query && (
        <div className="mt-3 flex flex-col gap-3">
          {page.isError && (
            <p role="alert" className="text-sm text-sell">
              {describeError(page.error)}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Button onClick={() => setPageNo((p) => Math.max(1, p - 1))} disabled={pageNo <= 1 || page.isFetching}>
              Previous page
            </Button>
            <span data-testid="page-no">Page {pageNo}</span>
            <Button onClick={() => setPageNo((p) => p + 1)} disabled={rows.length < pageSize || page.isFetching}>
              Next page
            </Button>
            <Button onClick={() => void exportCsv()} disabled={exporting !== null && exporting.endsWith('…')}>
              Export full range (CSV)
            </Button>
            {exporting && <span role="status">{exporting}</span>}
          </div>
          <div className="max-h-96 overflow-auto">
            <table aria-label="Pledge-rate revisions" className="w-full text-left text-xs">
              <thead className="sticky top-0 bg-panel text-muted">
                <tr>
                  {['Time', 'Order', 'Loan coin', 'Pledge coin', 'Side', 'Amount', 'Rate before', 'Rate after'].map((h) => (
                    <th key={h} scope="col" className="px-2 py-1">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.orderId}-${r.reviseTime}-${i}`} className="border-t border-line">
                    <td className="px-2 py-1 tabular-nums">{formatDateTime(r.reviseTime)}</td>
                    <td className="px-2 py-1 font-mono">{r.orderId}</td>
                    <td className="px-2 py-1">{r.loanCoin}</td>
                    <td className="px-2 py-1">{r.pledgeCoin}</td>
                    <td className="px-2 py-1">{r.reviseSide}</td>
                    <td className="px-2 py-1 tabular-nums">{r.reviseAmount}</td>
                    <td className="px-2 py-1 tabular-nums">{r.beforePledgeRate} %</td>
                    <td className="px-2 py-1 tabular-nums">{r.afterPledgeRate} %</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {page.isSuccess && rows.length === 0 && <p className="p-2 text-sm text-muted">No revisions match on this page.</p>}
          </div>

          <div className="flex flex-col gap-2">
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor={chartId} className="text-muted">
                Chart loan order
              </label>
              <select id={chartId} value={shownOrder} onChange={(e) => setChartOrder(e.target.value)} disabled={orderIds.length === 0} className="rounded border border-line bg-surface px-2 py-1 text-fg">
                {orderIds.map((id) => (
                  <option key={id} value={id}>
                    {id}
                  </option>
                ))}
              </select>
              {full.isFetching && <span className="text-muted">Reading the full range…</span>}
              {full.isError && <span className="text-sell">{describeError(full.error)}</span>}
            </div>
            {series && (
              <Suspense fallback={<p className="text-sm text-muted">Loading the chart…</p>}>
                <PledgeRateChart series={series} />
              </Suspense>
            )}
          </div>
        </div>
      )}
    </Panel>
  );
}
