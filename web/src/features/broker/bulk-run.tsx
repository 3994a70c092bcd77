// The apply step of a bulk import: progress, pause and resume, and a results table with a
// retry of the failed rows. The runner lives as long as this view; leaving pauses it.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AutoTransferRequest } from '@contract/schemas/earn-broker-convert';
import { Button } from '@web/components/button';
import { createBulkRunner } from '@web/lib/bulk-runner/bulk-runner';
import type { PreviewRow } from './autotransfer-rows';
import { currentSettingsKey, setAutoTransfer } from './broker-api';
import { TableHead } from '@web/components/table-head';

interface Job {
  line: number;
  request: AutoTransferRequest;
}

/** spec 8: 10 requests per second per user ID. */
const PER_SECOND = 10;

export function BulkRun({ rows, account }: { rows: readonly PreviewRow[]; account: string }) {
  const client = useQueryClient();
  const [runner] = useState(() => {
    const jobs: Job[] = rows.flatMap((r) => (r.ok ? [{ line: r.line, request: r.request }] : []));
    return createBulkRunner(jobs, { perWindow: PER_SECOND, windowMs: 1000, concurrency: 3, run: (job) => setAutoTransfer(job.request, account) });
  });
  const snap = useSyncExternalStore(runner.subscribe, runner.getSnapshot);

  useEffect(() => {
    runner.start();
    return () => runner.pause();
  }, [runner]);
  useEffect(() => {
    if (snap.phase === 'done') void client.invalidateQueries({ queryKey: currentSettingsKey(account) });
  }, [snap.phase, client, account]);

  const total = snap.jobs.length;
  const finished = snap.counts.success + snap.counts.failed;
  return (
    <section aria-label="Bulk apply" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <progress aria-label="Bulk apply progress" max={total} value={finished} className="h-2 w-64" />
        <span role="status" data-testid="bulk-progress">
          {finished} of {total} done: {snap.counts.success} succeeded, {snap.counts.failed} failed
          {snap.phase === 'paused' ? ' (paused)' : snap.phase === 'done' ? ' (finished)' : ''}
        </span>
        {snap.phase === 'running' && <Button onClick={() => runner.pause()}>Pause</Button>}
        {snap.phase === 'paused' && (
          <Button variant="primary" onClick={() => runner.resume()}>
            Resume
          </Button>
        )}
        {snap.counts.failed > 0 && snap.phase !== 'running' && <Button onClick={() => runner.retryFailed()}>Retry failed ({snap.counts.failed})</Button>}
      </div>
      <div className="max-h-96 overflow-auto">
        <table aria-label="Bulk results" className="w-full text-left text-xs">
          <TableHead className="sticky top-0 bg-panel text-muted" columns={['Line', 'subUid', 'coin', 'toAccountType', 'Result', 'Message']} />
          <tbody>
            {snap.jobs.map((j) => (
              <tr key={j.index} data-status={j.status} className="border-t border-line">
                <td className="px-2 py-1 tabular-nums">{j.item.line}</td>
                <td className="px-2 py-1 font-mono">{j.item.request.subUid}</td>
                <td className="px-2 py-1 font-mono">{j.item.request.coin}</td>
                <td className="px-2 py-1 font-mono">{j.item.request.toAccountType}</td>
                <td className={`px-2 py-1 ${j.status === 'success' ? 'text-buy' : j.status === 'failed' ? 'text-sell' : 'text-muted'}`}>{j.status}</td>
                <td className="px-2 py-1">{j.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
