// The archived history of the account (issue 21): fills, orders and financial records the
// desk has kept, over any range, including what the exchange no longer serves. The note
// says how far the archive is complete; the table has the CSV's columns; the CSV of the
// whole range is streamed from the proxy with a progress bar.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from 'zustand';
import { archiveColumns, type ArchiveFeed } from '@contract/schemas/archive';
import { ArchiveCsvExport } from '@web/components/archive-csv-export';
import { ArchiveTable } from '@web/components/archive-table';
import { useTimeRangeInput } from '@web/components/time-range-fields';
import { ArchiveRangeForm } from '@web/components/archive-range-form';
import { SelectField } from '@web/components/select-field';
import { apiFetch } from '@web/lib/api/api-client';
import { useArchiveSync } from '@web/lib/api/use-archive-sync';
import { archiveNote, fetchArchivePage, type ArchiveQuery } from '@web/lib/api/archive-client';
import { describeError } from '@web/lib/api/describe-error';
import { sessionStore } from '@web/lib/session/session-store';

const feedsShown = [
  { feed: 'fills', label: 'Fills', noun: 'fills' },
  { feed: 'orders', label: 'Order history', noun: 'orders' },
  { feed: 'records', label: 'Financial records', noun: 'records' },
] as const satisfies ReadonlyArray<{ feed: ArchiveFeed; label: string; noun: string }>;
type ShownFeed = (typeof feedsShown)[number]['feed'];

const PAGE_ROWS = 500;

export function ArchivePanel() {
  const account = useStore(sessionStore, (s) => s.account);
  const [feed, setFeed] = useState<ShownFeed>('fills');
  const rangeInput = useTimeRangeInput();
  const [range, setRange] = useState<Pick<ArchiveQuery, 'from' | 'to'>>({});
  const [shownFeed, setShownFeed] = useState<ShownFeed>('fills');
  const sync = useArchiveSync(account, [shownFeed]);

  const page = useQuery({ queryKey: ['archive', account, shownFeed, range], queryFn: () => fetchArchivePage(apiFetch, shownFeed, { ...range, limit: String(PAGE_ROWS) }) });
  const label = feedsShown.find((f) => f.feed === shownFeed)!;


  const rows = page.data?.rows ?? [];
  const columns = archiveColumns[shownFeed];

  return (
    <div className="flex flex-col gap-2">
      <ArchiveRangeForm
        label="Archive filters"
        range={rangeInput}
        sync={sync}
        note="Read from the desk's archive: any range, including what the exchange no longer serves. Empty dates: everything archived."
        onShow={(read) => {
          setShownFeed(feed);
          setRange(read);
        }}
      >
        <SelectField label="List" value={feed} onChange={(e) => setFeed(e.target.value as ShownFeed)} options={feedsShown.map((f) => ({ value: f.feed, label: f.label }))} />
      </ArchiveRangeForm>
      {page.isError && (
        <p role="alert" className="text-sm text-sell">
          {describeError(page.error)}
        </p>
      )}
      {page.data && (
        <div role="note" aria-label="Archive completeness" className="rounded border border-line bg-raised p-2 text-sm">
          {archiveNote(page.data.meta, rows.length, label.noun).map((line) => (
            <p key={line}>{line}</p>
          ))}
          <p>
            {page.data.meta.total} {label.noun} in this range
            {page.data.meta.total > rows.length ? `; the first ${rows.length} are shown, the CSV has them all` : ''}.
          </p>
        </div>
      )}
      <ArchiveCsvExport feed={shownFeed} range={range} account={account} fileStem={`archived-${shownFeed}`} />
      <ArchiveTable
        label={`Archived ${label.noun}`}
        className="max-h-[28rem]"
        columns={columns}
        rows={rows}
        empty={page.isSuccess && <p className="p-2 text-sm text-muted">Nothing archived in this range: press Sync now to fetch it.</p>}
      />
    </div>
  );
}
