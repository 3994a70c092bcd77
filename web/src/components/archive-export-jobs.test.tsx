import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { ArchiveExport } from '@contract/schemas/archive-exports';
import { isApiError } from '@web/lib/api/api-error';
import type { ApiFetch, ApiRequest } from '@web/lib/api/api-fetch';
import { archiveExportEventsUrl, cancelArchiveExport, exportProgressText, exportRangeText, exportsStillRunning, parsePushedExports, retryArchiveExport, startArchiveExport } from '@web/lib/api/archive-exports-client';
import { ArchiveExportList } from './archive-export-jobs';

const job = (over: Partial<ArchiveExport>): ArchiveExport => ({
  id: 7,
  account: 'main',
  user: 'ops-user',
  feed: 'revisions',
  from: Date.UTC(2025, 0, 1),
  to: Date.UTC(2025, 1, 1, 12, 30),
  ref: null,
  state: 'running',
  rows: 1_000,
  total: 2_500,
  error: null,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});

describe('background archive exports', () => {
  it('says what an export holds and how far it is, open ends and a ref included', () => {
    expect(exportRangeText(job({}))).toBe('revisions from 2025-01-01 00:00 UTC to 2025-02-01 12:30 UTC');
    expect(exportRangeText(job({ from: null, to: null, ref: '12345' }))).toBe('revisions from the first record to the last record, 12345 only');
    expect(exportProgressText(job({}))).toBe('1,000 of 2,500 rows written');
    expect(exportProgressText(job({ state: 'done', rows: 2_500 }))).toBe('2,500 rows');
    expect(exportProgressText(job({ state: 'canceled' }))).toBe('stopped at 1,000 of 2,500 rows; file deleted');
    expect(exportProgressText(job({ state: 'failed', error: 'stopped after 5 failed attempts: disk I/O error' }))).toBe('stopped at 1,000 of 2,500 rows: stopped after 5 failed attempts: disk I/O error');
  });

  it('keeps refreshing only while one is being built', () => {
    expect(exportsStillRunning(undefined)).toBe(false);
    expect(exportsStillRunning([job({ state: 'done' }), job({ state: 'canceled' })])).toBe(false);
    expect(exportsStillRunning([job({ state: 'done' }), job({ id: 8 })])).toBe(true);
  });

  it('offers the file only when done, with progress and Cancel while building, and Retry once failed', () => {
    const jobs = [job({ id: 9 }), job({ id: 8, state: 'done', rows: 2_500 }), job({ id: 6, state: 'canceled' }), job({ id: 5, state: 'failed', error: 'disk I/O error' })];
    const html = renderToStaticMarkup(<ArchiveExportList jobs={jobs} onCancel={() => {}} onRetry={() => {}} actionError={{ id: 9, text: 'Not canceled: export: it is done already' }} />);
    expect(html.match(/href="\/archive\/exports\/\d+\/csv"/g)).toEqual(['href="/archive/exports/8/csv"']);
    expect(html).toContain('aria-label="Export 9 progress"');
    expect(html).not.toContain('aria-label="Export 8 progress"');
    expect(html.match(/Cancel<span class="sr-only"> export \d+/g)).toEqual(['Cancel<span class="sr-only"> export 9', 'Cancel<span class="sr-only"> export 5']);
    expect(html.match(/Retry<span class="sr-only"> export \d+/g)).toEqual(['Retry<span class="sr-only"> export 5']);
    expect(html).toContain('>canceled<');
    expect(html).toContain('>failed<');
    expect(html).toContain('stopped at 1,000 of 2,500 rows: disk I/O error');
    expect(html).toContain('Not canceled: export: it is done already');
    expect(renderToStaticMarkup(<ArchiveExportList jobs={[]} />)).toContain('No background exports yet.');
  });

  it('reads a pushed list as the GET answer is checked, and anything else as nothing', () => {
    expect(parsePushedExports(JSON.stringify([job({ id: 3 })]))).toEqual([job({ id: 3 })]);
    expect(parsePushedExports(JSON.stringify([{ ...job({}), state: 'paused' }]))).toBeUndefined();
    expect(parsePushedExports('{not json')).toBeUndefined();
    expect(archiveExportEventsUrl('sub 1')).toBe('/archive/exports/events?account=sub%201');
    expect(archiveExportEventsUrl(null)).toBe('/archive/exports/events');
  });

  it.each([
    { action: 'cancel', call: cancelArchiveExport, answer: 'canceled' },
    { action: 'retry', call: retryArchiveExport, answer: 'running' },
  ] as const)('asks the proxy to $action for the export\'s own account', async ({ action, call, answer }) => {
    const calls = vi.fn();
    const apiFetch: ApiFetch = async <T,>(request: ApiRequest) => {
      calls(request);
      return job({ state: answer }) as T;
    };
    expect(await call(apiFetch, job({ id: 9, account: 'sub' }))).toMatchObject({ state: answer });
    expect(calls).toHaveBeenCalledWith({ method: 'POST', path: `/archive/exports/9/${action}`, account: 'sub' });
  });

  it('refuses a backwards range before sending, naming the field, and sends empty bounds as none', async () => {
    const calls = vi.fn();
    // The proxy's answer to a start: the new export.
    const apiFetch: ApiFetch = async <T,>(request: ApiRequest) => {
      calls(request);
      return job({}) as T;
    };
    const refused = await startArchiveExport(apiFetch, { feed: 'fills', from: '2000', to: '1000' }).catch((e: unknown) => e);
    expect(isApiError(refused) && refused.field).toBe('to');
    expect(calls).not.toHaveBeenCalled();
    await startArchiveExport(apiFetch, { feed: 'fills', from: '', to: '1000', account: 'main' });
    expect(calls).toHaveBeenCalledWith({ method: 'POST', path: '/archive/exports', body: { feed: 'fills', to: '1000', account: 'main' }, account: 'main' });
  });
});
