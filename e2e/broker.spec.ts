// Issue 8 done-when: a broker imports a 25-row CSV with 2 invalid rows; the 2 are flagged
// before anything is sent, the 23 valid rows apply with an audit row each, and the
// exchange saw at most 10 of these calls in any one second and no 429.
import { expect, test } from './fixtures';
import { readStackInfo } from './stack-info';
import { createRoleUser, signInAs, type RoleUser } from './support/roles';
import { mostInAnyWindow, simRequestLog } from './support/roles-simulator';

const broker: RoleUser = { name: 'bea-broker', password: 'bea-broker-pass', role: 'broker', accounts: ['broker'] };

// A fresh context without the admin session (overriding the fixture): this user signs in for herself.
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  await createRoleUser(broker);
});

function csvWith23ValidAnd2Invalid(): string {
  const subs = ['3000002', '3000003', '3000004', '3000005', '3000006'];
  const coins = ['USDT', 'BTC', 'ETH', 'NTK', 'DOGE'];
  const types = ['spot', 'usdt-futures', 'coin-futures', 'usdc-futures'];
  const valid = subs.flatMap((s, i) => coins.map((c, j) => `${s},${c},${types[(i + j) % types.length]}`)).slice(0, 23);
  const lines = ['subUid,coin,toAccountType', ...valid.slice(0, 7), '3000002,USDT,margin', ...valid.slice(7, 15), 'abc,BTC,spot', ...valid.slice(15)];
  return `${lines.join('\r\n')}\r\n`;
}

test('a broker imports 25 rows: 2 invalid are flagged and never sent, 23 apply within 10 per second with an audit row each', async ({ page }) => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  await signInAs(page, broker, '/broker');

  // Role-aware navigation: a broker sees the broker screen, not conversion or ops.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Broker' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Convert' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Ops' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  await page.getByLabel(/CSV with the header/).fill(csvWith23ValidAnd2Invalid());
  await expect(page.getByTestId('bulk-summary')).toHaveText('25 rows: 23 valid, 2 invalid (invalid rows are never sent).');
  const preview = page.getByRole('table', { name: 'CSV preview' });
  const invalid = preview.locator('tbody tr[data-valid="false"]');
  await expect(invalid).toHaveCount(2);
  await expect(invalid.nth(0)).toContainText(/invalid toAccountType: .*usdt-futures/);
  await expect(invalid.nth(0).locator('td').first()).toHaveText('9');
  await expect(invalid.nth(1)).toContainText('invalid subUid: must be a numeric UID');
  // Flagged before anything was sent.
  expect(await simRequestLog({ uid: '3000001', endpoint: 'setSubaccountAutotransfer', since: t0 })).toHaveLength(0);

  await page.getByRole('button', { name: 'Apply 23 valid rows' }).click();
  await expect(page.getByTestId('bulk-progress')).toHaveText('23 of 23 done: 23 succeeded, 0 failed (finished)', { timeout: 30_000 });
  const results = page.getByRole('table', { name: 'Bulk results' });
  await expect(results.locator('tbody tr[data-status="success"]')).toHaveCount(23);

  // An audit row for each applied row, by this user, on the broker account.
  const { baseURL } = readStackInfo();
  const audit = (await (await page.request.get(`${baseURL}/audit?endpoint=setSubaccountAutotransfer&user=${broker.name}&account=broker&limit=100`)).json()) as {
    data: { list: { code: string; requestBody: string; time: number }[] };
  };
  const mine = audit.data.list.filter((r) => r.time >= t0);
  expect(mine).toHaveLength(23);
  expect(mine.every((r) => r.code === '00000')).toBe(true);
  expect(new Set(mine.map((r) => JSON.parse(r.requestBody).subUid + JSON.parse(r.requestBody).coin)).size).toBe(23);

  // What the exchange saw: 23 calls, never more than 10 within a second, and no 429.
  const seen = await simRequestLog({ uid: '3000001', endpoint: 'setSubaccountAutotransfer', since: t0 });
  expect(seen).toHaveLength(23);
  expect(seen.filter((r) => r.status === 429 || r.code === '429')).toHaveLength(0);
  expect(mostInAnyWindow(seen.map((r) => r.time))).toBeLessThanOrEqual(10);

  // The current settings, rebuilt from the audit log, name who set them.
  await page.getByRole('tab', { name: 'Current settings' }).click();
  const settings = page.getByRole('table', { name: 'Current auto-transfer settings' });
  await expect(settings.locator('tbody tr')).toHaveCount(23);
  await expect(settings.getByRole('row', { name: /3000002 USDT spot bea-broker/ })).toBeVisible();
});

test('the single form refuses a bad sub-account UID next to its field, without sending', async ({ page }) => {
  const t0 = Date.now();
  await signInAs(page, broker, '/broker');
  const form = page.getByRole('form', { name: 'Set auto-transfer' });
  await form.getByLabel('Sub-account UID').fill('12ab');
  await form.getByLabel('Coin').fill('USDT');
  await form.getByRole('button', { name: 'Set auto-transfer' }).click();
  await expect(form.getByText('must be a numeric UID')).toBeVisible();
  expect(await simRequestLog({ uid: '3000001', endpoint: 'setSubaccountAutotransfer', since: t0 })).toHaveLength(0);

  await form.getByLabel('Sub-account UID').fill('3000004');
  await form.getByLabel('Destination account type').selectOption('usdt-futures');
  await form.getByRole('button', { name: 'Set auto-transfer' }).click();
  await expect(form.getByRole('status')).toContainText('Set: deposits of USDT to 3000004');
});
