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
import { ArchiveTable } from '@web/components/archive-table';
import { PageFrame } from '@web/components/page-frame';
import { useTimeRangeInput } from '@web/components/time-range-fields';
import { ArchiveRangeForm } from '@web/components/archive-range-form';
import { SelectField } from '@web/components/select-field';
import { apiFetch } from '@web/lib/api/api-client';
import { useArchiveSync } from '@web/lib/api/use-archive-sync';
import { archiveNote, fetchArchiveRows, type ArchiveQuery } from '@web/lib/api/archive-client';
import { describeError } from '@web/lib/api/describe-error';
import { sessionStore } from '@web/lib/session/session-store';
import { useGranted } from '@web/lib/session/use-granted';
import { PledgeRateChart } from './pledge-rate-chart';
import { orderIdsOf, revisionPoints } from './pledge-chart-series';

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
  const rangeInput = useTimeRangeInput();
  const [order, setOrder] = useState('');
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
      <ArchiveRangeForm
        label="Pledge-rate filters"
        range={rangeInput}
        sync={sync}
        note="Read from the desk's archive: any range, including beyond the exchange's three months (spec 4.1). Empty dates: everything archived."
        onShow={(read) => setRange({ ...read, ...(order ? { ref: order } : {}) })}
      >
        <SelectField
          label="Loan order"
          className="max-w-full"
          value={order}
          onChange={(e) => setOrder(e.target.value)}
          options={[{ value: '', label: 'all loan orders' }, ...loanList.map((l) => ({ value: l.orderId, label: `${l.orderId} · ${l.loanCoin} against ${l.pledgeCoin} · ${l.status.toLowerCase()}` }))]}
        />
      </ArchiveRangeForm>

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
        <ArchiveTable
          label="Pledge-rate revisions"
          className="max-h-96"
          columns={columns}
          rows={records}
          rowKey={(r) => `${r.orderId}-${r.reviseTime}`}
          rowProps={(r) => {
            // Rows older than the exchange's window are ones only the archive still has.
            const old = meta?.apiWindowFrom !== null && meta?.apiWindowFrom !== undefined && Number(r.reviseTime) < meta.apiWindowFrom;
            return { 'data-source': old ? 'archive' : 'exchange', className: old ? 'text-muted' : '' };
          }}
        />
      </div>
    </PageFrame>
  );
}
