// issue 2, item 10: the stack that `npm start` runs renders the shell.
// Controls are found only by role and label (STYLE.md).
import { expect, test } from './fixtures';

const screens = ['Trade', 'Orders', 'Positions', 'Assets', 'Broker', 'Ops', 'Convert', 'Audit', 'Settings'];

test('the signed-in admin sees the shell: header, navigation, and a live connection', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'UTA Desk' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of screens) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/trade$/);
  await expect(nav.getByRole('link', { name: 'Trade', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByLabel('Account')).toHaveValue('main');
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('navigation moves between screens without a page load, and the address can be reloaded', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/trade$/);
});

test('switching the account keeps the connection live on the new account', async ({ page }) => {
  await page.goto('/trade');
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Account').selectOption('sub');
  await expect(page.getByLabel('Account')).toHaveValue('sub');
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });
});

test('the theme is dark by default, switches to light, and is remembered', async ({ page }) => {
  await page.goto('/trade');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});

test('the shell is usable on a narrow screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/trade');
  const nav = page.getByRole('navigation', { name: 'Main' });
  // The row of links collapses into a menu that names the current screen and lists them all.
  await expect(nav.getByRole('link', { name: 'Assets', exact: true })).toBeHidden();
  const menu = nav.getByRole('button', { name: /^Menu, 9 screens: Trade$/ });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  for (const name of screens) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Assets', exact: true })).toBeHidden();
  await menu.click();
  await nav.getByRole('link', { name: 'Assets', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Assets' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /^Menu, 9 screens: Assets$/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('status', { name: /^Connection: / })).toBeVisible();
  // Nothing runs past the right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test.describe('without a session', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('shows the login form with the hint to use the printed URL', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Sign in to UTA Desk' })).toBeVisible();
    await expect(page.getByText('npm start', { exact: true })).toBeVisible();
    // The hint names this desk's own address, whatever port it runs on.
    await expect(page.getByText(`Open ${new URL(baseURL!).origin}/auth/token?t=…`, { exact: true })).toBeVisible();
    await page.getByLabel('Username').fill('nobody');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  });
});
