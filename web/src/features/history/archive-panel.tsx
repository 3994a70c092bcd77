// The archived history of the account (issue 21): fills, orders and financial records the
// desk has kept, over any range, including what the exchange no longer serves. The note
// says how far the archive is complete; the table has the CSV's columns; the CSV of the
// whole range is streamed from the proxy with a progress bar.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStore } from 'zustand';
import { archiveColumns, type ArchiveFeed } from '@contract/schemas/archive';
import { ArchiveCsvExport } from '@web/components/archive-csv-export';
import { Button } from '@web/components/button';
import { TextField } from '@web/components/text-field';
import { SelectField } from '@web/components/select-field';
import { apiFetch } from '@web/lib/api/api-client';
import { useArchiveSync } from '@web/lib/api/use-archive-sync';
import { archiveNote, fetchArchivePage, type ArchiveQuery } from '@web/lib/api/archive-client';
import { describeError } from '@web/lib/api/describe-error';
import { sessionStore } from '@web/lib/session/session-store';
import { ScrollRegion } from '@web/components/scroll-region';

const feedsShown = [
  { feed: 'fills', label: 'Fills', noun: 'fills' },
  { feed: 'orders', label: 'Order history', noun: 'orders' },
  { feed: 'records', label: 'Financial records', noun: 'records' },
] as const satisfies ReadonlyArray<{ feed: ArchiveFeed; label: string; noun: string }>;
type ShownFeed = (typeof feedsShown)[number]['feed'];

const PAGE_ROWS = 500;

/** Local date-time input text to Unix ms, or undefined when it is not a date. */
function inputMs(text: string): number | undefined {
  const ms = new Date(text).getTime();
  return Number.isFinite(ms) ? ms : undefined;
}

export function ArchivePanel() {
  const account = useStore(sessionStore, (s) => s.account);
  const [feed, setFeed] = useState<ShownFeed>('fills');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [problem, setProblem] = useState<{ field: 'from' | 'to'; reason: string } | null>(null);
  const [range, setRange] = useState<Pick<ArchiveQuery, 'from' | 'to'>>({});
  const [shownFeed, setShownFeed] = useState<ShownFeed>('fills');
  const sync = useArchiveSync(account, [shownFeed]);

  const page = useQuery({ queryKey: ['archive', account, shownFeed, range], queryFn: () => fetchArchivePage(apiFetch, shownFeed, { ...range, limit: String(PAGE_ROWS) }) });
  const label = feedsShown.find((f) => f.feed === shownFeed)!;

  const show = () => {
    const f = from ? inputMs(from) : undefined;
    const t = to ? inputMs(to) : undefined;
    if (from && f === undefined) return setProblem({ field: 'from', reason: 'must be a date and time' });
    if (to && t === undefined) return setProblem({ field: 'to', reason: 'must be a date and time' });
    if (f !== undefined && t !== undefined && t < f) return setProblem({ field: 'to', reason: 'the range ends before it starts: "To" must not be before "From"' });
    setProblem(null);
    setShownFeed(feed);
    setRange({ ...(f !== undefined ? { from: String(f) } : {}), ...(t !== undefined ? { to: String(t) } : {}) });
  };


  const rows = page.data?.rows ?? [];
  const columns = archiveColumns[shownFeed];

  return (
    <div className="flex flex-col gap-2">
      <form
        aria-label="Archive filters"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          show();
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <SelectField label="List" value={feed} onChange={(e) => setFeed(e.target.value as ShownFeed)} options={feedsShown.map((f) => ({ value: f.feed, label: f.label }))} />
        <TextField label="From" type="datetime-local" value={from} error={problem?.field === 'from' ? problem.reason : undefined} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="datetime-local" value={to} error={problem?.field === 'to' ? problem.reason : undefined} onChange={(e) => setTo(e.target.value)} />
        <Button type="submit" variant="primary">
          Show
        </Button>
        <Button onClick={() => void sync.syncNow()} disabled={sync.running}>
          Sync now
        </Button>
      </form>
      <p className="text-xs text-muted">Read from the desk's archive: any range, including what the exchange no longer serves. Empty dates: everything archived.</p>
      {sync.status && (
        <p role="status" className="text-sm">
          {sync.status}
        </p>
      )}
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
      <ScrollRegion label={`Archived ${label.noun}`} className="max-h-[28rem]">
        <table aria-label={`Archived ${label.noun}`} className="w-full text-left text-xs">
          <thead className="sticky top-0 bg-panel text-muted">
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className="whitespace-nowrap px-2 py-1">
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i} className="border-t border-line">
                {columns.map((c) => (
                  <td key={c.header} className="whitespace-nowrap px-2 py-1 tabular-nums">
                    {c.value(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {page.isSuccess && rows.length === 0 && <p className="p-2 text-sm text-muted">Nothing archived in this range: press Sync now to fetch it.</p>}
      </ScrollRegion>
    </div>
  );
}
