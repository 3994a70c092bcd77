// Issue 19 done-when: a futures order with TP and SL fills; moving the simulator's mark
// through the TP closes what it opened, with a toast and history rows. And a TP/SL put on
// an open position from the TP/SL tab, changed and cancelled there.
import type { Page } from '@playwright/test';
import { fromScaled, toScaled } from '../contract/core/decimal';
import { expect, test } from './fixtures';
import { setFlow, simGet, simUrl } from './support/chaos-sim';
import { openMarket, screens, showOrdersPanel, simPost } from './support/trade-screen';

/** The simulator's mark price of the BTCUSDT perpetual, as exact text. */
async function markPrice(): Promise<string> {
  const res = await fetch(`${simUrl()}/api/v3/market/tickers?category=USDT-FUTURES&symbol=BTCUSDT`);
  const env = (await res.json()) as { data: { markPrice: string }[] };
  return env.data[0]!.markPrice;
}

/** The mark (whole USDT) moved by `delta` USDT, as a price on the 0.1 tick. */
const offset = (mark: string, delta: bigint) => fromScaled(toScaled(mark, 0, { rounding: 'down' }) + delta, 0) + '.0';

/** Prices equal as numbers ("65408" and "65408.0"): the exchange answers without trailing zeros. */
const samePrice = (a: string, b: string) => a !== '' && toScaled(a, 1) === toScaled(b, 1);

async function moveMark(to: string): Promise<{ strategyOrders: { status: string; triggerType: string }[] }> {
  const res = await fetch(`${simUrl()}/__sim/price`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ symbol: 'BTCUSDT', markPrice: to }) });
  if (!res.ok) throw new Error(`POST /__sim/price answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { strategyOrders: { status: string; triggerType: string }[] };
}

/** The long BTCUSDT position's size as the simulator holds it ('0' when none). */
async function longSize(): Promise<string> {
  const data = await simGet<{ list: { symbol: string; posSide: string; total: string }[] }>('/api/v3/position/current-position', { category: 'USDT-FUTURES', symbol: 'BTCUSDT' });
  return data.list.find((p) => p.symbol === 'BTCUSDT' && p.posSide === 'long')?.total ?? '0';
}

const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test.describe('TP/SL', () => {
  let flowBefore = 0;
  // The journeys are about the trigger, not the market: the synthetic flow would move the mark on its own.
  test.beforeEach(async () => {
    flowBefore = (await setFlow(0)).previous;
  });
  test.afterEach(async () => {
    await setFlow(flowBefore);
  });

  for (const screen of screens) {
    test(`a futures buy with TP and SL fills; the mark moving through the TP sells what it bought, with a toast and history rows, at ${screen.name}`, async ({ page }) => {
      await page.setViewportSize(screen);
      await openMarket(page, 'USDT-futures');
      const sizeBefore = await longSize();
      const mark = await markPrice();
      const tp = offset(mark, 400n);
      const sl = offset(mark, -400n);

      const form = page.getByRole('form', { name: 'Order form' });
      await form.getByLabel('Order type').selectOption('market');
      await form.getByLabel('Quantity', { exact: true }).fill('0.01');
      await form.getByRole('checkbox', { name: 'Take profit / stop loss' }).check();
      await form.getByLabel('Take profit', { exact: true }).fill(tp);
      await form.getByLabel('Stop loss', { exact: true }).fill(sl);
      await form.getByLabel('TP/SL trigger').selectOption('mark');
      await form.getByRole('button', { name: 'Buy BTC' }).click();
      await expect(notifications(page).getByText(/^Buy 0\.010 BTC on BTCUSDT filled/)).toBeVisible();

      // The preset is now a pending TP/SL on the position, shown in its tab.
      await showOrdersPanel(page);
      await page.getByRole('tab', { name: /^TP\/SL \(\d+\)$/ }).click();
      const row = page.getByRole('row', { name: 'TP/SL BTCUSDT long' }).filter({ hasText: Number(tp).toLocaleString('en-US') });
      await expect(row).toHaveCount(1);
      await expect(row.getByLabel('Stop loss')).toContainText('(mark)');

      const moved = await moveMark(offset(mark, 500n));
      expect(moved.strategyOrders).toEqual([expect.objectContaining({ status: 'success', triggerType: 'takeProfit' })]);
      await expect(notifications(page).getByText('Take profit triggered')).toBeVisible();
      await expect(notifications(page).getByText(/^Sell 0\.010 BTC on BTCUSDT filled/)).toBeVisible();
      // The closing order's own toast says the take profit sent it.
      await expect(notifications(page).getByText('Take profit: order filled')).toBeVisible();
      await expect(row).toHaveCount(0);
      expect(await longSize()).toBe(sizeBefore);

      // History: the strategy order fired, and the closing sell is among the orders.
      const history = await simGet<{ list: { status: string; triggerType: string; takeProfit: string }[] }>('/api/v3/trade/history-strategy-orders', { category: 'USDT-FUTURES' });
      expect(history.list.find((h) => samePrice(h.takeProfit, tp))).toMatchObject({ status: 'success', triggerType: 'takeProfit' });
      // The TP/SL tab's history says which side fired.
      const fired = page.getByRole('table', { name: 'TP/SL history' }).getByRole('row').filter({ hasText: Number(tp).toLocaleString('en-US') });
      await expect(fired.getByLabel('Outcome')).toHaveText('Triggered: take profit');
      // Both in the order history and the fills under the chart.
      await page.getByRole('tab', { name: 'Order history', exact: true }).click();
      const newest = page.getByRole('table', { name: 'Order history' }).getByRole('row', { name: /^Order \d+$/ }).first();
      await expect(newest).toBeVisible({ timeout: 30_000 });
      for (const cell of ['BTCUSDT', 'sell', '0.010 BTC', 'Filled', 'market (take profit)']) await expect(newest.getByRole('cell', { name: cell, exact: true }).first()).toBeVisible();
      const closingId = (await newest.getAttribute('aria-label'))!.replace('Order ', '');
      await page.getByRole('tab', { name: 'Fills', exact: true }).click();
      await expect(page.getByRole('row', { name: new RegExp(`^Fill \\d+ of order ${closingId}$`) }).first()).toBeVisible({ timeout: 30_000 });
    });
  }

  test('a TP/SL is put on an open position from its tab, changed there, and cancelled; a wrong price is refused next to its field', async ({ page }) => {
    await openMarket(page, 'USDT-futures');
    const form = page.getByRole('form', { name: 'Order form' });
    await form.getByLabel('Order type').selectOption('market');
    await form.getByLabel('Quantity', { exact: true }).fill('0.01');
    await form.getByRole('button', { name: 'Buy BTC' }).click();
    await expect(notifications(page).getByText(/^Buy 0\.010 BTC on BTCUSDT filled/)).toBeVisible();

    await page.getByRole('tab', { name: /^TP\/SL \(\d+\)$/ }).click();
    const mark = await markPrice();
    const set = page.getByRole('form', { name: 'Set TP/SL on a position' });
    await set.getByLabel('Position').selectOption('BTCUSDT:long');
    // Off the 0.1 tick: refused in the form, nothing sent.
    await set.getByLabel('Take profit (USDT)').fill('70000.05');
    await set.getByRole('button', { name: 'Set TP/SL' }).click();
    await expect(set.getByText('Take profit must be a multiple of 0.1')).toBeVisible();
    // A take-profit below the price of a long: the exchange refuses it, and says so next to the field.
    await set.getByLabel('Take profit (USDT)').fill(offset(mark, -1000n));
    await set.getByRole('button', { name: 'Set TP/SL' }).click();
    await expect(set.getByText(/takeProfit/)).toBeVisible();

    await set.getByLabel('Take profit (USDT)').fill(offset(mark, 3000n));
    await set.getByLabel('Stop loss (USDT)').fill(offset(mark, -3000n));
    await set.getByRole('button', { name: 'Set TP/SL' }).click();
    await expect(set.getByRole('status')).toHaveText('TP/SL set.');
    const row = page.getByRole('row', { name: 'TP/SL BTCUSDT long' }).filter({ hasText: Number(offset(mark, -3000n)).toLocaleString('en-US') });
    await expect(row).toHaveCount(1);

    await row.getByRole('button', { name: 'Edit TP/SL BTCUSDT long' }).click();
    const edit = page.getByRole('form', { name: 'Change TP/SL BTCUSDT long' });
    await edit.getByLabel('Stop loss (USDT)').fill(offset(mark, -2000n));
    // The stop loss now executes as a limit order 10 USDT under its trigger; off the tick first.
    await edit.getByLabel('SL limit price (USDT)').fill('1.05');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('SL limit price must be a multiple of 0.1')).toBeVisible();
    await edit.getByLabel('SL limit price (USDT)').fill(offset(mark, -2010n));
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    const changed = page.getByRole('row', { name: 'TP/SL BTCUSDT long' }).filter({ hasText: Number(offset(mark, -2000n)).toLocaleString('en-US') });
    await expect(changed).toHaveCount(1);
    await expect(changed.getByLabel('Stop loss')).toContainText(`limit ${Number(offset(mark, -2010n)).toLocaleString('en-US')}`);
    await expect(changed.getByLabel('Take profit')).toContainText('market');
    const pending = await simGet<{ status: string; slOrderType: string; slLimitPrice: string }[]>('/api/v3/trade/unfilled-strategy-orders', { category: 'USDT-FUTURES' });
    expect(pending.find((p) => p.status === 'pending' && p.slOrderType === 'limit' && samePrice(p.slLimitPrice, offset(mark, -2010n)))).toBeTruthy();

    // The positions tab under the chart shows it on the position's row, beside Close, in view.
    await page.getByRole('tab', { name: /^Positions \(\d+\)$/ }).click();
    const position = page.getByRole('tabpanel', { name: 'Positions' }).getByRole('row', { name: 'Position BTCUSDT long' });
    await expect(position.getByLabel('TP/SL')).toContainText(`SL ${Number(offset(mark, -2000n)).toLocaleString('en-US')}`);
    await expect(position.getByLabel('ROE')).toHaveText(/%$/);
    const close = await position.getByRole('button', { name: 'Close BTCUSDT long' }).boundingBox();
    expect(close && close.x + close.width <= 1280 && close.y + close.height <= 720 + (await page.evaluate(() => window.scrollY))).toBe(true);
    await page.getByRole('tab', { name: /^TP\/SL \(\d+\)$/ }).click();

    await changed.getByRole('button', { name: 'Cancel TP/SL BTCUSDT long' }).click();
    await expect(changed).toHaveCount(0);
    const ended = page.getByRole('table', { name: 'TP/SL history' }).getByRole('row').filter({ hasText: Number(offset(mark, -2000n)).toLocaleString('en-US') });
    await expect(ended.getByLabel('Outcome')).toHaveText('Canceled');
    const history = await simGet<{ list: { status: string; stopLoss: string }[] }>('/api/v3/trade/history-strategy-orders', { category: 'USDT-FUTURES' });
    expect(history.list.find((h) => samePrice(h.stopLoss, offset(mark, -2000n)))).toMatchObject({ status: 'cancelled' });
  });

  test('after a partial close elsewhere, the open close form offers what is left, not the old size', async ({ page }) => {
    await simPost('main', '/api/v3/trade/place-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'buy', orderType: 'market', qty: '0.003', clientOid: `pc-open-${Date.now()}` });
    await page.goto('/positions');
    const row = page.getByRole('row', { name: 'Position BTCUSDT long' });
    await row.getByRole('button', { name: 'Close BTCUSDT long' }).click();
    const qty = page.getByRole('form', { name: 'Close BTCUSDT long' }).getByLabel('Close quantity');
    await expect(qty).toHaveValue(/^\d+\.\d+$/);
    const before = await qty.inputValue();
    await simPost('main', '/api/v3/trade/place-order', { category: 'USDT-FUTURES', symbol: 'BTCUSDT', side: 'sell', orderType: 'market', qty: '0.001', reduceOnly: 'yes', clientOid: `pc-part-${Date.now()}` });
    await expect(qty).toHaveValue(fromScaled(toScaled(before, 3) - 1n, 3));
  });
});
