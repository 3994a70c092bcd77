// Issue 8 done-when: converting 3 dust coins shows 3 orderIds, and the balances update.
import { compareDecimal } from '../contract/core/decimal';
import { expect, test } from './fixtures';

test('converting 3 dust coins shows 3 order IDs and the refreshed balances', async ({ page }) => {
  await page.goto('/convert');
  await expect(page.getByTestId('small-balance-rule')).toContainText('less than 10 USD');
  const small = page.getByRole('table', { name: 'Small balances' });
  // simulator/README.md: the trader parent holds dust in DOGE, XRP, ADA and TRX.
  for (const coin of ['DOGE', 'XRP', 'ADA']) await small.getByLabel(`Convert ${coin}`).check();
  const balances = page.getByRole('table', { name: 'Balances' });
  await expect(balances.locator('tr[data-coin="DOGE"]')).toBeVisible();
  const ntkBefore = (await balances.locator('tr[data-coin="NTK"] td').nth(1).innerText()).replace(/,/g, '');

  await page.getByRole('button', { name: 'Convert 3 selected' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm conversion' });
  await expect(confirm).toContainText('DOGE, XRP, ADA');
  await confirm.getByRole('button', { name: 'Confirm conversion' }).click();

  const orders = page.getByRole('table', { name: 'Conversion orders' });
  await expect(orders.locator('tbody tr')).toHaveCount(3);
  const ids = await orders.locator('tbody tr td:nth-child(2)').allInnerTexts();
  expect(new Set(ids).size).toBe(3);
  for (const id of ids) expect(id).toMatch(/^\d+$/);
  expect(await orders.locator('tbody tr td:nth-child(1)').allInnerTexts()).toEqual(['DOGE', 'XRP', 'ADA']);

  // The converted coins are gone from the balances and the platform token grew.
  for (const coin of ['DOGE', 'XRP', 'ADA']) await expect(balances.locator(`tr[data-coin="${coin}"]`)).toHaveCount(0);
  await expect(balances.locator('tr[data-coin="TRX"]')).toBeVisible();
  await expect.poll(async () => compareDecimal((await balances.locator('tr[data-coin="NTK"] td').nth(1).innerText()).replace(/,/g, ''), ntkBefore)).toBe(1);
});
