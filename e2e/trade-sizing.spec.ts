// issue 19 "Done when", sizing and protection: a spot market buy is sized in the unit the
// trader chose and the exchange reads, Available follows the balance panel, an order above
// the maximum never leaves the browser, and one order's four fills are one toast.
import type { Page } from '@playwright/test';
import { compareDecimal, fromScaled, toScaled } from '../contract/core/decimal';
import { setFlow, simGet, trueBook } from './support/chaos-sim';
import { limitBuy, openMarket, otherPost, panelAvailable, plain, screens } from './support/trade-screen';
import { expect, test } from './fixtures';

const form = (page: Page) => page.getByRole('form', { name: 'Order form' });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

async function marketBuy(page: Page, unit: 'USDT' | 'BTC', size: string): Promise<string> {
  const f = form(page);
  await f.getByText('Buy', { exact: true }).first().click();
  await f.getByLabel('Order type').selectOption('market');
  await f.getByLabel('Size in').selectOption(unit === 'USDT' ? 'quote' : 'base');
  const field = f.getByLabel(unit === 'USDT' ? 'Amount' : 'Quantity', { exact: true });
  await field.fill(size);
  await expect(f.getByLabel('Estimated notional')).toHaveText(/≈ [\d,.]+ USDT/);
  await expect(f.getByLabel('Estimated fee')).toHaveText(/≤ [\d,.]+ USDT/);
  await field.press('Enter');
  const sent = f.getByRole('status').filter({ hasText: 'Order sent' });
  await expect(sent).toBeVisible();
  return /Order sent: (\d+)/.exec(await sent.innerText())?.[1] ?? '';
}

/** The trading screen at `screen`, its form on a spot market buy sized in the base or the quote coin. */
async function marketBuyForm(page: Page, screen: (typeof screens)[number], sizeIn: 'base' | 'quote') {
  await page.setViewportSize(screen);
  await openMarket(page);
  const f = form(page);
  await f.getByText('Buy', { exact: true }).first().click();
  await f.getByLabel('Order type').selectOption('market');
  await f.getByLabel('Size in').selectOption(sizeIn);
  return f;
}

/** USDT spent between two panel readings, as an exact decimal. */
const spent = (before: string, after: string) => fromScaled(toScaled(before, 8, { rounding: 'down' }) - toScaled(after, 8, { rounding: 'down' }), 8, { trim: true });

for (const screen of screens) {
  test(`a spot market buy of 100 USDT spends 100 USDT, says USDT in the toast and history, and Available follows the balance panel, at ${screen.name}`, async ({ page }) => {
    await page.setViewportSize(screen);
    await openMarket(page);
    const f = form(page);
    const before = await panelAvailable(page, 'USDT');
    await f.getByText('Buy', { exact: true }).first().click();
    await f.getByLabel('Order type').selectOption('market');
    // The market buy's size is the quote amount by default, and its maximum is in USDT.
    await expect(f.getByLabel('Max buy')).toHaveText(/ USDT$/);
    const orderId = await marketBuy(page, 'USDT', '100');

    await expect(notifications(page).getByText(/^Buy 100 USDT on BTCUSDT filled \([\d.]+ BTC\)/)).toBeVisible();
    await expect.poll(async () => panelAvailable(page, 'USDT')).not.toBe(before);
    const used = spent(before, await panelAvailable(page, 'USDT'));
    // Whole lots while the budget lasts: at most 100, and less by under one lot's value (0.000001 BTC).
    expect(compareDecimal(used, '100')).toBeLessThanOrEqual(0);
    expect(compareDecimal(used, '99.9')).toBeGreaterThan(0);
    // The form's Available is the balance panel's figure, after the order as before it.
    await expect(f.getByLabel('Available balance')).toHaveText(`${await page.getByLabel('USDT available').innerText()} USDT`);

    await page.goto('/orders');
    await page.getByRole('tab', { name: 'Order history' }).click();
    await expect(page.getByRole('row', { name: `Order ${orderId}` })).toContainText('100 USDT');
  });

  test(`a market buy of 0.001 BTC is sent as about 0.001 x the best ask in USDT, and spends that, at ${screen.name}`, async ({ page }) => {
    const f = await marketBuyForm(page, screen, 'base');
    await f.getByLabel('Quantity', { exact: true }).fill('0.001');
    await expect(f.getByLabel('Estimated notional')).toHaveText(/≈ [\d,.]+ USDT/);
    const estimate = plain(await f.getByLabel('Estimated notional').innerText());
    const before = await panelAvailable(page, 'USDT');
    await marketBuy(page, 'BTC', '0.001');
    await expect(notifications(page).getByText(/USDT on BTCUSDT filled \(0\.00\d+ BTC\)/).first()).toBeVisible();
    await expect.poll(async () => panelAvailable(page, 'USDT')).not.toBe(before);
    const used = spent(before, await panelAvailable(page, 'USDT'));
    // The market moves between reading the estimate and the fill: within 1 % of 0.001 x ask.
    const lo = fromScaled((toScaled(estimate, 8) * 99n) / 100n, 8);
    const hi = fromScaled((toScaled(estimate, 8) * 101n) / 100n, 8);
    expect(compareDecimal(used, lo)).toBeGreaterThanOrEqual(0);
    expect(compareDecimal(used, hi)).toBeLessThanOrEqual(0);
  });

  test(`an order above the maximum is refused next to its field with the maximum, and the proxy receives nothing, at ${screen.name}`, async ({ page, baseURL }) => {
    const f = await marketBuyForm(page, screen, 'quote');
    await f.getByText('Advanced', { exact: true }).click();
    const clientOid = `over-max-${Date.now()}`;
    await f.getByLabel('Client order ID').fill(clientOid);
    await f.getByLabel('Amount', { exact: true }).fill('100000000');
    await f.getByLabel('Amount', { exact: true }).press('Enter');
    const max = await f.getByLabel('Max buy').innerText();
    expect(max).toMatch(/^[\d,]+\.\d{2} USDT$/);
    await expect(f.getByText(`Above the maximum of ${max}`)).toBeVisible();
    await expect(f.getByLabel('Amount', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(f.getByText('Order sent')).toBeHidden();
    await expect(page.getByRole('alertdialog', { name: 'Confirm order' })).toBeHidden();

    const audit = await page.request.get(`${baseURL}/audit?endpoint=placeOrder&limit=100`);
    expect(audit.status()).toBe(200);
    const text = await audit.text();
    expect(text).not.toContain(clientOid);
  });
}

test('an order above the confirmation threshold asks first, showing side, size, price, notional and fee; Esc cancels it', async ({ page, browser, baseURL }) => {
  await page.goto('/settings');
  const settings = page.getByRole('form', { name: 'Order confirmation' });
  await settings.getByLabel('Confirm orders above (notional, USDT)').fill('50');
  await settings.getByRole('button', { name: 'Save threshold' }).click();
  await expect(settings.getByRole('status')).toHaveText(/Saved/);

  await openMarket(page);
  const f = form(page);
  await f.getByText('Buy', { exact: true }).first().click();
  await f.getByLabel('Order type').selectOption('market');
  await f.getByLabel('Size in').selectOption('quote');
  await f.getByLabel('Amount', { exact: true }).fill('60');
  await f.getByLabel('Amount', { exact: true }).press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Confirm order' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Confirm side')).toHaveText('Buy');
  await expect(dialog.getByLabel('Confirm size')).toHaveText('60 USDT');
  await expect(dialog.getByLabel('Confirm price')).toHaveText(/^market \(best ask [\d,.]+\)$/);
  await expect(dialog.getByLabel('Confirm notional')).toHaveText('≈ 60 USDT');
  await expect(dialog.getByLabel('Confirm fee')).toHaveText('≤ 0.06 USDT');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(f.getByText('Order sent')).toBeHidden();

  // Remembered: the threshold is still 50 after a reload, and in another browser of the same
  // user (the session's cookie, none of this browser's storage): the proxy keeps it.
  await page.goto('/settings');
  await expect(settings.getByLabel('Confirm orders above (notional, USDT)')).toHaveValue('50');
  const elsewhere = await browser.newContext({ baseURL, storageState: { cookies: (await page.context().storageState()).cookies, origins: [] } });
  try {
    const other = await elsewhere.newPage();
    await other.goto('/settings');
    await expect(other.getByRole('form', { name: 'Order confirmation' }).getByLabel('Confirm orders above (notional, USDT)')).toHaveValue('50');
  } finally {
    await elsewhere.close();
  }
  await settings.getByLabel('Confirm orders above (notional, USDT)').fill('1000');
  await settings.getByRole('button', { name: 'Save threshold' }).click();
  await expect(settings.getByRole('status')).toHaveText(/Saved/);
});

for (const screen of screens) {
  test(`one order filled in four parts gives one toast, at ${screen.name}`, async ({ page }) => {
    await page.setViewportSize(screen);
    await openMarket(page);
    await setFlow(0);
    try {
      // The counterparty rests four sells one tick under the best ask (inside the spread),
      // so a buy at that price meets them, and only them, one after the other.
      const book = await trueBook('BTCUSDT');
      const ask = toScaled(book.asks[0]![0], 2);
      const bid = toScaled(book.bids[0]![0], 2);
      expect(ask - bid).toBeGreaterThan(1n);
      const price = fromScaled(ask - 1n, 2);
      for (let i = 0; i < 4; i++) await otherPost('/api/v3/trade/place-order', { category: 'SPOT', symbol: 'BTCUSDT', side: 'sell', orderType: 'limit', price, qty: '0.0001', timeInForce: 'gtc' });

      const orderId = await limitBuy(page, price, '0.0004');

      await expect.poll(async () => (await simGet<{ list: unknown[] }>('/api/v3/trade/fills', { orderId })).list.length).toBe(4);
      const mine = notifications(page).locator('[role=status],[role=alert]').filter({ hasText: /Buy 0\.0004\d* BTC on BTCUSDT/ });
      await expect(mine.getByText('Order filled')).toBeVisible();
      await expect(mine).toHaveCount(1);
    } finally {
      await setFlow(10);
    }
  });
}

test('a batch row that is a spot market buy is sized in USDT and spends that amount; a limit row stays in BTC', async ({ page }) => {
  await openMarket(page);
  await page.getByRole('tab', { name: 'Batch entry' }).click();
  const batch = page.getByRole('form', { name: 'Batch orders' });
  await expect(batch.getByLabel('Row 1 quantity (BTC)')).toBeVisible();
  await batch.getByLabel('Row 1 type').selectOption('market');
  await batch.getByLabel('Row 1 amount (USDT)').fill('25');
  await batch.getByRole('button', { name: /^Place batch/ }).click();
  await expect(batch.getByLabel('Row 1 result')).toContainText('accepted');
  const orderId = /accepted \((\d+)\)/.exec(await batch.getByLabel('Row 1 result').innerText())?.[1] ?? '';
  const history = await simGet<{ list: { orderId: string; qty: string; cumExecValue?: string }[] }>('/api/v3/trade/history-orders', { category: 'SPOT', limit: '100' });
  expect(history.list.find((o) => o.orderId === orderId)?.qty).toBe('25');
  await expect(notifications(page).getByText(/^Buy 25 USDT on BTCUSDT filled/)).toBeVisible();
});
