// Issue 21: the trader's history screen reads the desk's archive: months of seeded fills,
// the completeness note, and a CSV of the whole range with a progress bar that matches
// the archive row for row.
import { expect, test } from './fixtures';

test('the archived fills of the trader account: synced, noted as complete, exported with progress', async ({ page }) => {
  await page.goto('/orders');
  await page.getByRole('tab', { name: 'Archive' }).click();
  const filters = page.getByRole('form', { name: 'Archive filters' });
  await filters.getByLabel('List').selectOption('fills');
  await filters.getByRole('button', { name: 'Show' }).click();
  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Synced/ })).toBeVisible({ timeout: 60_000 });

  const note = page.getByRole('note', { name: 'Archive completeness' });
  await expect(note).toContainText(/The archive is complete from the first record to \d{4}-\d\d-\d\d \d\d:\d\d UTC\./);
  const total = Number(/(\d+) fills in this range/.exec(await note.innerText())?.[1]);
  // simulator: 1,440 seeded fills over six months, plus whatever other tests traded.
  expect(total).toBeGreaterThanOrEqual(1440);
  const table = page.getByRole('table', { name: 'Archived fills' });
  await expect(table.locator('tbody tr')).toHaveCount(Math.min(total, 500));
  const oldest = await table.locator('tbody tr').first().locator('td').first().innerText();
  expect(Date.parse(oldest)).toBeLessThan(Date.now() - 150 * 24 * 3600 * 1000);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  await expect(page.getByRole('status').filter({ hasText: `Exported ${total} rows.` })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'CSV export progress' })).toHaveAttribute('value', String(total));
  const chunks = (await (await file.createReadStream()).toArray()) as Buffer[];
  const lines = Buffer.concat(chunks).toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toBe('time (UTC ISO 8601),time (ms since epoch),fill ID,order ID,symbol,side,price (quote coin),quantity (base coin),value (quote coin),maker/taker');
  expect(lines).toHaveLength(total + 1);
  // The CSV's first rows are the table's, cell for cell.
  const firstCells = await table.locator('tbody tr').first().locator('td').allInnerTexts();
  expect(lines[1]).toBe(firstCells.join(','));
});
