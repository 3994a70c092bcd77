// Issue 21 done-when: the desk archives pledge-rate history, the simulator's history clock
// moves four months on, and the ops screen still shows the revisions the exchange no
// longer serves, from the archive, with how far the archive is complete.
import { expect, test } from './fixtures';
import { readStackInfo } from './stack-info';
import { createRoleUser, signInAs, type RoleUser } from './support/roles';

const ops: RoleUser = { name: 'olga-ops', password: 'olga-ops-pass', role: 'ops', accounts: ['main'] };
const DAY = 24 * 3600 * 1000;

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  await createRoleUser(ops);
});

test('after four months, revisions older than three months come from the archive, with the completeness note', async ({ page }) => {
  const { baseURL, simURL } = readStackInfo();
  await signInAs(page, ops, '/ops');
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  const synced = page.getByRole('status').filter({ hasText: /^Synced/ });

  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(synced).toBeVisible({ timeout: 30_000 });
  const table = page.getByRole('table', { name: 'Pledge-rate revisions' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  const oldestMs = Number(await table.locator('tbody tr').first().locator('td:nth-child(2)').innerText());

  // Four months pass for the exchange's history.
  const moved = await fetch(`${simURL}/__sim/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ms: 122 * DAY }) });
  expect(moved.status).toBe(200);

  // The exchange no longer serves that revision's time...
  const direct = await page.request.get(`${baseURL}/api/v2/earn/loan/revise-history?startTime=${oldestMs}&endTime=${oldestMs + DAY}`, { headers: { 'x-desk-account': 'main' } });
  expect(direct.status()).toBe(400);
  expect(((await direct.json()) as { msg: string }).msg).toMatch(/startTime.*three months/);

  // ...the sync learns the exchange's clock and follows it; the screen still shows the old rows.
  await page.reload();
  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(synced).toBeVisible({ timeout: 60_000 });
  const note = page.getByRole('note', { name: 'Archive completeness' });
  await expect(note).toContainText(/The archive is complete from \d{4}-\d\d-\d\d \d\d:\d\d UTC to \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  await expect(note).toContainText(/Missing from .*: it aged out of the exchange's window before it was archived\./);
  const archiveOnly = /(\d+) of (\d+) revisions shown are older than the exchange's three-month window/.exec(await note.innerText());
  expect(archiveOnly).not.toBeNull();
  expect(Number(archiveOnly![1])).toBeGreaterThan(0);
  await expect(table.locator('tbody tr').first().locator('td:nth-child(2)')).toHaveText(String(oldestMs));
  await expect(table.locator('tbody tr[data-source="archive"]')).toHaveCount(Number(archiveOnly![1]));

  // The chart: one stepped line, a marker per revision; hover tells amount, side and before -> after.
  const chart = page.getByRole('group', { name: /^Pledge rate chart for loan order / });
  await expect(chart.getByTestId('pledge-step-line')).toHaveCount(1);
  const marker = chart.getByRole('button', { name: /^Revision / }).first();
  await marker.hover();
  await expect(page.getByRole('tooltip')).toContainText(/(up|down), [\d.]+ [A-Z]+/);
  await expect(page.getByRole('tooltip')).toContainText(/[\d.]+ % → [\d.]+ %/);
});

test('the CSV export streams the archive with a progress bar, ISO times beside epoch ms, units in the headers', async ({ page }) => {
  await signInAs(page, ops, '/ops');
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Synced/ })).toBeVisible({ timeout: 60_000 });
  const rows = await page.getByRole('table', { name: 'Pledge-rate revisions' }).locator('tbody tr').count();
  expect(rows).toBeGreaterThan(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  await expect(page.getByRole('progressbar', { name: 'CSV export progress' })).toHaveAttribute('value', String(rows));
  await expect(page.getByRole('status').filter({ hasText: `Exported ${rows} rows.` })).toBeVisible();
  const text = await (await file.createReadStream()).toArray();
  // The download starts with a byte-order mark, so spreadsheet programs read UTF-8.
  const lines = Buffer.concat(text as Buffer[]).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('time (UTC ISO 8601),time (ms since epoch),loan order,side,amount (pledge coin),pledge coin,loan coin,pledge rate before (%),pledge rate after (%)');
  expect(lines).toHaveLength(rows + 1);
  const [iso, ms] = lines[1]!.split(',');
  expect(new Date(Number(ms)).toISOString()).toBe(iso);
});
