// Issue 8 done-when: a broker imports a 25-row CSV with 2 invalid rows; the 2 are flagged
// before anything is sent, the 23 valid rows apply (as a job in the proxy, issue 20) with
// an audit row each, and the exchange saw at most 10 of these calls in any one second and
// no 429. Issue 20: rows are checked against the broker's sub-accounts and coin list.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { subUidsWith } from './support/broker-directory';
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
  const subs = ['3000002', '3000003', '3000004', '3000005', '3000006', ...subUidsWith('normal').slice(0, 2)];
  const coins = ['USDT', 'BTC', 'eth', 'NTK'];
  const types = ['spot', 'usdt-futures', 'coin-futures', 'usdc-futures'];
  const valid = subs.flatMap((s, i) => coins.map((c, j) => `${s},${c},${types[(i + j) % types.length]}`)).slice(0, 23);
  const lines = ['subUid,coin,toAccountType', ...valid.slice(0, 7), '3000002,USDT,margin', ...valid.slice(7, 15), 'abc,BTC,spot', ...valid.slice(15)];
  return `${lines.join('\r\n')}\r\n`;
}

/** Waits for the whole sub-account list (1 page a second): CSV rows are checked against it. */
async function waitForDirectory(page: Page): Promise<void> {
  await expect(page.getByTestId('subaccount-count')).toHaveText('1205 sub-accounts', { timeout: 40_000 });
}

test('a broker imports 25 rows: 2 invalid are flagged and never sent, 23 apply as a job within 10 per second with an audit row each', async ({ page }) => {
  test.setTimeout(120_000);
  const t0 = Date.now();
  await signInAs(page, broker, '/broker');

  // Role-aware navigation: a broker sees the broker screen, not conversion or ops.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Broker' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Convert' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Ops' })).toHaveCount(0);
  await waitForDirectory(page);

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
  const job = page.getByRole('list', { name: 'Jobs' }).getByRole('listitem').first();
  await expect(job.getByText(/^done$/)).toBeVisible({ timeout: 30_000 });
  await expect(job).toContainText('23 applied · 0 failed · 0 skipped · 0 to go of 23');

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

  // The list shows what this desk set, and says that is where the figure comes from.
  await page.getByRole('tab', { name: 'Sub-accounts' }).click();
  await page.getByLabel('Search sub-accounts').fill('3000002');
  const list = page.getByRole('table', { name: 'Sub-accounts' });
  await expect(list.getByRole('columnheader', { name: /set by this desk/ })).toBeVisible();
  await expect(list.getByRole('row', { name: /3000002.*USDT → spot/ })).toBeVisible({ timeout: 10_000 });
});

test('a CSV is checked against the broker\'s sub-accounts and coins before sending: unknown UID, frozen, unknown coin flagged; lower-case coin valid', async ({ page }) => {
  test.setTimeout(90_000);
  const t0 = Date.now();
  const frozen = subUidsWith('freeze')[0]!;
  await signInAs(page, broker, '/broker');
  await waitForDirectory(page);
  await page.getByRole('tab', { name: 'Bulk (CSV)' }).click();
  const csv = ['subUid,coin,toAccountType', '2000001,USDT,spot', `${frozen},USDT,spot`, '3000002,NOPE,spot', '3000003,usdt,usdt-futures'].join('\n');
  await page.getByLabel(/CSV with the header/).fill(csv);
  await expect(page.getByTestId('bulk-summary')).toHaveText('4 rows: 1 valid, 3 invalid (invalid rows are never sent).');
  const rows = page.getByRole('table', { name: 'CSV preview' }).locator('tbody tr');
  await expect(rows.nth(0)).toContainText("invalid subUid: 2000001 is not one of this broker's sub-accounts");
  await expect(rows.nth(1)).toContainText(`invalid subUid: sub-account ${frozen} is frozen; the exchange refuses it`);
  await expect(rows.nth(2)).toContainText('invalid coin: NOPE is not a coin the exchange lists');
  await expect(rows.nth(3)).toHaveAttribute('data-valid', 'true');
  await expect(rows.nth(3)).toContainText('valid');

  // A duplicate whatever the case, and a malformed CSV, each get a clear error.
  await page.getByLabel(/CSV with the header/).fill('subUid,coin,toAccountType\n3000003,usdt,spot\n3000003,USDT,spot');
  await expect(rows.nth(1)).toContainText('duplicate: sub-account 3000003 and USDT are already on line 2');
  await page.getByLabel(/CSV with the header/).fill('subUid,coin,toAccountType\n"3000003,USDT,spot');
  const bulk = page.getByRole('tabpanel', { name: 'Bulk (CSV)' });
  await expect(bulk.getByRole('alert').filter({ hasText: /^Line 2: / })).toBeVisible();
  // A 20 MB file is refused before it is read.
  const huge = path.join(mkdtempSync(path.join(tmpdir(), 'desk-csv-')), 'huge.csv');
  writeFileSync(huge, Buffer.alloc(20 * 1024 * 1024, 'a'));
  await page.getByLabel('CSV file', { exact: true }).setInputFiles(huge);
  await expect(bulk.getByRole('alert').filter({ hasText: 'huge.csv is 20.0 MB' })).toBeVisible();
  // The template downloads.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the CSV template' }).click();
  expect((await download).suggestedFilename()).toBe('autotransfer-template.csv');
  expect(await simRequestLog({ uid: '3000001', endpoint: 'setSubaccountAutotransfer', since: t0 })).toHaveLength(0);
});

test('the single form refuses a bad sub-account UID next to its field, without sending', async ({ page }) => {
  const t0 = Date.now();
  await signInAs(page, broker, '/broker');
  await page.getByRole('tab', { name: 'Single' }).click();
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
