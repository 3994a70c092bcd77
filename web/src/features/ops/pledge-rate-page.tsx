// Pledge-rate history for ops (issue 21): read from the proxy's archive, which keeps what
// the exchange serves only for three months (spec 4.1). Any range can be asked; the note
// says how far the archive is complete and which rows only the archive still has. A
// chart on a true time axis per loan order (picked from the archived loan orders), a
// table with the CSV's columns, and a CSV export streamed from the archive.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useStore } from 'zustand';
import { archiveColumns, type ArchiveMeta } from '@contract/schemas/archive';
import { reviseRecord, type ReviseRecord } from '@contract/schemas/earn-broker-convert';
import { borrowRecord } from '@contract/schemas/loan-orders';
import { ArchiveCsvExport } from '@web/components/archive-csv-export';
import { Button } from '@web/components/button';
import { PageFrame } from '@web/components/page-frame';
import { TextField } from '@web/components/text-field';
import { SelectField } from '@web/components/select-field';
import { apiFetch } from '@web/lib/api/api-client';
import { useArchiveSync } from '@web/lib/api/use-archive-sync';
import { archiveNote, fetchArchiveRows, type ArchiveQuery } from '@web/lib/api/archive-client';
import { describeError } from '@web/lib/api/describe-error';
import { sessionStore } from '@web/lib/session/session-store';
import { parseLocalDateTime } from '@web/lib/format/format-time';
import { useGranted } from '@web/lib/session/use-granted';
import { PledgeRateChart } from './pledge-rate-chart';
import { orderIdsOf, revisionPoints } from './pledge-chart-series';
import { ScrollRegion } from '@web/components/scroll-region';

type Range = Pick<ArchiveQuery, 'from' | 'to' | 'ref'>;

/** The completeness note of the revisions shown. */
export function completenessNote(meta: ArchiveMeta, shown: number): string[] {
  return archiveNote(meta, shown, 'revisions');
}

export default function PledgeRatePage() {
  const account = useStore(sessionStore, (s) => s.account);
  const role = useStore(sessionStore, (s) => s.me?.role ?? 'unknown');
  const canRead = useGranted('earn.read');
  const sync = useArchiveSync(account, ['revisions', 'loanOrders']);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [order, setOrder] = useState('');
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; reason: string } | null>(null);
  const [range, setRange] = useState<Range>({});

  const revisions = useQuery({
    queryKey: ['archive', account, 'revisions', range],
    queryFn: () => fetchArchiveRows(apiFetch, 'revisions', range),
    enabled: canRead,
  });
  const loans = useQuery({
    queryKey: ['archive', account, 'loanOrders'],
    queryFn: () => fetchArchiveRows(apiFetch, 'loanOrders', {}),
    enabled: canRead,
  });

  const records = useMemo(() => (revisions.data?.rows ?? []).flatMap((r) => (reviseRecord.safeParse(r).success ? [r as ReviseRecord] : [])), [revisions.data]);
  const loanList = useMemo(() => (loans.data?.rows ?? []).flatMap((r) => { const p = borrowRecord.safeParse(r); return p.success ? [p.data] : []; }), [loans.data]);
  const chartOrder = range.ref ?? orderIdsOf(records)[0] ?? '';
  const points = useMemo(() => (chartOrder ? revisionPoints(records, chartOrder) : []), [records, chartOrder]);
  const chartFrom = range.from !== undefined ? Number(range.from) : (points[0]?.time ?? 0);
  const chartTo = range.to !== undefined ? Number(range.to) : Math.max(points[points.length - 1]?.time ?? 0, Math.min(revisions.dataUpdatedAt, (revisions.data?.meta.complete.at(-1)?.to ?? 0)));

  const show = () => {
    const f = from ? parseLocalDateTime(from) : undefined;
    const t = to ? parseLocalDateTime(to) : undefined;
    if (from && f === undefined) return setProblem({ field: 'from', reason: 'must be a date and time' });
    if (to && t === undefined) return setProblem({ field: 'to', reason: 'must be a date and time' });
    if (f !== undefined && t !== undefined && t < f) return setProblem({ field: 'to', reason: 'the range ends before it starts: "To" must not be before "From"' });
    setProblem(null);
    setRange({ ...(f !== undefined ? { from: String(f) } : {}), ...(t !== undefined ? { to: String(t) } : {}), ...(order ? { ref: order } : {}) });
  };


  if (!canRead) {
    return (
      <PageFrame boxed title="Pledge-rate history">
        <p className="text-muted">Your role ({role}) may not read loan and savings data: it needs the earn.read permission.</p>
      </PageFrame>
    );
  }

  const meta = revisions.data?.meta;
  const columns = archiveColumns.revisions;

  return (
    <PageFrame boxed title="Pledge-rate history">
      <form
        aria-label="Pledge-rate filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField
          label="Loan order"
          className="max-w-full"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          options={[{ value: '', label: 'all loan orders' }, ...loanList.map((l) => ({ value: l.orderId, label: `${l.orderId} · ${l.loanCoin} against ${l.pledgeCoin} · ${l.status.toLowerCase()}` }))]}
        />
        <TextField label="From" type="datetime-local" value={from} error={problem?.field === 'from' ? problem.reason : undefined} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="datetime-local" value={to} error={problem?.field === 'to' ? problem.reason : undefined} onChange={(e) => setTo(e.target.value)} />
        <Button type="submit" variant="primary">
          Show
        </Button>
        <Button onClick={() => void sync.syncNow()} disabled={sync.running}>
          Sync now
        </Button>
      </form>
      <p className="mt-1 text-xs text-muted">Read from the desk's archive: any range, including beyond the exchange's three months (spec 4.1). Empty dates: everything archived.</p>
      {sync.status && (
        <p role="status" className="text-sm">
          {sync.status}
        </p>
      )}

      <div className="mt-3 flex flex-col gap-3">
        {revisions.isError && (
          <p role="alert" className="text-sm text-sell">
            {describeError(revisions.error)}
          </p>
        )}
        {meta && (
          <div role="note" aria-label="Archive completeness" className="rounded border border-line bg-raised p-2 text-sm">
            {completenessNote(meta, records.length).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}

        {points.length > 0 && <PledgeRateChart orderId={chartOrder} points={points} from={chartFrom} to={chartTo} gaps={meta?.gaps ?? []} asOf={revisions.dataUpdatedAt} />}
        {revisions.isSuccess && records.length === 0 && <p className="text-sm text-muted">No archived revisions in this range.</p>}

        <ArchiveCsvExport feed="revisions" range={range} account={account} fileStem="pledge-rate-history" />
        <ScrollRegion label="Pledge-rate revisions" className="max-h-96">
          <table aria-label="Pledge-rate revisions" className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-panel text-muted">
              <tr>
                {columns.map((c) => (
                  <th key={c.header} scope="col" className="px-2 py-1">
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {records.map((r) => {
                const old = meta?.apiWindowFrom !== null && meta?.apiWindowFrom !== undefined && Number(r.reviseTime) < meta.apiWindowFrom;
                return (
                  <tr key={`${r.orderId}-${r.reviseTime}`} data-source={old ? 'archive' : 'exchange'} className={`border-t border-line ${old ? 'text-muted' : ''}`}>
                    {columns.map((c) => (
                      <td key={c.header} className="whitespace-nowrap px-2 py-1 tabular-nums">
                        {c.value(r)}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </div>
    </PageFrame>
  );
}
