// The account's CSV exports the proxy builds as jobs (issue 20 item 4): each with its
// range, state, rows written of the total, Cancel while it is being built (or failed),
// Retry once failed, and a Download link once done. The proxy pushes the list as it
// moves (server-sent events); only while that stream is down does the list ask again,
// every second while one is being built. The ops pledge-rate page and the history's
// archive panel both show it under their Export CSV controls.
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api/api-client';
import {
  archiveExportEventsUrl,
  archiveExportFileUrl,
  cancelArchiveExport,
  exportProgressText,
  exportRangeText,
  exportStateText,
  exportsStillRunning,
  fetchArchiveExports,
  parsePushedExports,
  retryArchiveExport,
  type ArchiveExport,
} from '@web/lib/api/archive-exports-client';
import { describeError } from '@web/lib/api/describe-error';
import { queryView } from '@web/lib/api/query-view';

export const archiveExportsKey = (account: string | null) => ['desk', 'archive-exports', account] as const;

interface ListProps {
  jobs: readonly ArchiveExport[];
  onCancel?: (job: ArchiveExport) => void;
  onRetry?: (job: ArchiveExport) => void;
  /** The last Cancel or Retry the proxy refused, on its export's line. */
  actionError?: { id: number; text: string } | null;
}

export function ArchiveExportList({ jobs, onCancel, onRetry, actionError }: ListProps) {
  if (jobs.length === 0) return <p className="text-sm text-muted">No background exports yet.</p>;
  return (
    <ul aria-label="Background exports" className="flex flex-col gap-1 text-sm">
      {jobs.map((job) => (
        <li key={job.id} aria-label={`Export ${job.id}`} className="flex flex-wrap items-center gap-2">
          <span>{exportRangeText(job)}</span>
          <span className="rounded bg-raised px-1.5">{exportStateText[job.state]}</span>
          {job.state === 'running' && <progress aria-label={`Export ${job.id} progress`} max={Math.max(1, job.total)} value={job.rows} className="w-32" />}
          <span className="tabular-nums text-muted">{exportProgressText(job)}</span>
          {job.state === 'failed' && onRetry && (
            <button type="button" onClick={() => onRetry(job)} className="rounded border border-line px-2 py-0.5 hover:bg-raised">
              Retry<span className="sr-only"> export {job.id}</span>
            </button>
          )}
          {(job.state === 'running' || job.state === 'failed') && onCancel && (
            <button type="button" onClick={() => onCancel(job)} className="rounded border border-line px-2 py-0.5 hover:bg-raised">
              Cancel<span className="sr-only"> export {job.id}</span>
            </button>
          )}
          {job.state === 'done' && (
            <a href={archiveExportFileUrl(job.id)} download className="rounded border border-line px-2 py-0.5 hover:bg-raised">
              Download
            </a>
          )}
          {actionError?.id === job.id && (
            <span role="alert" className="w-full text-sell">
              {actionError.text}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Follows the proxy's push of the list into the query's cache; true while the stream is open. */
function useExportsPush(client: QueryClient, account: string | null): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(archiveExportEventsUrl(account));
    source.onopen = () => setOpen(true);
    // EventSource reconnects by itself; the list polls meanwhile.
    source.onerror = () => setOpen(false);
    source.onmessage = (e: MessageEvent<string>) => {
      const jobs = parsePushedExports(e.data);
      if (jobs) client.setQueryData(archiveExportsKey(account), jobs);
    };
    return () => {
      source.close();
      setOpen(false);
    };
  }, [client, account]);
  return open;
}

export function ArchiveExportJobs({ account }: { account: string | null }) {
  const client = useQueryClient();
  const pushed = useExportsPush(client, account);
  const exports = useQuery({
    queryKey: archiveExportsKey(account),
    queryFn: ({ signal }) => fetchArchiveExports(apiFetch, account, signal),
    refetchInterval: (query) => (!pushed && exportsStillRunning(query.state.data) ? 1_000 : false),
  });
  const settled = () => client.invalidateQueries({ queryKey: archiveExportsKey(account) });
  const cancel = useMutation({ mutationFn: (job: ArchiveExport) => cancelArchiveExport(apiFetch, job), onSettled: settled });
  const retry = useMutation({ mutationFn: (job: ArchiveExport) => retryArchiveExport(apiFetch, job), onSettled: settled });
  const refused = (m: typeof cancel, what: string) => (m.isError && m.variables ? { id: m.variables.id, text: `Not ${what}: ${describeError(m.error)}` } : null);
  const actionError = refused(cancel, 'canceled') ?? refused(retry, 'retried');
  const view = queryView(exports);
  if (view.kind === 'loading') return <p className="text-sm text-muted">Loading background exports…</p>;
  if (view.kind === 'error') {
    return (
      <p role="alert" className="text-sm text-sell">
        Background exports could not be read: {describeError(view.error)}
      </p>
    );
  }
  return (
    <>
      <ArchiveExportList jobs={view.data} onCancel={(job) => (retry.reset(), cancel.mutate(job))} onRetry={(job) => (cancel.reset(), retry.mutate(job))} actionError={actionError} />
      {view.refreshFailed && <p className="text-sm text-muted">Not refreshed: {describeError(view.refreshFailed)}</p>}
    </>
  );
}
