// "Export CSV" for a range of the proxy's archive, with its progress bar and a status line
// that says what happened (rows read of the total, done, or why it failed). The history's
// archive panel and the ops pledge-rate page export the same way, so they share this.
// "Export in the background" has the proxy build the file instead (issue 20 item 4): it
// goes on through a reload, and the list below offers it for download when done.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiFetch } from '@web/lib/api/api-client';
import { readArchiveCsv, type ArchiveFeed, type ArchiveQuery } from '@web/lib/api/archive-client';
import { startArchiveExport } from '@web/lib/api/archive-exports-client';
import { describeError } from '@web/lib/api/describe-error';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import { ArchiveExportJobs, archiveExportsKey } from './archive-export-jobs';
import { Button } from './button';

interface Progress {
  rows: number;
  total: number;
  message: string;
}

export function ArchiveCsvExport({ feed, range, account, fileStem }: { feed: ArchiveFeed; range: Omit<ArchiveQuery, 'after' | 'limit'>; account: string | null; fileStem: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const [background, setBackground] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });
  const client = useQueryClient();
  const exportCsv = async () => {
    setProgress({ rows: 0, total: 0, message: 'Reading the archive…' });
    try {
      const { text, rows } = await readArchiveCsv(feed, range, account, (n, total) => setProgress({ rows: n, total, message: `Read ${n} of ${total} rows…` }));
      downloadCsv(csvFileName(fileStem, account), text);
      setProgress({ rows, total: rows, message: `Exported ${rows} rows.` });
    } catch (e) {
      setProgress({ rows: 0, total: 0, message: `Export failed: ${describeError(e)}` });
    }
  };
  const exportInBackground = async () => {
    setBackground({ busy: true, message: '' });
    try {
      const job = await startArchiveExport(apiFetch, { ...range, feed, account: account ?? undefined });
      setBackground({ busy: false, message: `Export ${job.id} started in the desk server: it goes on if you reload or leave this page; download it below when it is done.` });
      await client.invalidateQueries({ queryKey: archiveExportsKey(account) });
    } catch (e) {
      setBackground({ busy: false, message: `Background export not started: ${describeError(e)}` });
    }
  };
  return (
    <div className="flex flex-col gap-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void exportCsv()} disabled={progress?.message.endsWith('…') ?? false}>
          Export CSV
        </Button>
        <Button onClick={() => void exportInBackground()} disabled={background.busy} title="The desk server builds the file; it survives a reload of this page">
          Export in the background
        </Button>
        {progress && (
          <>
            <progress aria-label="CSV export progress" max={Math.max(1, progress.total)} value={progress.rows} className="w-40" />
            <span role="status">{progress.message}</span>
          </>
        )}
      </div>
      {background.message && <p role="status">{background.message}</p>}
      <ArchiveExportJobs account={account} />
    </div>
  );
}
