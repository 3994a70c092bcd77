// issue 19 "Done when", the panel under the chart and the keyboard: true counts, states in
// words, every row action inside the 1280x720 viewport; focus after the "/" picker, the book
// as one tab stop, B and S, the "?" help; a stale leverage error clears.
import type { Page } from '@playwright/test';
import { simGet } from './support/chaos-sim';
import { fromScaled, toScaled } from '../contract/core/decimal';
import { openMarket, plain, restingBuy, simPost } from './support/trade-screen';
import { expect, test } from './fixtures';

const form = (page: Page) => page.getByRole('form', { name: 'Order form' });

test('open orders: the tab counts every open order, states are words, every row action is inside the viewport at 1280x720, and a market\'s rows fit whole', async ({ page }) => {
  await openMarket(page);
  await restingBuy(page, 3000n);
  await restingBuy(page, 3100n);
  // And one on a futures market, whose longer category name must fit too.
  const mid = plain(await page.getByLabel('Mid price').innerText());
  const futuresPrice = fromScaled(toScaled(mid, 1, { rounding: 'down' }) - 40000n, 1);
  const futures = await simPost<{ orderId: string }>('main', '/api/v3/trade/place-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: futuresPrice, qty: '0.001', clientOid: `fit-${Date.now()}` });
  const table = page.getByRole('table', { name: 'Open orders' });
  await expect(table.getByRole('button', { name: /^Cancel buy / }).nth(1)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'usdt-futures' }).first()).toBeVisible();

  // The tab's count is every open order of the account (all types and markets).
  const open = (await simGet<{ list: unknown[] }>('/api/v3/trade/unfilled-orders', { limit: '100' })).list.length;
  await expect(page.getByRole('tab', { name: new RegExp(`^Open orders \\(${open} in all markets`) })).toBeVisible();
  await expect(table.getByLabel('State').first()).toHaveText(/^(Live|New|Partially filled)$/);

  const viewport = page.viewportSize()!;
  const buttons = table.getByRole('row').getByRole('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThanOrEqual(4);
  for (let i = 0; i < count; i++) {
    const box = await buttons.nth(i).evaluate((el) => {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    });
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(viewport.width);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(viewport.height);
  }
  // The table is never scrolled sideways to get there: the actions column stays in view.
  expect(await table.evaluate((t) => (t.parentElement as HTMLElement).scrollLeft)).toBe(0);
  // With every market listed (spot and futures), the rows fit the panel whole too.
  expect(await table.evaluate((t) => (t.parentElement as HTMLElement).scrollWidth - (t.parentElement as HTMLElement).clientWidth)).toBeLessThanOrEqual(0);

  // "This symbol only" narrows the list to the market on screen.
  await page.getByLabel(/^This symbol only/).check();
  for (const cell of await table.getByRole('row').filter({ has: page.getByLabel('State') }).all()) await expect(cell).toContainText('BTCUSDT');
  // A spot market's rows fit the panel whole: no column (the state, the fills) hides under
  // the sticky actions, and nothing needs scrolling sideways.
  expect(await table.evaluate((t) => (t.parentElement as HTMLElement).scrollWidth - (t.parentElement as HTMLElement).clientWidth)).toBeLessThanOrEqual(0);
  await simPost('main', '/api/v3/trade/cancel-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', orderId: futures.orderId });
});

test('keyboard: after the picker focus is in the order form, the book is one tab stop with arrows inside, B and S pick the side, ? shows the shortcuts', async ({ page }) => {
  await openMarket(page);
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Choose market' });
  await dialog.getByRole('tab', { name: 'Spot' }).click();
  await dialog.getByRole('combobox', { name: 'Search markets' }).fill('ETHUSDT');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(form(page).getByLabel('Price', { exact: true })).toBeFocused();

  // B and S outside a field choose the side.
  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('s');
  await expect(form(page).getByRole('radio', { name: 'Sell' })).toBeChecked();
  await page.keyboard.press('b');
  await expect(form(page).getByRole('radio', { name: 'Buy' })).toBeChecked();

  // The book: Grouping, then one stop for the ladder, then out of the book.
  await page.getByLabel('Grouping').focus();
  await page.keyboard.press('Tab');
  const ladder = page.getByRole('group', { name: /^Book levels/ });
  await expect(ladder).toBeFocused();
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toMatch(/^Ask [\d.]+, size/);
  await page.keyboard.press('Tab');
  expect(await ladder.evaluate((l) => l.contains(document.activeElement))).toBe(false);

  await page.locator('body').click({ position: { x: 5, y: 300 } });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('row').filter({ hasText: 'Sell side' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
});

test('a refused leverage clears as soon as a valid value is typed', async ({ page }) => {
  await openMarket(page, 'USDT-futures');
  const lev = page.getByRole('form', { name: 'Leverage' });
  await lev.getByLabel('Leverage').fill('999');
  await lev.getByRole('button', { name: 'Set leverage' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'Leverage must be a whole number' });
  await expect(error).toBeVisible();
  await lev.getByLabel('Leverage').fill('10');
  await expect(error).toBeHidden();
});

test('a fill is announced on every screen, not only on the trading screen', async ({ page }) => {
  await page.goto('/positions');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  // Wait for the shell's private socket and its first reads: a push before the subscription would be missed.
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const clientOid = `every-screen-${Date.now()}`;
  await simPost('main', '/api/v3/trade/place-order', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '20', clientOid });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/^Buy 20 USDT on BTCUSDT filled/)).toBeVisible();
});

test('on a phone the order form comes first, then book, chart and orders one at a time under tabs', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trade');
  const form = page.getByRole('form', { name: 'Order form' });
  const panes = page.getByRole('tablist', { name: 'Market panels' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  const formBox = (await form.boundingBox())!;
  const tabsBox = (await panes.boundingBox())!;
  expect(formBox.y).toBeLessThan(tabsBox.y);
  await expect(page.getByRole('region', { name: 'Order book' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charts' })).toBeHidden();

  await panes.getByRole('tab', { name: 'Chart' }).click();
  await expect(page.getByRole('figure', { name: /^Candlestick chart/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Orders' })).toBeHidden();

  await panes.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByRole('tab', { name: /^Open orders \(\d+/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Charts' })).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('on a phone a notification docks under the page: the order form\'s button at the bottom of the page stays uncovered', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trade');
  const submit = form(page).locator('button[type="submit"]');
  await expect(submit).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await simPost('main', '/api/v3/trade/place-order', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '10', clientOid: `phone-dock-${Date.now()}` });
  const region = page.getByRole('region', { name: 'Notifications' });
  await expect(region.getByText(/^Buy 10 USDT on BTCUSDT filled/)).toBeVisible();
  // The button scrolled to the bottom edge of the page, where a toast floating over it would sit.
  const hit = await submit.evaluate((el) => {
    el.scrollIntoView({ block: 'end' });
    const r = el.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.bottom - 2);
    return { uncovered: !!top && el.contains(top), bottom: r.bottom };
  });
  expect(hit.uncovered, 'the submit button is covered at its bottom edge').toBe(true);
  expect(hit.bottom).toBeLessThanOrEqual((await region.boundingBox())!.y + 1);
  await region.getByRole('button', { name: 'Dismiss notification' }).first().click();
  // With no toast, the dock is gone and the page has the whole height again.
  await expect(region).toBeHidden();
  await expect(async () => {
    const page_ = (await page.locator('[data-scroll-area]').boundingBox())!;
    expect(page_.y + page_.height).toBe(844);
  }).toPass({ timeout: 5_000 });
});

test('every notification stays in the history under the bell, and a fill sounds once its sound is on in Settings', async ({ page }) => {
  // A stand-in for Web Audio that records the pitch of each tone started (headless Chromium has no sound device).
  await page.addInitScript(() => {
    const played: number[] = [];
    (window as unknown as { played: number[] }).played = played;
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createGain() {
        return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (n: unknown) => n };
      }
      createOscillator() {
        const osc = { frequency: { value: 0 }, connect: (n: unknown) => n, start: () => played.push(osc.frequency.value), stop() {} };
        return osc;
      }
    }
    (window as unknown as { AudioContext: unknown }).AudioContext = FakeAudio;
  });
  await page.goto('/settings');
  const sounds = page.getByRole('region', { name: 'Notification sounds' });
  const filled = sounds.getByRole('checkbox', { name: 'Order filled' });
  await expect(filled).not.toBeChecked();
  await filled.check();
  await expect(page.getByRole('status', { name: 'Connection: connected' })).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');

  const clientOid = `sound-${Date.now()}`;
  await simPost('main', '/api/v3/trade/place-order', { category: 'SPOT', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '15', clientOid });
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText(/^Buy 15 USDT on BTCUSDT filled/)).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { played: number[] }).played)).toEqual([880]);

  // The toast goes; the history keeps it.
  await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' }).first().click();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
  await bell.click();
  const history = page.getByRole('region', { name: 'Notification history' });
  await expect(history.getByText(/^Buy 15 USDT on BTCUSDT filled/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
});
