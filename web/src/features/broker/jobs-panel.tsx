// The bulk auto-transfer jobs the proxy runs (issue 20): each with live progress (rows
// applied and failed, rate, time left), its controls, and its results as CSV. The job
// lives in the proxy: closing this tab or reloading changes nothing about it.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { JobAction, JobSummary } from '@contract/schemas/broker-jobs';
import { Button } from '@web/components/button';
import { describeError } from '@web/lib/api/describe-error';
import { queryView } from '@web/lib/api/query-view';
import { actOnJob, jobResultsUrl, jobsKey, useJobProgress, useJobs } from './jobs-api';

export function formatEta(ms: number | null): string {
  if (ms === null) return 'time left unknown';
  const s = Math.ceil(ms / 1000);
  return s < 60 ? `about ${s} s left` : `about ${Math.floor(s / 60)} min ${s % 60} s left`;
}

function JobCard({ initial }: { initial: JobSummary }) {
  const job = useJobProgress(initial.id, initial);
  const client = useQueryClient();
  const [error, setError] = useState('');
  const settled = job.applied + job.failed + job.skipped;
  const act = async (action: JobAction) => {
    setError('');
    try {
      await actOnJob(job.id, action);
      await client.invalidateQueries({ queryKey: jobsKey });
    } catch (e) {
      setError(describeError(e));
    }
  };
  return (
    <li aria-label={`Job ${job.id}`} className="flex flex-col gap-1 rounded border border-line p-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <strong>Job {job.id}</strong>
        <span className="text-muted">
          {job.account}, by {job.user}, {new Date(job.createdAt).toLocaleString()}
        </span>
        <span data-testid={`job-${job.id}-state`} className="rounded bg-raised px-1.5">
          {job.state}
        </span>
      </div>
      <progress aria-label={`Job ${job.id} progress`} max={job.total} value={settled} className="w-full" />
      <p data-testid={`job-${job.id}-counts`} className="tabular-nums">
        {job.applied} applied · {job.failed} failed · {job.skipped} skipped · {job.remaining} to go of {job.total}
        {job.state === 'running' && ` · ${job.ratePerSecond === null ? 'measuring rate' : `${job.ratePerSecond.toFixed(1)} rows/s`} · ${formatEta(job.etaMs)}`}
      </p>
      <div className="flex flex-wrap gap-2">
        {job.state === 'running' && <Button onClick={() => void act('pause')}>Pause</Button>}
        {job.state === 'paused' && <Button onClick={() => void act('resume')}>Resume</Button>}
        {(job.state === 'running' || job.state === 'paused') && <Button onClick={() => void act('cancel')}>Cancel the rest</Button>}
        {job.state !== 'running' && job.failed > 0 && <Button onClick={() => void act('retry-failed')}>Retry {job.failed} failed</Button>}
        <a href={jobResultsUrl(job.id)} download className="inline-flex items-center rounded border border-line px-3 py-1.5 text-sm hover:bg-raised">
          Download results (CSV)
        </a>
      </div>
      {error && (
        <p role="alert" className="text-sell">
          {error}
        </p>
      )}
    </li>
  );
}

export function JobsPanel({ enabled }: { enabled: boolean }) {
  const jobs = useJobs(enabled);
  if (!enabled) return <p className="text-sm text-muted">Your role may not run broker jobs (it needs broker.write).</p>;
  const view = queryView(jobs);
  if (view.kind === 'error') return <p role="alert" className="text-sm text-sell">Jobs could not be read: {describeError(view.error)}</p>;
  if (!jobs.data) return <p className="text-sm text-muted">Loading jobs…</p>;
  if (jobs.data.length === 0) return <p className="text-sm text-muted">No jobs yet. Select sub-accounts or import a CSV to start one.</p>;
  return (
    <ul aria-label="Jobs" className="flex flex-col gap-2">
      {jobs.data.map((j) => (
        <JobCard key={j.id} initial={j} />
      ))}
    </ul>
  );
}
