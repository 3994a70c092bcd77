// The proxy's job API for the broker screen (/jobs, issue 20): create a bulk auto-transfer
// job from checked rows, list jobs, act on one, follow its progress, read what this desk set.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deskSetting, jobSummary, type AutoTransferJobRow, type JobAction, type JobSummary } from '@contract/schemas/broker-jobs';
import { apiFetch } from '@web/lib/api/api-client';

export async function createJob(rows: readonly AutoTransferJobRow[], account: string): Promise<JobSummary> {
  return jobSummary.parse(await apiFetch({ method: 'POST', path: '/jobs/autotransfer', body: { rows }, account }));
}

export async function actOnJob(id: number, action: JobAction): Promise<JobSummary> {
  return jobSummary.parse(await apiFetch({ method: 'POST', path: `/jobs/${id}/${action}` }));
}

export const jobsKey = ['desk', 'jobs'] as const;

export function useJobs(enabled: boolean) {
  return useQuery({
    queryKey: jobsKey,
    queryFn: async ({ signal }) => jobSummary.array().parse(await apiFetch({ path: '/jobs', signal })),
    enabled,
    refetchInterval: 5_000,
  });
}

export function deskSettingsQuery(account: string | null) {
  return queryOptions({
    queryKey: ['desk', 'desk-settings', account] as const,
    queryFn: async ({ signal }) => deskSetting.array().parse(await apiFetch({ path: '/jobs/desk-settings', account: account ?? undefined, signal })),
    refetchInterval: 5_000,
  });
}

export function useDeskSettings(account: string | null, enabled: boolean) {
  return useQuery({ ...deskSettingsQuery(account), enabled: enabled && account !== null });
}

/** A job's summary as the proxy pushes it (server-sent events; the browser reconnects by itself). */
export function useJobProgress(id: number, initial: JobSummary): JobSummary {
  const [summary, setSummary] = useState(initial);
  useEffect(() => {
    const source = new EventSource(`/jobs/${id}/events`);
    source.onmessage = (e: MessageEvent<string>) => {
      const parsed = jobSummary.safeParse(JSON.parse(e.data));
      if (parsed.success) setSummary(parsed.data);
    };
    return () => source.close();
  }, [id]);
  return summary;
}

export const jobResultsUrl = (id: number) => `/jobs/${id}/results.csv`;
