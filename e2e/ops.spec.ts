// Issue 8 done-when: an ops user sees the pledge-rate history of a filtered loan order,
// with its chart, and cannot place orders.
import { expect, test } from './fixtures';
import { readStackInfo } from './stack-info';
import { createRoleUser, csrfOf, signInAs, type RoleUser } from './support/roles';
import { simRequestLog } from './support/roles-simulator';

const ops: RoleUser = { name: 'otto-ops', password: 'otto-ops-pass', role: 'ops', accounts: ['main'] };
// simulator/README.md: every account has loan orders <uid>71, <uid>72 and <uid>73.
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

  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  await filters.getByLabel('Loan order ID').fill(loanOrder);
  await filters.getByLabel('Page size').fill('100');
  await filters.getByRole('button', { name: 'Search' }).click();

  const table = page.getByRole('table', { name: 'Pledge-rate revisions' });
  const rows = table.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  const orderCells = await rows.locator('td:nth-child(2)').allInnerTexts();
  expect(orderCells.length).toBeGreaterThan(0);
  expect(new Set(orderCells)).toEqual(new Set([loanOrder]));

  const chart = page.getByRole('img', { name: `Pledge rate chart for order ${loanOrder}` });
  await expect(chart).toHaveAttribute('data-ready', 'true');
  await expect(chart.locator('canvas').first()).toBeVisible();
});

test('a start older than three months is refused with the reason before anything is sent', async ({ page }) => {
  const t0 = Date.now();
  await signInAs(page, ops, '/ops');
  const filters = page.getByRole('form', { name: 'Pledge-rate filters' });
  const d = new Date(Date.now() - 100 * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  await filters.getByLabel('From').fill(`${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`);
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(filters.getByText('only the past three months can be queried')).toBeVisible();
  expect(await simRequestLog({ uid: '1000001', endpoint: 'reviseHistory', since: t0 })).toHaveLength(0);
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
