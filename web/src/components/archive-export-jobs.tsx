// The account's CSV exports the proxy builds as jobs (issue 20 item 4): each with its
// range, state, rows written of the total, Cancel while it is being built and a Download
// link once done. The list asks again every second while one is being built. The ops pledge-rate page and the history's
// archive panel both show it under their Export CSV controls.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@web/lib/api/api-client';
import { archiveExportFileUrl, cancelArchiveExport, exportProgressText, exportRangeText, exportStateText, exportsStillRunning, fetchArchiveExports, type ArchiveExport } from '@web/lib/api/archive-exports-client';
import { describeError } from '@web/lib/api/describe-error';
import { queryView } from '@web/lib/api/query-view';

export const archiveExportsKey = (account: string | null) => ['desk', 'archive-exports', account] as const;

export function ArchiveExportList({ jobs, onCancel, cancelError }: { jobs: readonly ArchiveExport[]; onCancel?: (job: ArchiveExport) => void; cancelError?: { id: number; text: string } | null }) {
  if (jobs.length === 0) return <p className="text-sm text-muted">No background exports yet.</p>;
  return (
    <ul aria-label="Background exports" className="flex flex-col gap-1 text-sm">
      {jobs.map((job) => (
        <li key={job.id} aria-label={`Export ${job.id}`} className="flex flex-wrap items-center gap-2">
          <span>{exportRangeText(job)}</span>
          <span className="rounded bg-raised px-1.5">{exportStateText[job.state]}</span>
          {job.state === 'running' && <progress aria-label={`Export ${job.id} progress`} max={Math.max(1, job.total)} value={job.rows} className="w-32" />}
          <span className="tabular-nums text-muted">{exportProgressText(job)}</span>
          {job.state === 'running' && onCancel && (
            <button type="button" onClick={() => onCancel(job)} className="rounded border border-line px-2 py-0.5 hover:bg-raised">
              Cancel<span className="sr-only"> export {job.id}</span>
            </button>
          )}
          {job.state === 'done' && (
            <a href={archiveExportFileUrl(job.id)} download className="rounded border border-line px-2 py-0.5 hover:bg-raised">
              Download
            </a>
          )}
          {cancelError?.id === job.id && (
            <span role="alert" className="w-full text-sell">
              Not canceled: {cancelError.text}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

export function ArchiveExportJobs({ account }: { account: string | null }) {
  const exports = useQuery({
    queryKey: archiveExportsKey(account),
    queryFn: ({ signal }) => fetchArchiveExports(apiFetch, account, signal),
    refetchInterval: (query) => (exportsStillRunning(query.state.data) ? 1_000 : false),
  });
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: (job: ArchiveExport) => cancelArchiveExport(apiFetch, job),
    onSettled: () => client.invalidateQueries({ queryKey: archiveExportsKey(account) }),
  });
  const cancelError = cancel.isError && cancel.variables ? { id: cancel.variables.id, text: describeError(cancel.error) } : null;
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
      <ArchiveExportList jobs={view.data} onCancel={(job) => cancel.mutate(job)} cancelError={cancelError} />
      {view.refreshFailed && <p className="text-sm text-muted">Not refreshed: {describeError(view.refreshFailed)}</p>}
    </>
  );
}
