// "Export CSV" for a range of the proxy's archive, with its progress bar and a status line
// that says what happened (rows read of the total, done, or why it failed). The history's
// archive panel and the ops pledge-rate page export the same way, so they share this.
import { useState } from 'react';
import { readArchiveCsv, type ArchiveFeed, type ArchiveQuery } from '@web/lib/api/archive-client';
import { describeError } from '@web/lib/api/describe-error';
import { csvFileName, downloadCsv } from '@web/lib/csv/csv-download';
import { Button } from './button';

interface Progress {
  rows: number;
  total: number;
  message: string;
}

export function ArchiveCsvExport({ feed, range, account, fileStem }: { feed: ArchiveFeed; range: Omit<ArchiveQuery, 'after' | 'limit'>; account: string | null; fileStem: string }) {
  const [progress, setProgress] = useState<Progress | null>(null);
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
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <Button onClick={() => void exportCsv()} disabled={progress?.message.endsWith('…') ?? false}>
        Export CSV
      </Button>
      {progress && (
        <>
          <progress aria-label="CSV export progress" max={Math.max(1, progress.total)} value={progress.rows} className="w-40" />
          <span role="status">{progress.message}</span>
        </>
      )}
    </div>
  );
}
