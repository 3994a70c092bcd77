// Issue 8 done-when: an ops user sees the pledge-rate history of a filtered loan order,
// with its chart, and cannot place orders.
import { expect, test } from './fixtures';
import { readStackInfo } from './stack-info';
import { createRoleUser, csrfOf, signInAs, type RoleUser } from './support/roles';
import { simRequestLog } from './support/roles-simulator';

const ops: RoleUser = { name: 'otto-ops', password: 'otto-ops-pass', role: 'ops', accounts: ['main'] };
// simulator/README.md: every account has loan orders <uid>71 to <uid>75 (71-73 still open).
const loanOrder = '100000171';

test.use({ storageState: { cookies: [], origins: [] } });

test.beforeAll(async () => {
  await createRoleUser(ops);
});

test('an ops user sees the pledge-rate history of one loan order, with its chart', async ({ page }) => {
  await signInAs(page, ops, '/ops');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Ops' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Broker' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Convert' })).toHaveCount(0);

  // The screen reads the desk's archive; a sync fills it from the exchange.
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  await filters.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Synced/ })).toBeVisible({ timeout: 30_000 });
  const picker = filters.getByLabel('Loan order');
  await expect(picker.locator('option', { hasText: loanOrder })).toHaveCount(1);
  await picker.selectOption({ value: loanOrder });
  await filters.getByRole('button', { name: 'Show' }).click();

  const table = page.getByRole('table', { name: 'Pledge-rate revisions' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const orderCells = await rows.locator('td:nth-child(3)').allInnerTexts();
  expect(orderCells.length).toBeGreaterThan(0);
  expect(new Set(orderCells)).toEqual(new Set([loanOrder]));

  const chart = page.getByRole('group', { name: new RegExp(`^Pledge rate chart for loan order ${loanOrder}`) });
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.getByRole('button', { name: /^Revision / })).toHaveCount(orderCells.length);
});

test('a range that ends before it starts is refused with the reason before anything is sent', async ({ page }) => {
  await signInAs(page, ops, '/ops');
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  await filters.getByLabel('From').fill('2026-03-02T10:00');
  await filters.getByLabel('To').fill('2026-03-01T10:00');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/archive/revisions')) asked.push(r.url());
  });
  await filters.getByRole('button', { name: 'Show' }).click();
  await expect(filters.getByText('the range ends before it starts')).toBeVisible();
  expect(asked).toHaveLength(0);
});

test('an ops user cannot place orders: the role lacks trade.write and the proxy refuses with 403', async ({ page }) => {
  const { baseURL } = readStackInfo();
  await signInAs(page, ops, '/ops');
  const me = (await (await page.request.get(`${baseURL}/auth/me`)).json()) as { role: string; permissions: string[] };
  expect(me.role).toBe('ops');
  expect(me.permissions).not.toContain('trade.write');

  const t0 = Date.now();
  const answer = await page.request.post(`${baseURL}/api/v3/trade/place-order`, {
    headers: { origin: baseURL, 'x-desk-csrf': await csrfOf(page), 'x-desk-account': 'main' },
    data: { category: 'spot', symbol: 'BTCUSDT', orderType: 'limit', side: 'buy', qty: '0.001', price: '1000' },
  });
  expect(answer.status()).toBe(403);
  expect(await simRequestLog({ uid: '1000001', endpoint: 'placeOrder', since: t0 })).toHaveLength(0);
});

test('an ops user looks up savings redemptions: success, or fail with its message, kept for the session', async ({ page }) => {
  await signInAs(page, ops, '/ops');
  const form = page.getByRole('form', { name: 'Redemption lookup' });
  // simulator/README.md: <uid>81 flexible succeeds, <uid>84 fixed fails (not matured).
  await form.getByLabel('Subscription order ID').fill('100000181');
  await form.getByLabel('Period type').selectOption('flexible');
  await form.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('redeem-latest')).toHaveText('Order 100000181 (flexible): redeemed successfully');

  await form.getByLabel('Subscription order ID').fill('100000184');
  await form.getByLabel('Period type').selectOption('fixed');
  await form.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByTestId('redeem-latest')).toContainText('Order 100000184 (fixed): redemption failed: ');

  await page.reload();
  const history = page.getByRole('table', { name: 'Lookups this session' });
  await expect(history.locator('tbody tr')).toHaveCount(2);
  expect(await history.locator('tbody tr td:nth-child(4)').allInnerTexts()).toEqual(['fail', 'success']);
});
