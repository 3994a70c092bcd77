// The Audit screen (issue 5 item 8): an order placed through the desk's REST path shows up
// in the audit log with its clientOid, request body and result, and exports as CSV; a
// role without trade.write finds the order form's submit disabled, with the reason.
// Controls are found only by role and label (STYLE.md).
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createRoleUser, signInAs, type RoleUser } from './support/roles';

interface PlaceAnswer {
  status: number;
  body: { code: string; data: { orderId: string; clientOid: string } | null };
}

/** Places a resting spot order the way the app does: the page's own fetch, with the session's CSRF token. */
async function placeThroughDesk(page: Page, clientOid: string): Promise<PlaceAnswer> {
  return page.evaluate(async (oid) => {
    const me = (await (await fetch('/auth/me')).json()) as { csrfToken: string };
    const response = await fetch('/api/v3/trade/place-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-desk-csrf': me.csrfToken, 'x-desk-account': 'main' },
      body: JSON.stringify({ category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '1000', clientOid: oid }),
    });
    return { status: response.status, body: (await response.json()) as PlaceAnswer['body'] };
  }, clientOid);
}

test('an order placed through the desk appears in the audit log with its clientOid, body and result, and exports as CSV', async ({ page }) => {
  await page.goto('/');
  const clientOid = `audit-e2e-${Date.now()}`;
  const placed = await placeThroughDesk(page, clientOid);
  expect(placed.status).toBe(200);
  expect(placed.body.code).toBe('00000');
  const orderId = placed.body.data?.orderId ?? '';
  expect(orderId).toMatch(/^\d+$/);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
  const filters = page.getByRole('form', { name: 'Audit filters' });
  await filters.getByLabel('Endpoint').fill('placeOrder');
  await filters.getByLabel('Account').fill('main');
  await filters.getByRole('button', { name: 'Search' }).click();

  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: clientOid });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(orderId);
  await expect(row).toContainText('placeOrder');
  await expect(row).toContainText('POST / rest');
  await expect(row).toContainText('00000');

  await row.getByRole('button', { name: 'Show request body' }).click();
  const body = log.getByRole('row', { name: /^Request body of audit entry / });
  await expect(body).toContainText(`"clientOid": "${clientOid}"`);
  await expect(body).toContainText('"price": "1000"');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await (await download).path();
  const csv = await readFile(file, 'utf8');
  const lines = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^id,time,localTime,user,account,endpoint,/);
  expect(lines.filter((l) => l.includes(clientOid) && l.includes(orderId))).toHaveLength(1);
  await expect(page.getByRole('status').filter({ hasText: /^Exported/ })).toHaveText(`Exported ${lines.length - 1} ${lines.length === 2 ? 'row' : 'rows'}.`);
});

test.describe('a role without trade.write', () => {
  const ops: RoleUser = { name: 'audrey-ops', password: 'audrey-ops-pass', role: 'ops', accounts: ['main'] };
  test.use({ storageState: { cookies: [], origins: [] } });
  test.beforeAll(async () => {
    await createRoleUser(ops);
  });

  test('finds the order form’s submit disabled with the reason, and may read the audit log', async ({ page }) => {
    await signInAs(page, ops, '/trade');
    const form = page.getByRole('form', { name: 'Order form' });
    const submit = form.getByRole('button', { name: /^(Buy|Sell) / });
    await expect(submit).toBeDisabled({ timeout: 30_000 });
    await expect(submit).toHaveAccessibleDescription('Your role (ops) may not place orders: it needs trade.write');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit' }).click();
    await expect(page.getByRole('status', { name: 'Audit entries loaded' })).toHaveText(/entr(y|ies) loaded/);
  });
});
