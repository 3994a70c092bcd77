// issue 6 "Done when": the trading screen against the stack `npm start` runs.
// Controls are found only by role and label (STYLE.md).
import type { Page } from '@playwright/test';
import { fromScaled, toScaled } from '../contract/core/decimal';
import { expect, test } from './fixtures';
import { dropConnections, setFlow } from './support/chaos-sim';
import { openMarket } from './support/trade-screen';

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const openOrders = (page: Page) => page.getByRole('table', { name: 'Open orders' });
/** A book level's button name when one order of the user's rests there (any size). */
const ownLevel = (side: 'Bid' | 'Ask', price: string) => new RegExp(`^${side} ${price.replace('.', '\\.')}, size [\\d.]+, 1 of your orders$`);

/** Where the first level of each side of the book was in one frame, and whether the stale notice showed. */
interface BookFrame {
  stale: boolean;
  asks: number;
  bids: number;
}

/** The trading screen on a market (e2e/support/trade-screen.ts). */
const openTrade = openMarket;

/** The mid price shifted by `offset` (a decimal string, may be negative), cut to the tick scale. */
async function priceFromMid(page: Page, offset: string, scale: number): Promise<string> {
  const mid = (await page.getByLabel('Mid price').innerText()).replace(/,/g, '');
  const units = toScaled(mid, scale, { rounding: 'down' }) + toScaled(offset, scale, { allowNegative: true });
  return fromScaled(units, scale);
}

async function clientOidOf(page: Page): Promise<string> {
  return page.getByLabel('Client order ID').inputValue();
}

async function placeLimit(page: Page, side: 'Buy' | 'Sell', price: string, qty: string, tif?: string): Promise<string> {
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByText(side, { exact: true }).first().click();
  await form.getByLabel('Order type').selectOption('limit');
  if (tif) await form.getByLabel('Time in force').selectOption(tif);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Quantity', { exact: true }).fill(qty);
  const oid = await clientOidOf(page);
  // Enter submits the form.
  await form.getByLabel('Quantity', { exact: true }).press('Enter');
  await expect(form.getByRole('status')).toContainText('Order sent');
  return oid;
}

test('a limit order away from the market rests in open orders, moves in the book when modified, cancels with a toast, then leaves the panel', async ({ page }) => {
  const { previous } = await setFlow(0);
  try {
    await openTrade(page);
    // The book shows 12 levels a side, about 3.25 USDT apart on BTCUSDT (the simulator's
    // ladder), and the synthetic market moves several USDT a second: an order a few levels
    // under the mid could be filled, or pushed off the 12 rows, within the test. This test is
    // about the order's life, not the market's, so the market is held still for it.
    const price = await priceFromMid(page, '-10', 2);
    const oid = await placeLimit(page, 'Buy', price, '0.001');

    const row = openOrders(page).getByRole('row', { name: `Order ${oid}` });
    await expect(row.getByLabel('State')).toHaveText(/^(Live|New)$/);
    // The user's own order is marked at its level in the book.
    const bids = page.getByRole('list', { name: 'Bids' });
    await expect(bids.getByRole('button', { name: ownLevel('Bid', price) })).toBeVisible();

    const moved = fromScaled(toScaled(price, 2) - 500n, 2);
    await row.getByRole('button', { name: /^Modify / }).click();
    await row.getByLabel('New price').fill(moved);
    await row.getByRole('button', { name: 'Save' }).click();
    await expect(bids.getByRole('button', { name: ownLevel('Bid', moved) })).toBeVisible();
    await expect(bids.getByRole('button', { name: ownLevel('Bid', price) })).toBeHidden();

    await row.getByRole('button', { name: /^Cancel / }).click();
    await expect(row.getByLabel('State')).toHaveText('Canceled');
    await expect(notifications(page).getByText('Order canceled').first()).toBeVisible();
    await expect(notifications(page).getByText(/canceled: by you/).first()).toBeVisible();
    // The finished row says what happened, then leaves the panel (the order history keeps it).
    await expect(row).toHaveCount(0, { timeout: 20_000 });
  } finally {
    await setFlow(previous);
  }
});

test('a crossing order fills: toast, position and balance update without a reload', async ({ page }) => {
  await openTrade(page, 'USDT-futures');
  const usdt = page.getByLabel('USDT available');
  await expect(usdt).toHaveText(/\d/);
  const before = await usdt.innerText();
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByText('Buy', { exact: true }).first().click();
  await form.getByLabel('Order type').selectOption('market');
  await form.getByLabel('Quantity', { exact: true }).fill('0.010');
  await form.getByRole('button', { name: 'Buy BTC' }).click();

  await expect(notifications(page).getByText('Order filled').first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Position' }).getByRole('row', { name: /^Position / }).first()).toBeVisible();
  await expect(usdt).not.toHaveText(before);
});

test('a post-only order that would cross is canceled and the reason is shown', async ({ page }) => {
  await openTrade(page);
  const price = await priceFromMid(page, '200', 2);
  const oid = await placeLimit(page, 'Buy', price, '0.001', 'post_only');
  const row = openOrders(page).getByRole('row', { name: `Order ${oid}` });
  await expect(row.getByLabel('State')).toHaveText('Canceled');
  await expect(row).toContainText('post-only');
  await expect(notifications(page).getByText(/post-only: it would have crossed/).first()).toBeVisible();
});

test('a batch of 3 orders with one the exchange refuses shows 2 accepted and 1 rejected with its message', async ({ page }) => {
  await openTrade(page);
  const low = await priceFromMid(page, '-500', 2);
  await page.getByRole('tab', { name: 'Batch entry' }).click();
  const batch = page.getByRole('form', { name: 'Batch orders' });
  await batch.getByRole('button', { name: 'Add row' }).click();
  await batch.getByRole('button', { name: 'Add row' }).click();
  const fill = async (n: number, price: string, qty: string) => {
    await batch.getByLabel(`Row ${n} price`).fill(price);
    await batch.getByLabel(`Row ${n} quantity`).fill(qty);
  };
  await fill(1, low, '0.001');
  await fill(2, fromScaled(toScaled(low, 2) - 100n, 2), '0.001');
  // 900 BTC at ~64,500 is far beyond the 100,000 USDT of the account: valid in shape, refused by the exchange.
  await fill(3, low, '900');
  await batch.getByRole('button', { name: /^Place batch/ }).click();

  await expect(batch.getByText('2 accepted, 1 rejected')).toBeVisible();
  await expect(batch.getByLabel('Row 1 result')).toContainText('accepted');
  await expect(batch.getByLabel('Row 2 result')).toContainText('accepted');
  await expect(batch.getByLabel('Row 3 result')).toContainText(/rejected: .+/);
  await expect(batch.getByLabel('Row 3 result')).toContainText(/balance|margin|insufficient/i);
});

test('the order form refuses a price finer than the tick, next to the field, and sends nothing', async ({ page }) => {
  await openTrade(page);
  const form = page.getByRole('form', { name: 'Order form' });
  await form.getByLabel('Order type').selectOption('limit');
  await form.getByLabel('Price', { exact: true }).fill('60000.001');
  await form.getByLabel('Quantity', { exact: true }).fill('0.001');
  await form.getByLabel('Quantity', { exact: true }).press('Enter');
  await expect(form.getByText('Price must be a multiple of 0.01')).toBeVisible();
  await expect(form.getByLabel('Price', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Order sent')).toBeHidden();
});

test('the book says it is stale over its top rows, and its levels stay where they are', async ({ page }) => {
  await openTrade(page);
  await expect(page.getByRole('list', { name: 'Bids' }).getByRole('button').first()).toBeVisible();
  // Every frame, where the first level of each side is and whether the stale notice shows:
  // the notice may last only as long as the relay takes to reconnect.
  await page.evaluate(() => {
    const seen: BookFrame[] = [];
    (window as unknown as { bookFrames: BookFrame[] }).bookFrames = seen;
    const top = (side: string) => document.querySelector(`ul[aria-label="${side}"]`)?.getBoundingClientRect().top ?? NaN;
    const frame = () => {
      seen.push({ stale: document.querySelector('[role="status"][aria-label="Order book stale"]') !== null, asks: top('Asks'), bids: top('Bids') });
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  const frames = () => page.evaluate(() => (window as unknown as { bookFrames: BookFrame[] }).bookFrames);
  await dropConnections();
  await expect.poll(async () => (await frames()).some((f) => f.stale), { message: 'the book never said it was stale after the connections dropped' }).toBe(true);
  await expect(page.getByRole('status', { name: 'Order book stale' })).toHaveCount(0, { timeout: 15_000 });
  const seen = await frames();
  const first = seen[0]!;
  const moved = seen.filter((f) => f.asks !== first.asks || f.bids !== first.bids);
  expect(moved, `the ladder moved: first at asks ${first.asks} / bids ${first.bids}, then ${JSON.stringify(moved.slice(0, 3))}`).toEqual([]);
});

test('clicking a book level fills the order form price', async ({ page }) => {
  await openTrade(page);
  const level = page.getByRole('list', { name: 'Asks' }).getByRole('button').first();
  await expect(level).toBeVisible();
  // The market keeps moving: read the level's label and click it in one task of the page,
  // so the price compared is the one the row showed when it was clicked.
  const name = await level.evaluate((b: HTMLElement) => {
    const label = b.getAttribute('aria-label') ?? '';
    b.click();
    return label;
  });
  const price = /^Ask ([\d.]+)/.exec(name)?.[1];
  expect(price).toBeTruthy();
  await expect(page.getByRole('form', { name: 'Order form' }).getByLabel('Price', { exact: true })).toHaveValue(price!);
});
