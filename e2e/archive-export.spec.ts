// Issue 20 item 4 (and issue 21): a full-range CSV export runs as a job in the proxy, so it
// survives a reload; its file equals the archive's streamed CSV for the same range.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test('an export started in the background survives a reload, and its file equals the archive\'s CSV', async ({ page }) => {
  await page.goto('/ops');
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Synced/ })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Export in the background' }).click();
  const started = page.getByText(/^Export \d+ started in the desk server/);
  await expect(started).toBeVisible();
  const id = /^Export (\d+)/.exec(await started.innerText())?.[1];
  expect(id).toBeTruthy();

  // Gone from the page, still in the proxy. The reloaded list follows the proxy's push
  // (server-sent events) and is read once, not polled.
  const listReads: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/archive/exports') listReads.push(r.url());
  });
  const pushed = page.waitForResponse((r) => new URL(r.url()).pathname === '/archive/exports/events');
  await page.reload();
  expect((await pushed).headers()['content-type']).toBe('text/event-stream; charset=utf-8');
  const job = page.getByRole('list', { name: 'Background exports' }).getByRole('listitem', { name: `Export ${id}` });
  await expect(job).toBeVisible({ timeout: 30_000 });
  await expect(job.getByText('done', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(listReads).toHaveLength(1);

  const [download] = await Promise.all([page.waitForEvent('download'), job.getByRole('link', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('revisions-main.csv');
  const file = await readFile(await download.path(), 'utf8');
  // The same rows the archive streams for the whole range, line for line.
  const streamed = await page.request.get('/archive/revisions.csv?account=main');
  expect(streamed.ok()).toBe(true);
  const lines = file.split('\r\n');
  expect(lines.length).toBeGreaterThan(2);
  expect(file).toBe(await streamed.text());
  await expect(job).toContainText(`${(lines.length - 2).toLocaleString('en-US')} rows`);
});
